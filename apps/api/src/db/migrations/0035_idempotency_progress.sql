-- What an Idempotency-Key's request recorded before calling a payment provider, so a retry after a
-- crash continues from it (platform/http/idempotency.ts).
ALTER TABLE "idempotency_keys" ADD COLUMN "progress" jsonb;