import type { TokenClaims } from '@nbr/domain/identity';
import type { Region } from '@nbr/domain/locale';
import { paths } from '../config/paths.ts';

/*
 * The access rules of SPEC §2 "Shell behaviour", as pure functions so they are tested once and
 * applied in one place (app/guards).
 */

/** What a remembered page needs before the user may be sent back to it after login. */
export type LoginDependency = 'loggedIn' | 'verifiedIdentity';

export interface RememberedRedirect {
  path: string;
  dependency: LoginDependency;
}

/** Trailing slashes are normalised (SPEC §2): '/app/' and '/app' are the same page. */
export function normalisePathname(pathname: string): string {
  const collapsed = pathname.replace(/\/{2,}/g, '/');
  if (collapsed.length > 1 && collapsed.endsWith('/')) return collapsed.replace(/\/+$/, '') || '/';
  return collapsed || '/';
}

function isUnder(pathname: string, prefix: string): boolean {
  return pathname === prefix || pathname.startsWith(`${prefix}/`);
}

/**
 * Areas that belong to a signed-in user (SPEC §6: areas are separated by path). The checkout and
 * the pages the payment provider returns to ask about the person's own order, so they need the
 * account too (a visitor signs in and comes back).
 */
const PROTECTED_AREAS = [
  '/app',
  '/insurance',
  '/backoffice',
  '/survey',
  '/checkout',
  // The organisation search (issue 17 §3) is for members acting for the police, a municipality or an insurer.
  paths.public.orgBikeSearch.path,
  // The insurance enrolment insures the person's registered bikes (issue 16 §2); the benefit page is public.
  paths.insuranceSignup.enrolment.path,
  paths.purchase.completeRedirect.path,
  paths.purchase.subscriptionRedirect.path,
] as const;

/** The create-bikes loop registers bikes to an account, so it is not part of the public sign-up. */
const SIGNUP_LOOP = paths.signupFromScan.createBikesLoop.path;

/** The exceptions SPEC §2 names: these stay open to visitors wherever they sit. */
const ALWAYS_OPEN = [
  paths.auth.login.path,
  paths.auth.signup.path,
  paths.auth.resetPassword.path,
  paths.auth.forgotPassword.path,
  paths.auth.forgotPasswordCheckMail.path,
  '/flows',
] as const;

/**
 * The commuter survey's pages a person answers on (issue 29 §1): an invitation link reaches people
 * who may have no account, so visitors answer too. Exact addresses: the organisation's admin panel
 * under /survey stays signed-in only.
 */
const OPEN_SURVEY_PAGES: readonly string[] = [
  paths.surveys.survey.path,
  paths.surveys.addresses.path,
  paths.surveys.commutingDays.path,
  paths.surveys.pendlerTravel.path,
];

/**
 * Pages inside /app that a visitor may open all the same: contacting the owner of a stolen bike (its
 * success page, and the confirmation the link mailed to the visitor opens), and the page after an
 * account deletion. A finder must not need an account to tell an owner where the bike is (SPEC §6:
 * other people can contact the owner of a stolen bike anonymously).
 */
const OPEN_IN_APP = [
  /^\/app\/bikes\/[^/]+\/contact-bike-owner(?:\/success|\/confirm)?$/,
  // The farewell after deleting the account: the deletion ended the session, so the page that says
  // so must open without one (issue 30 §3: it could never show its own content).
  new RegExp(`^${paths.app.settingsDeleteCompleted.path}$`),
] as const;

let isUnknownAddress: (pathname: string) => boolean = () => false;

/**
 * The router tells which addresses it has no page for: a visitor there sees the 404 page where
 * they are, not the login first (app/router.tsx registers it; lib may not import the router).
 */
export function registerUnknownAddressCheck(check: (pathname: string) => boolean): void {
  isUnknownAddress = check;
}

/**
 * Whether a visitor who is not signed in must be sent to /login before seeing this path.
 * Public pages (home, content, verify-email, 404, …) and addresses with no page never require login;
 * the signed-in areas always do, and so does the sign-up create-bikes loop, although it sits under
 * /signup.
 */
export function requiresLogin(rawPathname: string): boolean {
  const pathname = normalisePathname(rawPathname);
  if (isUnknownAddress(pathname)) return false;
  if (isUnder(pathname, SIGNUP_LOOP)) return true;
  if (ALWAYS_OPEN.some((open) => isUnder(pathname, open))) return false;
  if (OPEN_IN_APP.some((open) => open.test(pathname))) return false;
  if (OPEN_SURVEY_PAGES.includes(pathname)) return false;
  return PROTECTED_AREAS.some((area) => isUnder(pathname, area));
}

export function satisfiesDependency(claims: TokenClaims | null, dependency: LoginDependency): boolean {
  if (!claims) return false;
  return dependency === 'loggedIn' || Boolean(claims.verified_on);
}

export function isInsuranceCompanyUser(claims: TokenClaims): boolean {
  return claims.organisation_type === 'insurance_company';
}

/** Pages it makes no sense to return to after signing in. */
function isAuthPage(path: string): boolean {
  const pathname = normalisePathname(path.split(/[?#]/)[0] ?? '/');
  return [
    paths.auth.login.path,
    paths.auth.nationalSignInReturn.path,
    paths.auth.signup.path,
    paths.auth.successfullyDeleted.path,
  ].includes(pathname as '/login');
}

/**
 * Where a successful login leads: an insurance-company user to the insurer admin page; otherwise
 * back to the remembered page when its dependency is satisfied; otherwise the page of the
 * organisation the session acts for, or the app start page.
 */
export function postLoginDestination(claims: TokenClaims, remembered: RememberedRedirect | null): string {
  if (isInsuranceCompanyUser(claims))
    return paths.insurance.admin.getHref({ insurerPartyId: claims.party_id });
  if (
    remembered?.path.startsWith('/') &&
    !remembered.path.startsWith('//') &&
    !isAuthPage(remembered.path) &&
    satisfiesDependency(claims, remembered.dependency)
  ) {
    return remembered.path;
  }
  // A session that acts for an organisation (a member's default one) starts on its page, not on the
  // person's own overview.
  if (claims.party_id !== claims.identity_party_id) {
    return paths.app.organisationMembers.getHref({ organisationId: claims.party_id });
  }
  return paths.app.home.getHref();
}

/** After sign-up the user is asked about the newsletter: one page for Denmark, a sleeker one for Norway. */
export function afterSignUpHref(region: Region): string {
  return region === 'no' ? paths.auth.signupNewsletterSleek.getHref() : paths.auth.signupNewsletter.getHref();
}
