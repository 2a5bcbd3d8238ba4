-- Issue 14: mails delivered (or given up on) before the worker scrubbed them still hold their bodies
-- and working one-time links; keep only what operations need, as the worker now does.
UPDATE "mail_outbox" SET "subject" = '', "text" = '', "html" = '', "links" = '[]'::jsonb WHERE "status" <> 'pending';
