CREATE TABLE "audit_events" (
	"id" uuid PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_party_id" uuid,
	"target_party_id" uuid,
	"session_id" uuid,
	"details" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "staff_members" (
	"identity_party_id" uuid PRIMARY KEY NOT NULL,
	"role" text NOT NULL,
	"granted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"granted_by_party_id" uuid
);
--> statement-breakpoint
CREATE TABLE "external_logins" (
	"party_id" uuid NOT NULL,
	"provider" text NOT NULL,
	"subject" text NOT NULL,
	"email" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "national_identity_checks" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"verification_session_id" uuid,
	"provider" text NOT NULL,
	"issuer" text NOT NULL,
	"subject" text NOT NULL,
	"name" text,
	"birth_date" date,
	"checked_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "verification_sessions" (
	"id" uuid PRIMARY KEY NOT NULL,
	"party_id" uuid NOT NULL,
	"session_type" text NOT NULL,
	"approval_action" text,
	"approval_object_id" text,
	"provider" text NOT NULL,
	"nonce" text NOT NULL,
	"code_verifier" text NOT NULL,
	"success_url" text NOT NULL,
	"failure_url" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"failure_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"completed_at" timestamp with time zone,
	"consumed_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "organisation_members" (
	"organisation_party_id" uuid NOT NULL,
	"identity_party_id" uuid NOT NULL,
	"role" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"added_by_party_id" uuid,
	CONSTRAINT "organisation_members_organisation_party_id_identity_party_id_pk" PRIMARY KEY("organisation_party_id","identity_party_id")
);
--> statement-breakpoint
CREATE TABLE "organisations" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"type" text NOT NULL,
	"region" text NOT NULL,
	"registration_number" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_party_id" uuid
);
--> statement-breakpoint
ALTER TABLE "identities" ADD COLUMN "default_party_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_party_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "impersonator_party_id" uuid;--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "parent_session_id" uuid;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_actor_party_id_parties_id_fk" FOREIGN KEY ("actor_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "audit_events" ADD CONSTRAINT "audit_events_target_party_id_parties_id_fk" FOREIGN KEY ("target_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_identity_party_id_parties_id_fk" FOREIGN KEY ("identity_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "staff_members" ADD CONSTRAINT "staff_members_granted_by_party_id_parties_id_fk" FOREIGN KEY ("granted_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "external_logins" ADD CONSTRAINT "external_logins_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_identity_checks" ADD CONSTRAINT "national_identity_checks_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "national_identity_checks" ADD CONSTRAINT "national_identity_checks_verification_session_id_verification_sessions_id_fk" FOREIGN KEY ("verification_session_id") REFERENCES "public"."verification_sessions"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "verification_sessions" ADD CONSTRAINT "verification_sessions_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_organisation_party_id_organisations_party_id_fk" FOREIGN KEY ("organisation_party_id") REFERENCES "public"."organisations"("party_id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_identity_party_id_parties_id_fk" FOREIGN KEY ("identity_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisation_members" ADD CONSTRAINT "organisation_members_added_by_party_id_parties_id_fk" FOREIGN KEY ("added_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "organisations" ADD CONSTRAINT "organisations_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "audit_events_actor_idx" ON "audit_events" USING btree ("actor_party_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_events_target_idx" ON "audit_events" USING btree ("target_party_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "external_logins_provider_subject_key" ON "external_logins" USING btree ("provider","subject");--> statement-breakpoint
CREATE UNIQUE INDEX "external_logins_party_provider_key" ON "external_logins" USING btree ("party_id","provider");--> statement-breakpoint
CREATE INDEX "national_identity_checks_party_id_idx" ON "national_identity_checks" USING btree ("party_id","checked_at");--> statement-breakpoint
CREATE INDEX "national_identity_checks_subject_idx" ON "national_identity_checks" USING btree ("issuer","subject");--> statement-breakpoint
CREATE INDEX "verification_sessions_party_id_idx" ON "verification_sessions" USING btree ("party_id","created_at");--> statement-breakpoint
CREATE INDEX "organisation_members_identity_idx" ON "organisation_members" USING btree ("identity_party_id");--> statement-breakpoint
CREATE UNIQUE INDEX "organisations_registration_number_key" ON "organisations" USING btree ("region","registration_number") WHERE "organisations"."registration_number" is not null;--> statement-breakpoint
ALTER TABLE "identities" ADD CONSTRAINT "identities_default_party_id_parties_id_fk" FOREIGN KEY ("default_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_acting_party_id_parties_id_fk" FOREIGN KEY ("acting_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_impersonator_party_id_parties_id_fk" FOREIGN KEY ("impersonator_party_id") REFERENCES "public"."parties"("id") ON DELETE no action ON UPDATE no action;