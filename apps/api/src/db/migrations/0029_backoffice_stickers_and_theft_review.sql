ALTER TABLE "sticker_batches" ADD COLUMN "assigned_party_id" uuid;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "voided_by_party_id" uuid;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "reviewed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "reviewed_by_party_id" uuid;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "suspicious_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "suspicious_note" text;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "found_pickup_id" uuid;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD CONSTRAINT "sticker_batches_assigned_party_id_parties_id_fk" FOREIGN KEY ("assigned_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_voided_by_party_id_parties_id_fk" FOREIGN KEY ("voided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD CONSTRAINT "theft_reports_reviewed_by_party_id_parties_id_fk" FOREIGN KEY ("reviewed_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "theft_reports" ADD CONSTRAINT "theft_reports_found_pickup_id_item_pickups_id_fk" FOREIGN KEY ("found_pickup_id") REFERENCES "public"."item_pickups"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stickers_batch_idx" ON "stickers" USING btree ("batch_id");--> statement-breakpoint
CREATE INDEX "theft_reports_review_queue_idx" ON "theft_reports" USING btree ("submitted_at") WHERE "theft_reports"."status" = 'submitted' and "theft_reports"."reviewed_at" is null;