CREATE TABLE "organisation_bike_checks" (
	"organisation_party_id" uuid NOT NULL,
	"bike_id" uuid NOT NULL,
	"identifier" text NOT NULL,
	"checked_at" timestamp with time zone NOT NULL,
	CONSTRAINT "organisation_bike_checks_organisation_party_id_bike_id_pk" PRIMARY KEY("organisation_party_id","bike_id")
);
--> statement-breakpoint
CREATE TABLE "organisation_webhook_attempts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"event_id" uuid NOT NULL,
	"attempted_at" timestamp with time zone NOT NULL,
	"http_status" integer,
	"error_kind" text,
	"duration_ms" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "organisation_webhook_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_party_id" uuid NOT NULL,
	"type" text NOT NULL,
	"theft_report_id" uuid,
	"payload" jsonb NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"tries" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"delivered_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organisation_webhooks" (
	"organisation_party_id" uuid PRIMARY KEY NOT NULL,
	"url" text NOT NULL,
	"secret_sealed" text NOT NULL,
	"secret_hint" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "organisation_bike_checks" ADD CONSTRAINT "organisation_bike_checks_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_bike_checks" ADD CONSTRAINT "organisation_bike_checks_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_webhook_attempts" ADD CONSTRAINT "organisation_webhook_attempts_event_id_organisation_webhook_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."organisation_webhook_events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_webhook_events" ADD CONSTRAINT "organisation_webhook_events_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_webhooks" ADD CONSTRAINT "organisation_webhooks_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_bike_checks_bike_idx" ON "organisation_bike_checks" USING btree ("bike_id","checked_at");--> statement-breakpoint
CREATE INDEX "organisation_webhook_attempts_event_idx" ON "organisation_webhook_attempts" USING btree ("event_id","attempted_at");--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_webhook_events_report_idx" ON "organisation_webhook_events" USING btree ("organisation_party_id","theft_report_id");--> statement-breakpoint
CREATE INDEX "organisation_webhook_events_due_idx" ON "organisation_webhook_events" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "organisation_webhook_events_organisation_idx" ON "organisation_webhook_events" USING btree ("organisation_party_id","created_at");