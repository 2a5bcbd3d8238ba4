import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { TokenClaimsSchema } from './identity.ts';
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

const schemaResult = (value: unknown) => {
  const parsed = TokenClaimsSchema.safeParse(value);
  return parsed.success ? parsed.data : null;
};

describe('parseTokenClaims', () => {
  it('reads well-formed claims as TokenClaimsSchema does, dropping unknown ones', () => {
    const token = { ...VALID, act: { sub: 'staff-1', extra: 1 }, iat: 1 };
    expect(parseTokenClaims(token)).toEqual(schemaResult(token));
    expect(parseTokenClaims(token)).toEqual({ ...VALID, act: { sub: 'staff-1' } });
  });

  it('agrees with TokenClaimsSchema on every input', () => {
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
          expect(parseTokenClaims(value)).toEqual(schemaResult(value));
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
