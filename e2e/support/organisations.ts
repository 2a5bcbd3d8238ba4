import { randomInt } from 'node:crypto';
import { type APIRequestContext, expect } from '@playwright/test';
import { logInViaApi, signUpViaApi, type TestAccount, uniqueEmail } from './accounts.ts';
import { waitForMail } from './mailbox.ts';

/** Password of every demo account the seed creates (README). */
export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_INSURER_USER = 'forsikring@demo.cykelregister.dk';
export const DEMO_INSURER = 'Demo Forsikring A/S';

/** The demo insurer's party, as its public offers in Denmark name it. */
export async function demoInsurerId(request: APIRequestContext): Promise<string> {
  const offers = (await (await request.get('/api/insurance/products?region=dk')).json()) as Array<{
    insurer: { party_id: string; name: string };
  }>;
  const insurer = offers.find((offer) => offer.insurer.name === DEMO_INSURER)?.insurer.party_id;
  expect(insurer, `${DEMO_INSURER} offers a cover in Denmark`).toBeTruthy();
  return insurer ?? '';
}

/** The demo accounts' sessions of this worker, by address (demoSessionToken). */
const demoSessions = new Map<string, string>();

/**
 * A live session of a demo account, signed in once per worker and kept while it lives. The demo
 * accounts are shared by many journeys, and signing in is limited per address (10 in 15 minutes,
 * as for anyone), so journeys that only need one of them to act reuse its session instead of
 * signing in again. Not for a journey that signs out or switches user with it.
 */
export async function demoSessionToken(request: APIRequestContext, email: string): Promise<string> {
  const kept = demoSessions.get(email);
  if (kept) {
    const me = await request.get('/api/identities/me', { headers: { authorization: `Bearer ${kept}` } });
    if (me.ok()) return kept;
  }
  const token = await logInViaApi(request, email, DEMO_PASSWORD);
  demoSessions.set(email, token);
  return token;
}

/**
 * A session of a demo user acting for the named organisation, made through the API. Acting for an
 * organisation is also remembered for the account's next sign-in, so a test that needs a login to
 * land on the organisation calls this first rather than trusting what another test left behind.
 */
export async function actingSession(
  request: APIRequestContext,
  email: string,
  name: string,
): Promise<{ token: string; partyId: string }> {
  const token = await demoSessionToken(request, email);
  const headers = { authorization: `Bearer ${token}` };
  const list = (await (await request.get('/api/organisations', { headers })).json()) as Array<{
    party_id: string;
    name: string;
  }>;
  const organisation = list.find((entry) => entry.name === name);
  expect(organisation, `${email} is a member of ${name}`).toBeDefined();
  const response = await request.put('/api/identities/authentications/acting-party', {
    headers,
    data: { party_id: organisation?.party_id },
  });
  expect(response.status()).toBe(200);
  const answer = (await response.json()) as { authentication_token: string };
  return { token: answer.authentication_token, partyId: organisation?.party_id ?? '' };
}

/** The demo seed's backoffice admin (README), who creates the organisations only admins create. */
export const DEMO_STAFF_ADMIN = 'staff@demo.cykelregister.dk';

/**
 * A police, municipality or insurance organisation made the way the product does (issue 17 §3): the
 * demo backoffice admin creates it and invites a new account as its first admin, who accepts the
 * mailed invitation. Answers that member's token, acting for the organisation.
 */
export async function vettedOrganisationViaApi(
  request: APIRequestContext,
  type: 'police' | 'municipality' | 'insurance_company',
  name: string,
): Promise<{ member: TestAccount; partyId: string }> {
  const staffToken = await demoSessionToken(request, DEMO_STAFF_ADMIN);
  const member = await signUpViaApi(request, { email: uniqueEmail(type) });
  const created = await request.post('/api/backoffice/organisations', {
    headers: { authorization: `Bearer ${staffToken}` },
    data: { name, type, region: 'dk', registration_number: nextCvr(), admin_email: member.email },
  });
  expect(created.status(), `creating ${name} answered ${await created.text()}`).toBe(201);
  const { party_id: partyId } = (await created.json()) as { party_id: string };
  const mail = await waitForMail(request, member.email, { subject: name });
  const link = mail.links.map((href) => new URL(href)).find((url) => INVITATION_PATH.test(url.pathname));
  const code = link ? INVITATION_PATH.exec(link.pathname)?.[1] : undefined;
  expect(code, `the invitation to ${name} has a link`).toBeTruthy();
  const accepted = await request.post(`/api/organisations/invitations/${code}/accept`, {
    headers: { authorization: `Bearer ${member.token}` },
  });
  expect(accepted.status(), `accepting answered ${await accepted.text()}`).toBe(200);
  const { authentication_token: token } = (await accepted.json()) as { authentication_token: string };
  return { member: { ...member, token }, partyId };
}

const INVITATION_PATH = /^\/app\/organisations\/invitations\/([A-Za-z0-9_-]+)$/;

/** A valid Danish CVR number (modulus 11), a new one per call: registration numbers are unique. */
export function nextCvr(): string {
  for (;;) {
    const stem = String(1_000_000 + randomInt(0, 8_999_999));
    const sum = [2, 7, 6, 5, 4, 3, 2].reduce(
      (total, weight, index) => total + weight * Number(stem[index]),
      0,
    );
    const check = (11 - (sum % 11)) % 11;
    if (check !== 10) return `${stem}${check}`;
  }
}
