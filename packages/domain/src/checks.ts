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
