CREATE TABLE "insurance_lock_tests" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"policy_id" uuid NOT NULL,
	"requested_email" text NOT NULL,
	"requested_by" uuid,
	"status" text NOT NULL,
	"approval" text,
	"certificate_number" text,
	"lock_name" text,
	"key_number" text,
	"bike_id" uuid,
	"certificate_frame_number" text,
	"frame_number_matches" boolean,
	"dealer_stamp" boolean,
	"answered_at" timestamp with time zone,
	"decision_reason" text,
	"decided_by" uuid,
	"decided_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_lock_tests_status" CHECK ("insurance_lock_tests"."status" in ('requested', 'answered', 'approved', 'rejected'))
);
--> statement-breakpoint
ALTER TABLE "insurance_lock_tests" ADD CONSTRAINT "insurance_lock_tests_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_lock_tests" ADD CONSTRAINT "insurance_lock_tests_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_lock_tests" ADD CONSTRAINT "insurance_lock_tests_requested_by_parties_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_lock_tests" ADD CONSTRAINT "insurance_lock_tests_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_lock_tests" ADD CONSTRAINT "insurance_lock_tests_decided_by_parties_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "insurance_lock_tests_insurer_idx" ON "insurance_lock_tests" USING btree ("insurer_party_id","status","created_at");--> statement-breakpoint
CREATE INDEX "insurance_lock_tests_policy_idx" ON "insurance_lock_tests" USING btree ("policy_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_lock_tests_open_key" ON "insurance_lock_tests" USING btree ("policy_id") WHERE "insurance_lock_tests"."status" in ('requested', 'answered');