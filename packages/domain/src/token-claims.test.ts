import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { LanguageSchema, RegionSchema, ThemeSchema } from './locale.ts';
import { isLanguage, isRegion, isTheme } from './locale-values.ts';
import { parseTokenClaims } from './token-claims.ts';

const VALID = {
  exp: 1_900_000_000,
  email: 'anna@example.dk',
  identity_party_id: '0190a0b0-0000-7000-8000-000000000001',
  party_id: '0190a0b0-0000-7000-8000-000000000001',
  verified_on: null,
  identity_signed_up_at: '2025-01-02T03:04:05Z',
  organisation_type: null,
  birth_date: '1990-01-01',
  zip_code: '2100',
  phone: null,
  sid: 's1',
};

/** Anything a decoded token payload may hold in a claim: right, wrong and missing types. */
const claimValue = fc.oneof(
  fc.string(),
  fc.constant(null),
  fc.constant(undefined),
  fc.integer(),
  fc.double(),
  fc.boolean(),
  fc.record({ sub: fc.oneof(fc.string(), fc.integer()) }),
  fc.array(fc.string(), { maxLength: 2 }),
);

const CLAIM_TYPES: Record<keyof typeof VALID, 'number' | 'string' | 'string or null'> = {
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
};

/** What parsing must answer, written out claim by claim as SPEC §3 types them. */
function expected(value: Record<string, unknown>) {
  const claims: Record<string, unknown> = {};
  for (const [name, type] of Object.entries(CLAIM_TYPES)) {
    const claim = value[name];
    const fits =
      type === 'number'
        ? typeof claim === 'number' && Number.isFinite(claim)
        : typeof claim === 'string' || (type === 'string or null' && claim === null);
    if (!fits) return null;
    claims[name] = claim;
  }
  const act = value.act;
  if (act === undefined) return claims;
  if (typeof act !== 'object' || act === null || Array.isArray(act)) return null;
  const sub = (act as { sub?: unknown }).sub;
  return typeof sub === 'string' ? { ...claims, act: { sub } } : null;
}

describe('parseTokenClaims', () => {
  it('reads well-formed claims, dropping unknown ones', () => {
    const token = { ...VALID, act: { sub: 'staff-1', extra: 1 }, iat: 1 };
    expect(parseTokenClaims(token)).toEqual({ ...VALID, act: { sub: 'staff-1' } });
  });

  it('accepts exactly the claims of the right types, whatever else a payload holds', () => {
    fc.assert(
      fc.property(
        fc.record(
          {
            ...Object.fromEntries(Object.keys(VALID).map((name) => [name, claimValue])),
            act: claimValue,
            iat: claimValue,
          },
          { requiredKeys: [] },
        ),
        fc.subarray(Object.keys(VALID)),
        (random, keepValid) => {
          const value = {
            ...random,
            ...Object.fromEntries(keepValid.map((name) => [name, VALID[name as keyof typeof VALID]])),
          };
          expect(parseTokenClaims(value)).toEqual(expected(value));
        },
      ),
      { numRuns: 300 },
    );
  });

  it.each([null, 'token', 42, [VALID]])('answers null for %s', (value) => {
    expect(parseTokenClaims(value)).toBeNull();
  });
});

describe('the zod-free locale guards', () => {
  it('accept what the schemas accept', () => {
    for (const value of ['da', 'en', 'no', 'is', 'dk', 'main', 'dcu', 'club', 'DA', '', null, 1]) {
      expect(isLanguage(value), String(value)).toBe(LanguageSchema.safeParse(value).success);
      expect(isRegion(value), String(value)).toBe(RegionSchema.safeParse(value).success);
      expect(isTheme(value), String(value)).toBe(ThemeSchema.safeParse(value).success);
    }
  });
});
