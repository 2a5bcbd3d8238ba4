import type { TokenClaims } from './identity.ts';

/**
 * The test TokenClaimsSchema (identity.ts) makes, without zod: the web app reads the session token
 * on its first page, before any form (and zod) is loaded. token-claims.test.ts checks that both
 * agree on every input.
 */
const CLAIM_TYPES = {
  exp: 'number',
  email: 'string',
  identity_party_id: 'string',
  party_id: 'string',
  verified_on: 'string or null',
  identity_signed_up_at: 'string',
  organisation_type: 'string or null',
  birth_date: 'string or null',
  zip_code: 'string or null',
  phone: 'string or null',
  sid: 'string',
} as const satisfies Record<Exclude<keyof TokenClaims, 'act'>, string>;

function hasType(value: unknown, type: (typeof CLAIM_TYPES)[keyof typeof CLAIM_TYPES]): boolean {
  if (type === 'number') return typeof value === 'number' && Number.isFinite(value);
  if (type === 'string or null' && value === null) return true;
  return typeof value === 'string';
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The claims of SPEC §3 (unknown claims dropped), or null when one is missing or mistyped. */
export function parseTokenClaims(value: unknown): TokenClaims | null {
  if (!isRecord(value)) return null;
  const claims: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(CLAIM_TYPES)) {
    if (!hasType(value[name], type)) return null;
    claims[name] = value[name];
  }
  const act = value.act;
  if (act !== undefined) {
    if (!isRecord(act) || typeof act.sub !== 'string') return null;
    claims.act = { sub: act.sub };
  }
  return claims as TokenClaims;
}
