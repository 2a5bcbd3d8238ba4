CREATE TABLE "bike_equipment" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"item_type" text NOT NULL,
	"note" text,
	"serial_numbers" text[] DEFAULT '{}'::text[] NOT NULL,
	"dna_paste_ids" text[] DEFAULT '{}'::text[] NOT NULL,
	"manufacturer_name" text,
	"product_name" text,
	"frame_number_match" boolean,
	"has_signature" boolean,
	"varefakta_number" text,
	"lock_date" date,
	"physical_key_number" text,
	"lock_type" text,
	"accessory_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_files" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"equipment_id" uuid,
	"file_class" text NOT NULL,
	"kind" text NOT NULL,
	"storage_key" text NOT NULL,
	"thumbnail_key" text,
	"content_type" text NOT NULL,
	"size" integer NOT NULL,
	"width" integer,
	"height" integer,
	"file_name" text NOT NULL,
	"uploaded_by_party_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_ownership_credits" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"subscription_id" uuid,
	"bike_ownership_id" uuid,
	"created_on" timestamp with time zone DEFAULT now() NOT NULL,
	"modified_on" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "bike_ownerships" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"how" text NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"ended_at" timestamp with time zone,
	"created_by_party_id" uuid
);
--> statement-breakpoint
CREATE TABLE "bikes" (
	"id" uuid PRIMARY KEY NOT NULL,
	"owner_party_id" uuid NOT NULL,
	"nickname" text NOT NULL,
	"frame_number" text,
	"frame_number_key" text,
	"frame_number_look_alike" text,
	"brand" text,
	"model" text,
	"production_year" integer,
	"category" text,
	"color" text,
	"type" text,
	"is_electric" boolean DEFAULT false NOT NULL,
	"price_minor" integer,
	"currency" text NOT NULL,
	"purchase_date" date,
	"bikedna_code" text,
	"visibility" text DEFAULT 'active' NOT NULL,
	"status" text DEFAULT 'registered' NOT NULL,
	"region" text NOT NULL,
	"owner_verified_at" timestamp with time zone,
	"frame_number_locked_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "bikes_price_not_negative" CHECK ("bikes"."price_minor" is null or "bikes"."price_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sticker_batches" (
	"id" uuid PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"note" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_party_id" uuid
);
--> statement-breakpoint
CREATE TABLE "stickers" (
	"code" text PRIMARY KEY NOT NULL,
	"look_alike" text NOT NULL,
	"batch_id" uuid,
	"kind" text NOT NULL,
	"status" text DEFAULT 'free' NOT NULL,
	"bike_id" uuid,
	"equipment_id" uuid,
	"registered_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stickers_one_holder" CHECK ("stickers"."bike_id" is null or "stickers"."equipment_id" is null),
	CONSTRAINT "stickers_registered_has_holder" CHECK (("stickers"."status" = 'registered') = ("stickers"."bike_id" is not null or "stickers"."equipment_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "subscriptions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"plan" text NOT NULL,
	"current_period_end" timestamp with time zone,
	"external_id" text,
	"source" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "bike_equipment" ADD CONSTRAINT "bike_equipment_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_files" ADD CONSTRAINT "bike_files_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_files" ADD CONSTRAINT "bike_files_equipment_id_bike_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."bike_equipment"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_files" ADD CONSTRAINT "bike_files_uploaded_by_party_id_parties_id_fk" FOREIGN KEY ("uploaded_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownership_credits" ADD CONSTRAINT "bike_ownership_credits_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownership_credits" ADD CONSTRAINT "bike_ownership_credits_subscription_id_subscriptions_id_fk" FOREIGN KEY ("subscription_id") REFERENCES "public"."subscriptions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownership_credits" ADD CONSTRAINT "bike_ownership_credits_bike_ownership_id_bike_ownerships_id_fk" FOREIGN KEY ("bike_ownership_id") REFERENCES "public"."bike_ownerships"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownerships" ADD CONSTRAINT "bike_ownerships_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownerships" ADD CONSTRAINT "bike_ownerships_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bike_ownerships" ADD CONSTRAINT "bike_ownerships_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bikes" ADD CONSTRAINT "bikes_owner_party_id_parties_id_fk" FOREIGN KEY ("owner_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sticker_batches" ADD CONSTRAINT "sticker_batches_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_batch_id_sticker_batches_id_fk" FOREIGN KEY ("batch_id") REFERENCES "public"."sticker_batches"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stickers" ADD CONSTRAINT "stickers_equipment_id_bike_equipment_id_fk" FOREIGN KEY ("equipment_id") REFERENCES "public"."bike_equipment"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "subscriptions" ADD CONSTRAINT "subscriptions_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bike_equipment_bike_idx" ON "bike_equipment" USING btree ("bike_id");--> statement-breakpoint
CREATE INDEX "bike_files_bike_idx" ON "bike_files" USING btree ("bike_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_ownership_credits_ownership_key" ON "bike_ownership_credits" USING btree ("bike_ownership_id") WHERE "bike_ownership_credits"."bike_ownership_id" is not null;--> statement-breakpoint
CREATE INDEX "bike_ownership_credits_party_idx" ON "bike_ownership_credits" USING btree ("party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bike_ownerships_current_key" ON "bike_ownerships" USING btree ("bike_id") WHERE "bike_ownerships"."ended_at" is null;--> statement-breakpoint
CREATE INDEX "bike_ownerships_owner_idx" ON "bike_ownerships" USING btree ("owner_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "bikes_frame_number_key" ON "bikes" USING btree ("frame_number_key") WHERE "bikes"."frame_number_key" is not null;--> statement-breakpoint
CREATE INDEX "bikes_frame_number_look_alike_idx" ON "bikes" USING btree ("frame_number_look_alike") WHERE "bikes"."frame_number_look_alike" is not null;--> statement-breakpoint
CREATE INDEX "bikes_owner_idx" ON "bikes" USING btree ("owner_party_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "stickers_bike_key" ON "stickers" USING btree ("bike_id") WHERE "stickers"."bike_id" is not null;--> statement-breakpoint
CREATE INDEX "stickers_equipment_idx" ON "stickers" USING btree ("equipment_id") WHERE "stickers"."equipment_id" is not null;--> statement-breakpoint
CREATE INDEX "stickers_look_alike_idx" ON "stickers" USING btree ("look_alike");--> statement-breakpoint
CREATE INDEX "subscriptions_party_idx" ON "subscriptions" USING btree ("party_id");