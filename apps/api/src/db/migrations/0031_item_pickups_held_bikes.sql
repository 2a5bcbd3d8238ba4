ALTER TABLE "item_pickups" ADD COLUMN "theft_report_id" uuid;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD COLUMN "photo_storage_key" text;--> statement-breakpoint
ALTER TABLE "item_pickups" ADD CONSTRAINT "item_pickups_theft_report_id_theft_reports_id_fk" FOREIGN KEY ("theft_report_id") REFERENCES "public"."theft_reports"("id") ON DELETE set null ON UPDATE no action;