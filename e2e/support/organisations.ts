import { type APIRequestContext, expect } from '@playwright/test';
import { logInViaApi } from './accounts.ts';

/** Password of every demo account the seed creates (README). */
export const DEMO_PASSWORD = 'demo-password-2026';
export const DEMO_INSURER_USER = 'forsikring@demo.cykelregister.dk';
export const DEMO_INSURER = 'Demo Forsikring A/S';

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
  const token = await logInViaApi(request, email, DEMO_PASSWORD);
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
