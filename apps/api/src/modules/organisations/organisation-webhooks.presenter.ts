import {
  type Webhook,
  type WebhookDelivery,
  WebhookDeliveryStatusSchema,
  WebhookErrorKindSchema,
  WebhookEventTypeSchema,
  type WebhookSaved,
} from '@nbr/domain/checks';
import type { RecentEventRow, WebhookRow } from './organisation-webhooks.repository.ts';

/** The webhook as its organisation's admins see it: never the secret, only its first characters. */
export function presentWebhook(row: WebhookRow): Webhook {
  return {
    url: row.url,
    secret_hint: row.secretHint,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** The answer to setting the webhook or rotating its secret: the secret this once, when one was made. */
export function presentSavedWebhook(row: WebhookRow, secret: string | null): WebhookSaved {
  return { ...presentWebhook(row), secret };
}

/** One event and how its delivery goes: status, attempts, the last attempt's HTTP status or error kind. */
export function presentDelivery(row: RecentEventRow): WebhookDelivery {
  const status = WebhookDeliveryStatusSchema.parse(row.status);
  const lastError = WebhookErrorKindSchema.safeParse(row.lastError);
  return {
    event_id: row.id,
    type: WebhookEventTypeSchema.parse(row.type),
    created_at: row.createdAt.toISOString(),
    status,
    attempts: row.attempts,
    last_attempt_at: row.lastAttemptAt?.toISOString() ?? null,
    last_http_status: row.lastHttpStatus,
    last_error: lastError.success ? lastError.data : null,
    next_attempt_at: status === 'pending' ? row.nextAttemptAt.toISOString() : null,
  };
}
