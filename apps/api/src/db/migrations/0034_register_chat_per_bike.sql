-- Staff wrote to owners each in a chat of their own (started by them, role register). The oldest
-- such chat of each bike becomes the register's one chat with the owner (no starter), which any
-- staff member continues; younger ones stay as they were, history of the staff member who wrote.
UPDATE "chats" SET "started_by_party_id" = NULL
WHERE "id" IN (
  SELECT DISTINCT ON (c."bike_id") c."id"
  FROM "chats" c
  JOIN "chat_participants" p
    ON p."chat_id" = c."id" AND p."party_id" = c."started_by_party_id" AND p."role" = 'register'
  WHERE c."subject_kind" = 'bike' AND c."bike_id" IS NOT NULL
  ORDER BY c."bike_id", c."created_at", c."id"
);--> statement-breakpoint
CREATE UNIQUE INDEX "chats_bike_register_key" ON "chats" USING btree ("bike_id") WHERE "chats"."subject_kind" = 'bike' and "chats"."started_by_party_id" is null;
