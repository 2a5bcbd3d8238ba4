CREATE TABLE "dock_access_organisations" (
	"dock_id" uuid NOT NULL,
	"organisation_party_id" uuid NOT NULL,
	CONSTRAINT "dock_access_organisations_dock_id_organisation_party_id_pk" PRIMARY KEY("dock_id","organisation_party_id")
);
--> statement-breakpoint
CREATE TABLE "dock_access_people" (
	"dock_id" uuid NOT NULL,
	"email" text NOT NULL,
	CONSTRAINT "dock_access_people_dock_id_email_pk" PRIMARY KEY("dock_id","email")
);
--> statement-breakpoint
CREATE TABLE "docks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"operator_party_id" uuid NOT NULL,
	"name" text NOT NULL,
	"region" text NOT NULL,
	"street_address" text NOT NULL,
	"postcode" text NOT NULL,
	"town" text NOT NULL,
	"latitude" double precision NOT NULL,
	"longitude" double precision NOT NULL,
	"opening_hours" jsonb,
	"access" text NOT NULL,
	"max_parking_hours" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lock_commands" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lock_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"action" text NOT NULL,
	"requested_by_party_id" uuid,
	"operator_party_id" uuid,
	"reason" text,
	"bike_id" uuid,
	"parking_id" uuid,
	"status" text DEFAULT 'pending' NOT NULL,
	"device_answer" text,
	"sent_at" timestamp with time zone,
	"sent_by_instance" text,
	"deadline_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"late_answer" text,
	"late_answer_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_devices" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dock_id" uuid NOT NULL,
	"pairing_code_hash" text,
	"pairing_code_expires_at" timestamp with time zone,
	"paired_at" timestamp with time zone,
	"password_hash" text,
	"vendor" text,
	"model" text,
	"serial_number" text,
	"firmware_version" text,
	"last_seen_at" timestamp with time zone,
	"connected_instance" text,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"retired_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lock_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lock_id" uuid NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"kind" text NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL
);
--> statement-breakpoint
CREATE TABLE "lock_parkings" (
	"id" uuid PRIMARY KEY NOT NULL,
	"lock_id" uuid NOT NULL,
	"dock_id" uuid NOT NULL,
	"party_id" uuid NOT NULL,
	"bike_id" uuid,
	"locked_at" timestamp with time zone NOT NULL,
	"unlocked_at" timestamp with time zone,
	"unlocked_by" text,
	"handed_over_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "locks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"dock_id" uuid NOT NULL,
	"device_id" uuid NOT NULL,
	"connector_id" integer NOT NULL,
	"label" text NOT NULL,
	"reported_status" text DEFAULT 'Available' NOT NULL,
	"reported_at" timestamp with time zone,
	"out_of_service_at" timestamp with time zone,
	"out_of_service_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dock_access_organisations" ADD CONSTRAINT "dock_access_organisations_dock_id_docks_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."docks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock_access_organisations" ADD CONSTRAINT "dock_access_organisations_organisation_party_id_parties_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dock_access_people" ADD CONSTRAINT "dock_access_people_dock_id_docks_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."docks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "docks" ADD CONSTRAINT "docks_operator_party_id_parties_id_fk" FOREIGN KEY ("operator_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_device_id_lock_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."lock_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_requested_by_party_id_parties_id_fk" FOREIGN KEY ("requested_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_operator_party_id_parties_id_fk" FOREIGN KEY ("operator_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_commands" ADD CONSTRAINT "lock_commands_parking_id_lock_parkings_id_fk" FOREIGN KEY ("parking_id") REFERENCES "public"."lock_parkings"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_devices" ADD CONSTRAINT "lock_devices_dock_id_docks_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."docks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_events" ADD CONSTRAINT "lock_events_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_parkings" ADD CONSTRAINT "lock_parkings_lock_id_locks_id_fk" FOREIGN KEY ("lock_id") REFERENCES "public"."locks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_parkings" ADD CONSTRAINT "lock_parkings_dock_id_docks_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."docks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_parkings" ADD CONSTRAINT "lock_parkings_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lock_parkings" ADD CONSTRAINT "lock_parkings_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locks" ADD CONSTRAINT "locks_dock_id_docks_id_fk" FOREIGN KEY ("dock_id") REFERENCES "public"."docks"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locks" ADD CONSTRAINT "locks_device_id_lock_devices_id_fk" FOREIGN KEY ("device_id") REFERENCES "public"."lock_devices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "dock_access_organisations_party_idx" ON "dock_access_organisations" USING btree ("organisation_party_id");--> statement-breakpoint
CREATE INDEX "dock_access_people_email_idx" ON "dock_access_people" USING btree ("email");--> statement-breakpoint
CREATE INDEX "docks_operator_idx" ON "docks" USING btree ("operator_party_id");--> statement-breakpoint
CREATE INDEX "lock_commands_lock_idx" ON "lock_commands" USING btree ("lock_id","created_at");--> statement-breakpoint
CREATE INDEX "lock_commands_open_idx" ON "lock_commands" USING btree ("deadline_at") WHERE "lock_commands"."status" in ('pending', 'sent');--> statement-breakpoint
CREATE INDEX "lock_devices_dock_idx" ON "lock_devices" USING btree ("dock_id");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_devices_pairing_code_key" ON "lock_devices" USING btree ("pairing_code_hash") WHERE "lock_devices"."pairing_code_hash" is not null;--> statement-breakpoint
CREATE INDEX "lock_events_lock_idx" ON "lock_events" USING btree ("lock_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "lock_parkings_open_key" ON "lock_parkings" USING btree ("lock_id") WHERE "lock_parkings"."unlocked_at" is null;--> statement-breakpoint
CREATE INDEX "lock_parkings_party_idx" ON "lock_parkings" USING btree ("party_id");--> statement-breakpoint
CREATE INDEX "lock_parkings_bike_idx" ON "lock_parkings" USING btree ("bike_id","locked_at");--> statement-breakpoint
CREATE INDEX "lock_parkings_dock_open_idx" ON "lock_parkings" USING btree ("dock_id","locked_at") WHERE "lock_parkings"."unlocked_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "locks_device_connector_key" ON "locks" USING btree ("device_id","connector_id");--> statement-breakpoint
CREATE UNIQUE INDEX "locks_dock_label_key" ON "locks" USING btree ("dock_id","label");