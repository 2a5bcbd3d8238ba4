CREATE TABLE "insurance_payouts" (
	"id" uuid PRIMARY KEY NOT NULL,
	"insurer_party_id" uuid NOT NULL,
	"policy_id" uuid,
	"bike_id" uuid,
	"theft_report_id" uuid NOT NULL,
	"amount_minor" integer NOT NULL,
	"currency" text NOT NULL,
	"registration_transferred" boolean NOT NULL,
	"paid_by_party_id" uuid,
	"paid_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_payouts_amount" CHECK ("insurance_payouts"."amount_minor" >= 0)
);
--> statement-breakpoint
CREATE TABLE "insurance_policy_decisions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"policy_id" uuid NOT NULL,
	"decision" text NOT NULL,
	"reason" text,
	"decided_by_party_id" uuid,
	"decided_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "insurance_policy_decisions_decision" CHECK ("insurance_policy_decisions"."decision" in ('accepted', 'rejected', 'cancelled'))
);
--> statement-breakpoint
ALTER TABLE "theft_reports" ADD COLUMN "data_share_withdrawn_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "insurance_payouts" ADD CONSTRAINT "insurance_payouts_insurer_party_id_organisations_party_id_fk" FOREIGN KEY ("insurer_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payouts" ADD CONSTRAINT "insurance_payouts_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payouts" ADD CONSTRAINT "insurance_payouts_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_payouts" ADD CONSTRAINT "insurance_payouts_paid_by_party_id_parties_id_fk" FOREIGN KEY ("paid_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_decisions" ADD CONSTRAINT "insurance_policy_decisions_policy_id_insurance_policies_id_fk" FOREIGN KEY ("policy_id") REFERENCES "public"."insurance_policies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "insurance_policy_decisions" ADD CONSTRAINT "insurance_policy_decisions_decided_by_party_id_parties_id_fk" FOREIGN KEY ("decided_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "insurance_payouts_report_key" ON "insurance_payouts" USING btree ("theft_report_id");--> statement-breakpoint
CREATE INDEX "insurance_payouts_insurer_idx" ON "insurance_payouts" USING btree ("insurer_party_id","paid_at");--> statement-breakpoint
CREATE INDEX "insurance_policy_decisions_policy_idx" ON "insurance_policy_decisions" USING btree ("policy_id","decided_at");