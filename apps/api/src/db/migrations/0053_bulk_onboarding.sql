-- Bulk onboarding of existing registers (issue 32 §5, docs/bulk-onboarding.md): import jobs, their staged
-- rows (personal data, deleted 30 days after the job ends) and the people of each list, whose party
-- owns their imported bikes until they claim them with the same (verified) e-mail address.
CREATE TABLE "bulk_import_jobs" (
	"id" uuid PRIMARY KEY NOT NULL,
	"created_by_party_id" uuid,
	"source_name" text NOT NULL,
	"file_name" text NOT NULL,
	"status" text NOT NULL,
	"invite" boolean DEFAULT true NOT NULL,
	"total_rows" integer DEFAULT 0 NOT NULL,
	"invalid_rows" integer DEFAULT 0 NOT NULL,
	"processed_rows" integer DEFAULT 0 NOT NULL,
	"imported_rows" integer DEFAULT 0 NOT NULL,
	"rejected_rows" integer DEFAULT 0 NOT NULL,
	"plates_refused" integer DEFAULT 0 NOT NULL,
	"invitations_sent" integer DEFAULT 0 NOT NULL,
	"lease_owner" text,
	"lease_until" timestamp with time zone,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	"created_at" timestamp with time zone NOT NULL,
	"started_at" timestamp with time zone,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "bulk_import_owners" (
	"party_id" uuid PRIMARY KEY NOT NULL,
	"job_id" uuid NOT NULL,
	"email" text,
	"name" text,
	"language" text NOT NULL,
	"invited_at" timestamp with time zone,
	"claimed_at" timestamp with time zone,
	"claimed_by_party_id" uuid
);
--> statement-breakpoint
CREATE TABLE "bulk_import_rows" (
	"job_id" uuid NOT NULL,
	"row_number" integer NOT NULL,
	"bike_id" uuid NOT NULL,
	"ownership_id" uuid NOT NULL,
	"owner_email" text,
	"owner_name" text,
	"frame_number" text,
	"frame_number_key" text,
	"frame_number_look_alike" text,
	"plate_id" text,
	"plate_key" text,
	"plate_look_alike" text,
	"nickname" text NOT NULL,
	"brand" text,
	"model" text,
	"color" text,
	"category" text,
	"production_year" smallint,
	"is_electric" boolean NOT NULL,
	"registered_at" timestamp with time zone NOT NULL,
	"region" text NOT NULL,
	"problem" text,
	"outcome" text,
	"outcome_reason" text,
	"plate_refused" boolean DEFAULT false NOT NULL,
	CONSTRAINT "bulk_import_rows_job_id_row_number_pk" PRIMARY KEY("job_id","row_number")
);
--> statement-breakpoint
ALTER TABLE "bulk_import_jobs" ADD CONSTRAINT "bulk_import_jobs_created_by_party_id_parties_id_fk" FOREIGN KEY ("created_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_owners" ADD CONSTRAINT "bulk_import_owners_party_id_parties_id_fk" FOREIGN KEY ("party_id") REFERENCES "public"."parties"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_owners" ADD CONSTRAINT "bulk_import_owners_job_id_bulk_import_jobs_id_fk" FOREIGN KEY ("job_id") REFERENCES "public"."bulk_import_jobs"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "bulk_import_owners" ADD CONSTRAINT "bulk_import_owners_claimed_by_party_id_parties_id_fk" FOREIGN KEY ("claimed_by_party_id") REFERENCES "public"."parties"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "bulk_import_jobs_created_idx" ON "bulk_import_jobs" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "bulk_import_jobs_runnable_idx" ON "bulk_import_jobs" USING btree ("lease_until") WHERE "bulk_import_jobs"."status" in ('queued', 'running');--> statement-breakpoint
CREATE UNIQUE INDEX "bulk_import_owners_job_email_key" ON "bulk_import_owners" USING btree ("job_id","email");--> statement-breakpoint
CREATE INDEX "bulk_import_owners_email_idx" ON "bulk_import_owners" USING btree ("email") WHERE "bulk_import_owners"."claimed_at" is null;--> statement-breakpoint
-- Staged rows are written once by COPY and updated once with their outcome: half of each page is left
-- free so that update stays on the page (HOT, no new index entry), a tenth of the import's time.
ALTER TABLE "bulk_import_rows" SET (fillfactor = 50);
--> statement-breakpoint
-- The close-serial keys of inserted bikes (0048) without ON CONFLICT: a new bike's id cannot be in the
-- table, and its nine tokens differ from each other (each names its segments), so there is nothing
-- to skip, and a plain insert costs about a third less than a speculative one: at a bulk import's
-- nine keys per bike this is the largest single cost of loading a register.
CREATE OR REPLACE FUNCTION bikes_close_serial_inserted() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO bike_close_serial_keys (token, bike_id, frame_number_key)
  SELECT token, inserted.id, inserted.frame_number_key
    FROM inserted_bikes AS inserted, unnest(close_serial_tokens(inserted.frame_number_key)) AS token
   WHERE inserted.frame_number_key IS NOT NULL;
  RETURN NULL;
END
$$;
