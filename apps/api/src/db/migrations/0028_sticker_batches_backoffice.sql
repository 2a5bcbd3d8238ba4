ALTER TABLE "sticker_batches" ADD COLUMN "assigned_party_id" uuid;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD COLUMN "assigned_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "voided_by_party_id" uuid;--> statement-breakpoint
ALTER TABLE "stickers" ADD COLUMN "void_reason" text;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD CONSTRAINT "sticker_batches_assigned_party_id_parties_id_fk" FOREIGN KEY ("assigned_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_voided_by_party_id_parties_id_fk" FOREIGN KEY ("voided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "stickers_batch_idx" ON "stickers" USING btree ("batch_id");