import { describe, expect, it } from 'vitest';
import {
  canRevealOwnerContact,
  canUseOrgBikeSearch,
  OrgBikeSearchQuerySchema,
  OwnerContactRequestSchema,
} from './org-search.ts';
import { ORGANISATION_TYPES } from './organisations.ts';

describe('who may use the organisation search', () => {
  it('is the police, municipalities and insurers; only the police see the owner’s contact', () => {
    expect(ORGANISATION_TYPES.filter(canUseOrgBikeSearch).sort()).toEqual([
      'insurance_company',
      'municipality',
      'police',
    ]);
    expect(canUseOrgBikeSearch(null)).toBe(false);
    expect(ORGANISATION_TYPES.filter(canRevealOwnerContact)).toEqual(['police']);
  });
});

describe('OrgBikeSearchQuerySchema', () => {
  it('needs one criterion; empty ones count as none', () => {
    expect(OrgBikeSearchQuerySchema.safeParse({}).success).toBe(false);
    expect(OrgBikeSearchQuerySchema.safeParse({ q: '  ', brand: '' }).success).toBe(false);
    expect(OrgBikeSearchQuerySchema.parse({ q: ' WDA123 ', brand: '' })).toEqual({ q: 'WDA123' });
    expect(OrgBikeSearchQuerySchema.parse({ stolen: 'yes' })).toEqual({ stolen: 'yes' });
    expect(OrgBikeSearchQuerySchema.safeParse({ color: 'plaid' }).success).toBe(false);
  });
});

describe('OwnerContactRequestSchema', () => {
  it('takes a case number of at most 40 characters (its form is checked by the police’s region)', () => {
    expect(OwnerContactRequestSchema.parse({ case_number: ' 0100-80151-00012-24 ' })).toEqual({
      case_number: '0100-80151-00012-24',
    });
    expect(OwnerContactRequestSchema.safeParse({ case_number: ' ' }).success).toBe(false);
    expect(OwnerContactRequestSchema.safeParse({ case_number: 'x'.repeat(41) }).success).toBe(false);
  });
});
