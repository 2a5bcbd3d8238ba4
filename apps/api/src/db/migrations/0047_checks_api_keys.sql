CREATE TABLE "organisation_api_keys" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_party_id" uuid NOT NULL,
	"name" text NOT NULL,
	"scopes" text[] NOT NULL,
	"key_hash" text NOT NULL,
	"hint" text NOT NULL,
	"created_by_party_id" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	"revoked_by_party_id" uuid,
	CONSTRAINT "organisation_api_keys_key_hash_unique" UNIQUE("key_hash")
);
--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_api_keys" ADD CONSTRAINT "organisation_api_keys_revoked_by_party_id_parties_id_fk" FOREIGN KEY ("revoked_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "organisation_api_keys_organisation_idx" ON "organisation_api_keys" USING btree ("organisation_party_id","created_at");