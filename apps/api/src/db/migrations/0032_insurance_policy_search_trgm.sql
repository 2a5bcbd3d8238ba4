-- The insurer's policy list searches the holder's e-mail address or name and the insurer's policy
-- number by "contains" (issue 16 §4). The holders are found through identities_search_trgm_idx
-- (migration 0003, the same expression); this trigram index finds the policy numbers, so a search
-- reads the matching policies through two indexes instead of an ILIKE over every policy of the
-- insurer joined to its holder. The extension lives in public (0003 creates it; repeated here so
-- this migration stands alone); pg_trgm is loaded as a contrib extension on PGlite (db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm WITH SCHEMA public;
--> statement-breakpoint
CREATE INDEX "insurance_policies_number_trgm_idx" ON "insurance_policies"
  USING gin ((lower(insurer_policy_number)) public.gin_trgm_ops)
  WHERE insurer_policy_number IS NOT NULL;
