-- Resale certificates (issue 32 §4): what an owner hands a buyer, signed with the certificate key.
CREATE TABLE "resale_certificates" (
	"id" uuid PRIMARY KEY NOT NULL,
	"bike_id" uuid,
	"issuer_party_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"kid" text NOT NULL,
	"statement" text NOT NULL,
	"signature" text NOT NULL,
	"issued_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_bike_id_bikes_id_fk" FOREIGN KEY ("bike_id") REFERENCES "public"."bikes"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "resale_certificates" ADD CONSTRAINT "resale_certificates_issuer_party_id_parties_id_fk" FOREIGN KEY ("issuer_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "resale_certificates_bike_idx" ON "resale_certificates" USING btree ("bike_id","issued_at");--> statement-breakpoint
CREATE INDEX "resale_certificates_issuer_idx" ON "resale_certificates" USING btree ("issuer_party_id");