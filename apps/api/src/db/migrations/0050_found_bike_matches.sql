CREATE TABLE "found_bike_matches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"pickup_id" uuid NOT NULL,
	"source" text NOT NULL,
	"theft_report_id" uuid NOT NULL,
	"bike_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"score" integer NOT NULL,
	"reasons" jsonb NOT NULL,
	"strong" boolean NOT NULL,
	"notified_at" timestamp with time zone,
	"decision" text,
	"decided_at" timestamp with time zone,
	"decided_by_party_id" uuid,
	"claimed_at" timestamp with time zone,
	"chat_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_pickup_id_item_pickups_id_fk" FOREIGN KEY ("pickup_id") REFERENCES "public"."item_pickups"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_theft_report_id_theft_reports_id_fk" FOREIGN KEY ("theft_report_id") REFERENCES "public"."theft_reports"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_decided_by_party_id_parties_id_fk" FOREIGN KEY ("decided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "found_bike_matches" ADD CONSTRAINT "found_bike_matches_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "found_bike_matches_item_report_key" ON "found_bike_matches" USING btree ("pickup_id","theft_report_id");--> statement-breakpoint
CREATE INDEX "found_bike_matches_report_idx" ON "found_bike_matches" USING btree ("theft_report_id");--> statement-breakpoint
CREATE INDEX "found_bike_matches_owner_idx" ON "found_bike_matches" USING btree ("owner_party_id","created_at");--> statement-breakpoint
CREATE INDEX "found_bike_matches_bike_idx" ON "found_bike_matches" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "found_bike_matches_created_idx" ON "found_bike_matches" USING btree ("created_at");