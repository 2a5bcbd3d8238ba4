-- The backoffice finds people by any part of their e-mail or name: a trigram index keeps that
-- "contains" search fast at national scale, where a scan of every identity would not be.
-- The extension lives in public (one per database); the operator class is named with its schema so
-- the index also builds when migrations run with another search_path.
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE INDEX "identities_search_trgm_idx" ON "identities"
  USING gin ((lower(email || ' ' || coalesce(first_name, '') || ' ' || coalesce(last_name, ''))) public.gin_trgm_ops)
  WHERE deleted_at IS NULL;
