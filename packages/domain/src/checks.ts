import { z } from 'zod';
import { SEARCH_QUERY_MAX_LENGTH } from './search.ts';

/*
 * Checks by API (issue 32 §1): police, marketplaces and dealers ask whether a frame number or a
 * sticker is in the register, with an API key of their organisation, never a person's session. The
 * answer is one word (registered | stolen | unknown); the police also get the theft report's
 * reference and since when the bike is missing. Nothing of the owner, ever.
 */

/** Every key starts with this, so a leaked one is recognised (secret scanners, logs, support). */
export const API_KEY_PREFIX = 'nbr_ck_';
/** Characters of the key shown again after creation (prefix included), to tell keys apart. */
export const API_KEY_HINT_LENGTH = API_KEY_PREFIX.length + 4;
export const API_KEY_NAME_MAX_LENGTH = 100;
/** What a key may do: only checks today; a key never authorises anything else. */
export const API_KEY_SCOPES = ['check'] as const;
export const ApiKeyScopeSchema = z.enum(API_KEY_SCOPES);
export type ApiKeyScope = z.infer<typeof ApiKeyScopeSchema>;

/** Whether a bearer token is shaped like one of our API keys (and not a person's session token). */
export function looksLikeApiKey(token: string): boolean {
  return token.startsWith(API_KEY_PREFIX);
}

/** POST /api/organisations/{id}/api-keys — an admin names the key (who uses it, e.g. "Listings screening"). */
export const ApiKeyCreateSchema = z.object({
  name: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(API_KEY_NAME_MAX_LENGTH, { error: 'too_long' }),
});
export type ApiKeyCreate = z.output<typeof ApiKeyCreateSchema>;

export const ApiKeySchema = z.object({
  id: z.uuid(),
  name: z.string(),
  scopes: z.array(ApiKeyScopeSchema),
  /** The key's first characters (`nbr_ck_` and four more), to recognise it; never the whole key. */
  hint: z.string(),
  created_at: z.string(),
  /** When a check last came with it; null until the first. */
  last_used_at: z.string().nullable(),
  /** Null while the key works. */
  revoked_at: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ApiKeySchema>;

export const ApiKeyListSchema = z.array(ApiKeySchema);

/** The answer to creating a key: the only time the whole key is shown. */
export const ApiKeyCreatedSchema = ApiKeySchema.extend({
  /** The key itself: send it as `Authorization: Bearer <key>`. Only its hash is kept. */
  secret: z.string(),
});
export type ApiKeyCreated = z.infer<typeof ApiKeyCreatedSchema>;

/** At most this many identifiers in one POST /api/v1/checks (a marketplace screening its listings). */
export const CHECK_BATCH_LIMIT = 1000;

const IdentifierSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(SEARCH_QUERY_MAX_LENGTH, { error: 'too_long' });

/** GET /api/v1/checks?identifier=… — a frame number or a sticker (plate) id, as printed or typed. */
export const CheckQuerySchema = z.object({ identifier: IdentifierSchema });
export type CheckQuery = z.output<typeof CheckQuerySchema>;

/** POST /api/v1/checks — up to CHECK_BATCH_LIMIT identifiers, answered in the same order. */
export const CheckBatchSchema = z.object({
  identifiers: z
    .array(IdentifierSchema, { error: 'required' })
    .min(1, { error: 'required' })
    .max(CHECK_BATCH_LIMIT, { error: 'too_many_identifiers' }),
});
export type CheckBatch = z.output<typeof CheckBatchSchema>;

/**
 * `invalid`: what was sent cannot be a frame number or sticker of the register at all (a symbol in
 * it, too short, letters of another script), so nothing was looked up; `problem` says why. Never
 * `unknown` for it: a screening must not take a mangled number for a bike nobody reported.
 */
export const CHECK_RESULTS = ['registered', 'stolen', 'unknown', 'invalid'] as const;
export const CheckResultSchema = z.enum(CHECK_RESULTS);
export type CheckResult = z.infer<typeof CheckResultSchema>;

export const CheckAnswerSchema = z.object({
  /** The identifier as it was sent. */
  identifier: z.string(),
  result: CheckResultSchema,
  /** Only with `invalid`: why it cannot be an identifier (invalid_characters, identifier_too_short…). */
  problem: z
    .enum(['required', 'identifier_too_short', 'too_long', 'invalid_characters', 'identifier_not_latin'])
    .optional(),
  /** The police only, for a stolen bike: the theft report's reference (printed on the owner's report). */
  case_reference: z.string().nullable().optional(),
  /** The police only, for a stolen bike: when it was last seen (or reported, when the owner did not say). */
  stolen_since: z.string().nullable().optional(),
});
export type CheckAnswer = z.infer<typeof CheckAnswerSchema>;

export const CheckBatchAnswerSchema = z.object({ results: z.array(CheckAnswerSchema) });
export type CheckBatchAnswer = z.infer<typeof CheckBatchAnswerSchema>;

/** A bike the register matched to a checked identifier, as the rule below needs it. */
export interface CheckMatch {
  /** 0: the identifier's normalised key matched; 1: only its look-alike key did. */
  rank: number;
  status: string;
}

/**
 * The matches a check is about: the exact ones when there are any (a sticker or frame number typed
 * right names its bike), otherwise the look-alike ones (O for 0, I for 1…).
 */
export function decidingMatches<T extends CheckMatch>(matches: readonly T[]): T[] {
  const exact = matches.filter((match) => match.rank === 0);
  return exact.length > 0 ? exact : [...matches];
}

/**
 * The one word a check answers, from its deciding matches: any stolen bike among them makes it
 * `stolen` (a buyer must hear of it even when another bike shares the look-alike spelling).
 */
export function checkResultOf(matches: readonly CheckMatch[]): Exclude<CheckResult, 'invalid'> {
  const deciding = decidingMatches(matches);
  if (deciding.length === 0) return 'unknown';
  return deciding.some((match) => match.status === 'stolen') ? 'stolen' : 'registered';
}

// --- the organisation's webhook (issue 32 §1) ------------------------------------------------------

/*
 * A checked identifier reported stolen within CHECK_WEBHOOK_WINDOW_DAYS is pushed to the
 * organisation's webhook: a POST of JSON signed with HMAC-SHA256 over `<timestamp>.<body>` with the
 * organisation's signing secret (docs/checks-api.md). Each event has an id; it is delivered at least
 * once, so a receiver drops an id it has already handled.
 */

/** A check counts for this many days: a bike reported stolen later than that is not pushed. */
export const CHECK_WEBHOOK_WINDOW_DAYS = 30;
export const WEBHOOK_URL_MAX_LENGTH = 2000;
/** Every signing secret starts with this, so a leaked one is recognised. */
export const WEBHOOK_SECRET_PREFIX = 'nbr_whsec_';
/** The headers of a delivery (lower case, as HTTP/2 and Node's request.headers spell them). */
export const WEBHOOK_HEADERS = {
  id: 'nbr-webhook-id',
  timestamp: 'nbr-webhook-timestamp',
  signature: 'nbr-webhook-signature',
} as const;

export const WEBHOOK_EVENT_TYPES = ['bike.reported_stolen', 'webhook.test'] as const;
export const WebhookEventTypeSchema = z.enum(WEBHOOK_EVENT_TYPES);
export type WebhookEventType = z.infer<typeof WebhookEventTypeSchema>;

/** PUT /api/organisations/{id}/webhook — where the events go. https (the server refuses anything else in production). */
export const WebhookSetSchema = z.object({
  url: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(WEBHOOK_URL_MAX_LENGTH, { error: 'too_long' })
    .refine(
      (value) => {
        try {
          const url = new URL(value);
          return (url.protocol === 'https:' || url.protocol === 'http:') && !url.username && !url.password;
        } catch {
          return false;
        }
      },
      { error: 'webhook_url_invalid' },
    ),
});
export type WebhookSet = z.output<typeof WebhookSetSchema>;

export const WebhookSchema = z.object({
  url: z.string(),
  /** The secret's first characters, to tell which one the receiver holds; never the whole secret. */
  secret_hint: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Webhook = z.infer<typeof WebhookSchema>;

/** The answer to setting the webhook or rotating its secret: `secret` is shown this once (null when it was kept). */
export const WebhookSavedSchema = WebhookSchema.extend({ secret: z.string().nullable() });
export type WebhookSaved = z.infer<typeof WebhookSavedSchema>;

export const WEBHOOK_DELIVERY_STATUSES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryStatusSchema = z.enum(WEBHOOK_DELIVERY_STATUSES);
export type WebhookDeliveryStatus = z.infer<typeof WebhookDeliveryStatusSchema>;

/** Why an attempt did not reach a 2xx (never the receiver's answer body). */
export const WEBHOOK_ERROR_KINDS = [
  'http_status',
  'timeout',
  'connection',
  'blocked_address',
  'no_webhook',
] as const;
export const WebhookErrorKindSchema = z.enum(WEBHOOK_ERROR_KINDS);
export type WebhookErrorKind = z.infer<typeof WebhookErrorKindSchema>;

/** One event as the organisation's admins follow it. */
export const WebhookDeliverySchema = z.object({
  event_id: z.uuid(),
  type: WebhookEventTypeSchema,
  created_at: z.string(),
  status: WebhookDeliveryStatusSchema,
  /** Attempts made so far (every one is recorded). */
  attempts: z.number().int(),
  last_attempt_at: z.string().nullable(),
  /** The receiver's HTTP status at the last attempt; null when it did not answer. */
  last_http_status: z.number().int().nullable(),
  last_error: WebhookErrorKindSchema.nullable(),
  /** When it is tried next; null once delivered or failed. */
  next_attempt_at: z.string().nullable(),
});
export type WebhookDelivery = z.infer<typeof WebhookDeliverySchema>;

/** GET /api/organisations/{id}/webhook — the webhook (null when none is set) and the recent events. */
export const WebhookOverviewSchema = z.object({
  webhook: WebhookSchema.nullable(),
  deliveries: z.array(WebhookDeliverySchema),
});
export type WebhookOverview = z.infer<typeof WebhookOverviewSchema>;

/** What a `bike.reported_stolen` event tells: the identifier the organisation checked, never the owner. */
export const StolenBikeEventDataSchema = z.object({
  /** The identifier as the organisation sent it in its check. */
  identifier: z.string(),
  status: z.literal('stolen'),
  /** When the theft was reported. */
  reported_at: z.string(),
  /** The police only: the theft report's reference. */
  case_reference: z.string().nullable().optional(),
  /** The police only: when the bike was last seen (or reported, when the owner did not say). */
  stolen_since: z.string().nullable().optional(),
});
export type StolenBikeEventData = z.infer<typeof StolenBikeEventDataSchema>;
