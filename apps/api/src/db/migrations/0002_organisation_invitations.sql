CREATE TABLE "organisation_invitations" (
	"id" uuid PRIMARY KEY NOT NULL,
	"organisation_party_id" uuid NOT NULL,
	"email" text NOT NULL,
	"role" text NOT NULL,
	"invited_by_party_id" uuid,
	"code_hash" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"accepted_at" timestamp with time zone,
	"accepted_by_party_id" uuid,
	"declined_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "organisation_invitations_code_hash_unique" UNIQUE("code_hash")
);
--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_invited_by_party_id_parties_id_fk" FOREIGN KEY ("invited_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_invitations" ADD CONSTRAINT "organisation_invitations_accepted_by_party_id_parties_id_fk" FOREIGN KEY ("accepted_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "organisation_invitations_pending_key" ON "organisation_invitations" USING btree ("organisation_party_id","email") WHERE "organisation_invitations"."accepted_at" is null and "organisation_invitations"."declined_at" is null and "organisation_invitations"."revoked_at" is null;