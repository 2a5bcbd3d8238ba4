import type { TokenClaims } from '@nbr/domain/identity';
import { afterEach, describe, expect, it } from 'vitest';
import { rememberRedirect, takeDestinationAfterSignUp } from './redirect.ts';

const claims: TokenClaims = {
  exp: 2_000_000_000,
  email: 'ny@example.dk',
  identity_party_id: 'p-1',
  party_id: 'p-1',
  verified_on: null,
  identity_signed_up_at: '2026-01-01T00:00:00.000Z',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's-1',
};

describe('takeDestinationAfterSignUp', () => {
  afterEach(() => {
    window.sessionStorage.clear();
  });

  it('leads a visitor who was sent to log in, and signed up instead, back to the page that sent them', () => {
    rememberRedirect('/app/organisations/invitations/abc');
    expect(takeDestinationAfterSignUp(claims)).toBe('/app/organisations/invitations/abc');
    // Used once: the next sign-up journey of this tab starts afresh.
    expect(takeDestinationAfterSignUp(claims)).toBe('/app');
  });

  it('goes to the app start page when nothing was remembered or the page needs a verified identity', () => {
    expect(takeDestinationAfterSignUp(claims)).toBe('/app');
    rememberRedirect('/app/organisations/create', 'verifiedIdentity');
    expect(takeDestinationAfterSignUp(claims)).toBe('/app');
  });
});
