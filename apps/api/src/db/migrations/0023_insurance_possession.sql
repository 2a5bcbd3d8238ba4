CREATE TABLE "insured_item_checks" (
	"insured_item_id" uuid PRIMARY KEY NOT NULL,
	"submitted_at" timestamp with time zone,
	"frame_number_matches" boolean,
	"plate_fitted" boolean,
	"receipt_matches" boolean,
	"rejection_reason" text,
	"decided_at" timestamp with time zone,
	"decided_by_party_id" uuid,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insured_item_uploads" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insured_item_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"bike_file_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insured_item_checks" ADD CONSTRAINT "insured_item_checks_insured_item_id_insured_items_id_fk" FOREIGN KEY ("insured_item_id") REFERENCES "public"."insured_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_item_checks" ADD CONSTRAINT "insured_item_checks_decided_by_party_id_parties_id_fk" FOREIGN KEY ("decided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_item_uploads" ADD CONSTRAINT "insured_item_uploads_insured_item_id_insured_items_id_fk" FOREIGN KEY ("insured_item_id") REFERENCES "public"."insured_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_item_uploads" ADD CONSTRAINT "insured_item_uploads_bike_file_id_bike_files_id_fk" FOREIGN KEY ("bike_file_id") REFERENCES "public"."bike_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insured_item_uploads_item_file_key" ON "insured_item_uploads" USING btree ("insured_item_id","bike_file_id");--> statement-breakpoint
CREATE INDEX "insured_item_uploads_file_idx" ON "insured_item_uploads" USING btree ("bike_file_id");