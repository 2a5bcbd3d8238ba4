import { describe, expect, it } from 'vitest';
import {
  decodeClaims,
  isExpired,
  needsRefresh,
  REFRESH_WINDOW_SECONDS,
  secondsUntilRefresh,
} from './token.ts';

const encode = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');
const claims = {
  exp: 1_900_000_000,
  email: 'åse@example.no',
  identity_party_id: 'i1',
  party_id: 'p1',
  verified_on: 'None',
  identity_signed_up_at: '2026-01-01T00:00:00Z',
  organisation_type: 'None',
  birth_date: null,
  zip_code: '0150',
  phone: 'None',
  sid: 's1',
};
const token = (payload: unknown) => `${encode({ alg: 'EdDSA' })}.${encode(payload)}.signature`;

describe('decodeClaims', () => {
  it('reads the claims and turns the string None into null', () => {
    const decoded = decodeClaims(token(claims));
    expect(decoded).toMatchObject({
      email: 'åse@example.no',
      verified_on: null,
      organisation_type: null,
      phone: null,
    });
    expect(decoded?.zip_code).toBe('0150');
  });

  it('answers null for anything that is not a token with the claims of SPEC §3', () => {
    expect(decodeClaims(null)).toBeNull();
    expect(decodeClaims('')).toBeNull();
    expect(decodeClaims('not-a-token')).toBeNull();
    expect(decodeClaims('a.%%%.c')).toBeNull();
    expect(decodeClaims(token({ ...claims, exp: 'soon' }))).toBeNull();
    const { party_id: _dropped, ...withoutParty } = claims;
    expect(decodeClaims(token(withoutParty))).toBeNull();
  });
});

describe('expiry and refresh', () => {
  const now = 1_000_000;
  it('treats a token at or past exp as expired', () => {
    expect(isExpired({ exp: now }, now)).toBe(true);
    expect(isExpired({ exp: now + 1 }, now)).toBe(false);
  });

  it('refreshes when less than 30 minutes remain', () => {
    expect(needsRefresh({ exp: now + 60 * 60 }, now)).toBe(false);
    expect(needsRefresh({ exp: now + REFRESH_WINDOW_SECONDS }, now)).toBe(false);
    expect(needsRefresh({ exp: now + REFRESH_WINDOW_SECONDS - 1 }, now)).toBe(true);
    expect(needsRefresh({ exp: now - 1 }, now)).toBe(false);
    expect(secondsUntilRefresh({ exp: now + 60 * 60 }, now)).toBe(30 * 60);
    expect(secondsUntilRefresh({ exp: now + 60 }, now)).toBe(0);
  });
});
