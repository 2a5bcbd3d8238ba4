CREATE TABLE "insurance_holder_details" (
	"policy_id" uuid PRIMARY KEY NOT NULL,
	"holder_party_id" uuid NOT NULL,
	"name" text,
	"email" text,
	"national_id_encrypted" text,
	"national_id_masked" text,
	"street_address" text,
	"city" text,
	"zip_code" text,
	"floor" text,
	"side" text,
	"door" text,
	"mobile_phone" text,
	"other_phone" text,
	"bank_register" text,
	"bank_account" text,
	"plate_order_id" uuid,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "insurance_onboarding_drafts" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"fields" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "insurance_holder_details" ADD CONSTRAINT "insurance_holder_details_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_holder_details" ADD CONSTRAINT "insurance_holder_details_holder_party_id_parties_id_fk" FOREIGN KEY ("holder_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_onboarding_drafts" ADD CONSTRAINT "insurance_onboarding_drafts_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_holder_details_holder_idx" ON "insurance_holder_details" USING btree ("holder_party_id");