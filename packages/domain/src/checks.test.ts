import { describe, expect, it } from 'vitest';
import {
  ApiKeyCreateSchema,
  CHECK_BATCH_LIMIT,
  CheckBatchSchema,
  CheckQuerySchema,
  checkResultOf,
  decidingMatches,
  looksLikeApiKey,
} from './checks.ts';
import { canSeeTheftCaseInChecks } from './organisation-powers.ts';
import { ORGANISATION_TYPES } from './organisations.ts';

describe('checkResultOf', () => {
  it('answers unknown when nothing matched', () => {
    expect(checkResultOf([])).toBe('unknown');
  });

  it('answers registered or stolen from the exact matches when there are any', () => {
    expect(checkResultOf([{ rank: 0, status: 'active' }])).toBe('registered');
    expect(checkResultOf([{ rank: 0, status: 'stolen' }])).toBe('stolen');
    // A look-alike stolen bike does not make an exactly matched registered one stolen.
    expect(
      checkResultOf([
        { rank: 0, status: 'active' },
        { rank: 1, status: 'stolen' },
      ]),
    ).toBe('registered');
  });

  it('falls back to look-alike matches, any stolen one winning', () => {
    expect(checkResultOf([{ rank: 1, status: 'active' }])).toBe('registered');
    expect(
      checkResultOf([
        { rank: 1, status: 'active' },
        { rank: 1, status: 'stolen' },
      ]),
    ).toBe('stolen');
  });
});

describe('decidingMatches', () => {
  it('is the exact matches when there are any, else every look-alike one', () => {
    const exact = { rank: 0, status: 'active' };
    const lookAlike = { rank: 1, status: 'stolen' };
    expect(decidingMatches([lookAlike, exact])).toEqual([exact]);
    expect(decidingMatches([lookAlike])).toEqual([lookAlike]);
    expect(decidingMatches([])).toEqual([]);
  });
});

describe('who sees the theft case in a check', () => {
  it('is the police alone', () => {
    expect(ORGANISATION_TYPES.filter(canSeeTheftCaseInChecks)).toEqual(['police']);
    expect(canSeeTheftCaseInChecks(null)).toBe(false);
  });
});

describe('check schemas', () => {
  it('takes one identifier, trimmed, and refuses an empty one', () => {
    expect(CheckQuerySchema.parse({ identifier: ' WBK123 ' })).toEqual({ identifier: 'WBK123' });
    expect(CheckQuerySchema.safeParse({ identifier: '  ' }).success).toBe(false);
    expect(CheckQuerySchema.safeParse({}).success).toBe(false);
  });

  it(`takes 1 to ${CHECK_BATCH_LIMIT} identifiers in a batch`, () => {
    const full = Array.from({ length: CHECK_BATCH_LIMIT }, (_, index) => `F${index}`);
    expect(CheckBatchSchema.safeParse({ identifiers: full }).success).toBe(true);
    const over = CheckBatchSchema.safeParse({ identifiers: [...full, 'ONE-MORE'] });
    expect(over.success).toBe(false);
    expect(over.error?.issues[0]?.message).toBe('too_many_identifiers');
    expect(CheckBatchSchema.safeParse({ identifiers: [] }).success).toBe(false);
  });

  it('names a key, and recognises keys by their prefix', () => {
    expect(ApiKeyCreateSchema.parse({ name: ' Listings ' })).toEqual({ name: 'Listings' });
    expect(ApiKeyCreateSchema.safeParse({ name: '' }).success).toBe(false);
    expect(looksLikeApiKey('nbr_ck_abc')).toBe(true);
    expect(looksLikeApiKey('eyJhbGciOiJFZERTQSJ9.e30.sig')).toBe(false);
  });
});
