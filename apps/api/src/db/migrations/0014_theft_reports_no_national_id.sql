-- Issue 14: the register sends nothing to the police, so it keeps no national id number (data
-- minimisation). The values are cleared before the columns go, so no row version written from here
-- on holds one.
UPDATE "theft_reports" SET "national_id_encrypted" = NULL, "national_id_last_digits" = NULL WHERE "national_id_encrypted" IS NOT NULL OR "national_id_last_digits" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "theft_reports" DROP COLUMN "national_id_encrypted";--> statement-breakpoint
ALTER TABLE "theft_reports" DROP COLUMN "national_id_last_digits";
