import type { TokenClaims } from '@nbr/domain/identity';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  afterSignUpHref,
  normalisePathname,
  postLoginDestination,
  registerUnknownAddressCheck,
  requiresLogin,
  satisfiesDependency,
} from './access.ts';
import { mayUseOrgBikeSearch } from './org-search-access.ts';

// The path rules alone: the router's check of unknown addresses (registered when another test file of
// this worker imports the router) is tested in app/access-loader.test.ts.
beforeAll(() => registerUnknownAddressCheck(() => false));

const claims = (overrides: Partial<TokenClaims> = {}): TokenClaims => ({
  exp: 2_000_000_000,
  email: 'anna@example.dk',
  identity_party_id: '0190a000-0000-7000-8000-000000000001',
  party_id: '0190a000-0000-7000-8000-000000000002',
  verified_on: null,
  identity_signed_up_at: '2026-01-01T00:00:00Z',
  organisation_type: null,
  birth_date: null,
  zip_code: null,
  phone: null,
  sid: 's1',
  ...overrides,
});

describe('requiresLogin', () => {
  it.each([
    '/app',
    '/app/',
    '/app/settings',
    '/app/settings/delete-user',
    '/app/settings/delete-completed/more',
    '/app/my-bikes/abc/report-stolen/bike-info',
    '/insurance/onboarding',
    '/insurance/123/admin',
    '/backoffice',
    '/backoffice/v2/orders',
    // The survey's admin panel is for the organisation's staff; the answering pages are open.
    '/survey/admin-panel',
    '/survey/anything-else',
    '/signup/from-scan/create-bikes-loop',
    '/signup/from-scan/create-bikes-loop/',
    '/signup/from-scan/create-bikes-loop/b1',
    '/signup/from-scan/create-bikes-loop/b1/add-photos/complete',
    '/app/bikes/b1/contact-bike-owner/other',
    '/app/bikes/contact-bike-owner',
    '/app/bikes/b1/transfer-ownership',
    '/app/item-pickup',
    '/checkout/shop',
    '/checkout/subscription',
    '/purchase-complete-redirect',
    '/purchase-subscription-redirect',
    '/forsikrings-indtegning',
    '/forsikrings-indtegning/overblik',
    '/forsikrings-indtegning/order-confirmation',
  ])('sends a visitor from %s to login', (path) => {
    expect(requiresLogin(path)).toBe(true);
  });

  it.each([
    '/',
    '/login',
    '/login/',
    '/signup',
    '/signup/newsletter',
    '/signup/newsletter-sleek',
    '/signup/from-scan',
    '/reset-password',
    '/reset-password-succes',
    '/forgot-password',
    '/app/bikes/0190a0b0-0000-7000-8000-000000000000/contact-bike-owner',
    '/app/bikes/b1/contact-bike-owner/',
    '/app/bikes/b1/contact-bike-owner/success',
    '/app/bikes/b1/contact-bike-owner/confirm',
    '/forgot-passw-check-mail',
    '/flows/some.flow',
    '/flows/some.flow/step-1',
    '/survey',
    '/survey/',
    '/survey/addresses',
    '/survey/commuting-days',
    '/survey/pendler-travel/',
    '/privacy',
    '/terms',
    '/our-mission',
    '/advisory-board',
    '/forsikringsfordel',
    '/hvordan',
    '/verify-email',
    '/successfully-deleted',
    '/app/settings/delete-completed',
    '/app/settings/delete-completed/',
    '/404',
    '/search',
    '/stolen-bike-map/b1',
    '/sticker-id/ABC123',
    '/no/anything',
    '/webshop',
    '/go-to-webshop',
    '/purchase-failed',
  ])('lets a visitor see %s', (path) => {
    expect(requiresLogin(path)).toBe(false);
  });

  it('does not treat look-alike prefixes as the protected area', () => {
    expect(requiresLogin('/application')).toBe(false);
    expect(requiresLogin('/apps')).toBe(false);
    expect(requiresLogin('/signup/from-scan/create-bikes-loops')).toBe(false);
  });
});

describe('normalisePathname', () => {
  it('drops trailing and repeated slashes but keeps the root', () => {
    expect(normalisePathname('/app/')).toBe('/app');
    expect(normalisePathname('//app//settings///')).toBe('/app/settings');
    expect(normalisePathname('/')).toBe('/');
    expect(normalisePathname('')).toBe('/');
  });
});

describe('postLoginDestination', () => {
  /** A person signed in for themself (the fixture's default acts for an organisation). */
  const own = (overrides: Partial<TokenClaims> = {}) =>
    claims({ party_id: claims().identity_party_id, ...overrides });

  it('sends an insurance-company user to the insurer admin page', () => {
    const insurer = claims({ organisation_type: 'insurance_company', party_id: 'p-9' });
    expect(postLoginDestination(insurer, { path: '/app/settings', dependency: 'loggedIn' })).toBe(
      '/insurance/p-9/admin',
    );
  });

  it('returns to the remembered page when logged-in is enough', () => {
    expect(postLoginDestination(own(), { path: '/app/settings?tab=1', dependency: 'loggedIn' })).toBe(
      '/app/settings?tab=1',
    );
  });

  it('returns to a page needing a verified identity only once the identity is verified', () => {
    const remembered = { path: '/app/bikes/verify-ownership', dependency: 'verifiedIdentity' } as const;
    expect(postLoginDestination(own(), remembered)).toBe('/app');
    expect(postLoginDestination(own({ verified_on: '2026-02-01' }), remembered)).toBe(
      '/app/bikes/verify-ownership',
    );
  });

  it('goes to /app without a remembered page, for another site, or for an auth page', () => {
    expect(postLoginDestination(own(), null)).toBe('/app');
    expect(postLoginDestination(own(), { path: '//evil.example/x', dependency: 'loggedIn' })).toBe('/app');
    expect(postLoginDestination(own(), { path: 'https://evil.example', dependency: 'loggedIn' })).toBe(
      '/app',
    );
    expect(postLoginDestination(own(), { path: '/login/', dependency: 'loggedIn' })).toBe('/app');
  });

  it("lands a session acting for an organisation on the organisation's page, not the person's overview", () => {
    const member = claims({ party_id: 'org-7' });
    expect(postLoginDestination(member, null)).toBe('/app/organisations/org-7/members');
    expect(postLoginDestination(member, { path: '/app/settings', dependency: 'loggedIn' })).toBe(
      '/app/settings',
    );
  });
});

describe('satisfiesDependency', () => {
  it('needs a session for loggedIn and verified_on for verifiedIdentity', () => {
    expect(satisfiesDependency(null, 'loggedIn')).toBe(false);
    expect(satisfiesDependency(claims(), 'loggedIn')).toBe(true);
    expect(satisfiesDependency(claims(), 'verifiedIdentity')).toBe(false);
    expect(satisfiesDependency(claims({ verified_on: '2026-02-01' }), 'verifiedIdentity')).toBe(true);
  });
});

describe('afterSignUpHref', () => {
  it('picks the newsletter page of the region', () => {
    expect(afterSignUpHref('dk')).toBe('/signup/newsletter');
    expect(afterSignUpHref('no')).toBe('/signup/newsletter-sleek');
  });
});

describe('mayUseOrgBikeSearch', () => {
  it('lets members acting for the police, a municipality or an insurer, in their own session', () => {
    const acting = (organisation_type: string) => claims({ organisation_type });
    expect(mayUseOrgBikeSearch(acting('police'))).toBe(true);
    expect(mayUseOrgBikeSearch(acting('municipality'))).toBe(true);
    expect(mayUseOrgBikeSearch(acting('insurance_company'))).toBe(true);
    expect(mayUseOrgBikeSearch(acting('business'))).toBe(false);
    expect(mayUseOrgBikeSearch(acting('dealer'))).toBe(false);
    expect(mayUseOrgBikeSearch(null)).toBe(false);
    // A person acting as themselves, and staff switched into a police member's account, may not.
    expect(
      mayUseOrgBikeSearch(claims({ party_id: claims().identity_party_id, organisation_type: 'police' })),
    ).toBe(false);
    expect(mayUseOrgBikeSearch(claims({ organisation_type: 'police', act: { sub: 'staff' } }))).toBe(false);
    expect(requiresLogin('/org-bike-search')).toBe(true);
    expect(requiresLogin('/org-bike-search/bikes/0190a000-0000-7000-8000-000000000009')).toBe(true);
  });
});
