CREATE TABLE "guest_contacts" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"language" text NOT NULL,
	"claimed_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "item_pickups" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"holder_party_id" uuid NOT NULL,
	"created_by_party_id" uuid,
	"status" text DEFAULT 'waiting' NOT NULL,
	"place" text NOT NULL,
	"collect_until" date NOT NULL,
	"note" text,
	"found_on" date,
	"chat_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"closed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "theft_reports" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"status" text DEFAULT 'draft' NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"national_id_encrypted" text,
	"national_id_last_digits" text,
	"submitted_at" timestamp with time zone,
	"closed_reason" text,
	"closed_at" timestamp with time zone,
	"public_latitude" double precision,
	"public_longitude" double precision,
	"stolen_at" timestamp with time zone,
	"region" text,
	"category" text,
	"is_electric" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "guest_contacts" ADD CONSTRAINT "guest_contacts_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "guest_contacts" ADD CONSTRAINT "guest_contacts_claimed_by_party_id_parties_id_fk" FOREIGN KEY ("claimed_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_holder_party_id_parties_id_fk" FOREIGN KEY ("holder_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD CONSTRAINT "theft_reports_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD CONSTRAINT "theft_reports_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "guest_contacts_email_idx" ON "guest_contacts" USING btree (lower("email"));--> statement-breakpoint
CREATE UNIQUE INDEX "item_pickups_waiting_key" ON "item_pickups" USING btree ("bike_id") WHERE "item_pickups"."status" = 'waiting';--> statement-breakpoint
CREATE INDEX "item_pickups_owner_idx" ON "item_pickups" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "item_pickups_holder_idx" ON "item_pickups" USING btree ("holder_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "theft_reports_open_key" ON "theft_reports" USING btree ("bike_id") WHERE "theft_reports"."status" <> 'closed';--> statement-breakpoint
CREATE INDEX "theft_reports_owner_idx" ON "theft_reports" USING btree ("owner_party_id");--> statement-breakpoint
CREATE INDEX "theft_reports_map_idx" ON "theft_reports" USING btree ("public_latitude","public_longitude") WHERE "theft_reports"."status" = 'submitted' and "theft_reports"."public_latitude" is not null;--> statement-breakpoint
CREATE INDEX "theft_reports_stolen_at_idx" ON "theft_reports" USING btree ("stolen_at") WHERE "theft_reports"."status" = 'submitted';