CREATE TABLE "referral_rewards" (
	"id" uuid PRIMARY KEY NOT NULL,
	"referrer_party_id" uuid NOT NULL,
	"referred_party_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"status" text NOT NULL,
	"refusal" text,
	"subscription_id" uuid,
	"decided_at" timestamp with time zone NOT NULL,
	"refunded_at" timestamp with time zone,
	"referrer_seen_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "referred_by_party_id" uuid;--> statement-breakpoint
ALTER TABLE "orders" ADD COLUMN "paid_with_card" text;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referrer_party_id_parties_id_fk" FOREIGN KEY ("referrer_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_referred_party_id_parties_id_fk" FOREIGN KEY ("referred_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "referral_rewards" ADD CONSTRAINT "referral_rewards_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "referral_rewards_referred_key" ON "referral_rewards" USING btree ("referred_party_id");--> statement-breakpoint
CREATE INDEX "referral_rewards_referrer_idx" ON "referral_rewards" USING btree ("referrer_party_id","decided_at");--> statement-breakpoint
CREATE INDEX "referral_rewards_order_idx" ON "referral_rewards" USING btree ("order_id");--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_referred_by_party_id_parties_id_fk" FOREIGN KEY ("referred_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "identities_referral_code_key" ON "identities" USING btree ("referral_code") WHERE "identities"."referral_code" is not null;--> statement-breakpoint
CREATE INDEX "identities_referred_by_idx" ON "identities" USING btree ("referred_by_party_id") WHERE "identities"."referred_by_party_id" is not null;