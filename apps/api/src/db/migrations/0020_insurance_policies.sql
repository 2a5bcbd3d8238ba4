CREATE TABLE "insurance_policies" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"holder_party_id" uuid NOT NULL,
	"product_id" uuid NOT NULL,
	"insurer_policy_number" text,
	"coverage" text NOT NULL,
	"number_of_bikes" integer NOT NULL,
	"status" text DEFAULT 'application' NOT NULL,
	"annual_premium_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"activated_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "insurance_policies_number_of_bikes" CHECK ("insurance_policies"."number_of_bikes" between 1 and 10),
	CONSTRAINT "insurance_policies_status" CHECK ("insurance_policies"."status" in ('application', 'active', 'cancelled', 'expired'))
);
--> statement-breakpoint
CREATE TABLE "insurance_pre_registrations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"insurer_policy_id" text NOT NULL,
	"holder_email" text NOT NULL,
	"holder_name" text,
	"matched_policy_id" uuid,
	"matched_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_products" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"region" text NOT NULL,
	"currency" text NOT NULL,
	"cover_kind" text NOT NULL,
	"names" jsonb NOT NULL,
	"terms" jsonb NOT NULL,
	"tariff" jsonb NOT NULL,
	"accepted_locks" jsonb NOT NULL,
	"required_uploads" jsonb NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insured_items" (
	"id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"bike_id" uuid NOT NULL,
	"verification_status" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_holder_party_id_parties_id_fk" FOREIGN KEY ("holder_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policies" ADD CONSTRAINT "insurance_policies_product_id_insurance_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."insurance_products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_pre_registrations" ADD CONSTRAINT "insurance_pre_registrations_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_pre_registrations" ADD CONSTRAINT "insurance_pre_registrations_matched_policy_id_insurance_policies_id_fk" FOREIGN KEY ("matched_policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_products" ADD CONSTRAINT "insurance_products_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insured_items" ADD CONSTRAINT "insured_items_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_policies_holder_idx" ON "insurance_policies" USING btree ("holder_party_id","created_at");--> statement-breakpoint
CREATE INDEX "insurance_policies_insurer_idx" ON "insurance_policies" USING btree ("insurer_party_id","status");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_policies_insurer_number_key" ON "insurance_policies" USING btree ("insurer_party_id","insurer_policy_number") WHERE "insurance_policies"."insurer_policy_number" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_pre_registrations_insurer_policy_key" ON "insurance_pre_registrations" USING btree ("insurer_party_id","insurer_policy_id");--> statement-breakpoint
CREATE INDEX "insurance_pre_registrations_email_idx" ON "insurance_pre_registrations" USING btree ("insurer_party_id","holder_email");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_pre_registrations_matched_key" ON "insurance_pre_registrations" USING btree ("matched_policy_id") WHERE "insurance_pre_registrations"."matched_policy_id" is not null;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_products_active_cover_key" ON "insurance_products" USING btree ("insurer_party_id","cover_kind") WHERE "insurance_products"."active";--> statement-breakpoint
CREATE UNIQUE INDEX "insured_items_policy_bike_key" ON "insured_items" USING btree ("policy_id","bike_id");--> statement-breakpoint
CREATE INDEX "insured_items_bike_idx" ON "insured_items" USING btree ("bike_id");