ALTER TABLE "identities" ADD COLUMN "blocked_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "suspended_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "street_address" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "postcode" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "town" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "latitude" double precision;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "longitude" double precision;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "phone" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "website" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "listed_as_distributor" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "billing_email" text;--> statement-breakpoint
ALTER TABLE "organisations" ADD COLUMN "billing_reference" text;--> statement-breakpoint
CREATE INDEX "organisations_distributors_idx" ON "organisations" USING btree ("town") WHERE "organisations"."type" = 'dealer' and "organisations"."listed_as_distributor" and "organisations"."suspended_at" is null;