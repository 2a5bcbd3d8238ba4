/**
 * The claims of the session token, exactly as SPEC §3 lists them, plus the session id `sid` and, on a
 * switch-user session only, `act` (RFC 8693 actor claim): the staff member acting as this person.
 * Checked without zod (parseTokenClaims): the web app reads the token on its first page, before any
 * form (and zod) is loaded.
 */
export type TokenClaims = {
  exp: number;
  email: string;
  identity_party_id: string;
  party_id: string;
  verified_on: string | null;
  identity_signed_up_at: string;
  organisation_type: string | null;
  birth_date: string | null;
  zip_code: string | null;
  phone: string | null;
  sid: string;
  act?: { sub: string };
};

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
