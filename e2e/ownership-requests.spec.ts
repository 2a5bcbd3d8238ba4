import type { APIRequestContext, Page } from '@playwright/test';
import { signInBrowser, signUpViaApi, type TestAccount } from './support/accounts.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { setName } from './support/people.ts';
import { fillText, text } from './support/texts.ts';

/*
 * The owner's side of an ownership request (issue 14): offering the bike from the ownership page
 * says it worked and the page shows the new state at once; the chat of the request carries the
 * owner's offer and decline buttons too. The requester's screens are in ownership.spec.ts.
 */

const o = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'ownership', key), values);
const c = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'chats', key), values);
const common = (key: string) => text('da', 'common', key);

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

async function requestViaApi(
  request: APIRequestContext,
  requester: TestAccount,
  bikeId: string,
  message: string,
): Promise<{ request_id: string; chat_id: string }> {
  const response = await request.post('/api/ownership-requests/', {
    headers: { Authorization: `Bearer ${requester.token}` },
    data: { bike_id: bikeId, message },
  });
  expect(response.status(), await response.text()).toBe(201);
  return (await response.json()) as { request_id: string; chat_id: string };
}

async function ownerAndRequest(page: Page) {
  const request = page.request;
  const bo = await signUpViaApi(request);
  await setName(request, bo, 'Bo', 'Bech');
  const cecilie = await signUpViaApi(request);
  await setName(request, cecilie, 'Cecilie', 'Clausen');
  const bike = await registerBikeViaApi(request, cecilie, unique('Cecilies cykel'));
  const created = await requestViaApi(request, bo, bike.bikeId, 'Jeg købte cyklen af dig i sidste uge.');
  await signInBrowser(page, cecilie.token);
  return { bo, cecilie, bike, created };
}

test('the owner offers the bike from the ownership page and is told it worked @phone', async ({ page }) => {
  const { bike } = await ownerAndRequest(page);
  await page.goto('/app/bikes/ownership-portal');
  const incomingRequests = page.getByRole('region', { name: o('portal.incomingRequests') });
  const incoming = incomingRequests.getByRole('listitem', {
    name: o('request.incomingLabel', { name: bike.nickname }),
  });
  await incoming.getByRole('button', { name: o('request.offer') }).click();
  const dialog = page.getByRole('alertdialog').or(page.getByRole('dialog'));
  await dialog.getByRole('button', { name: o('request.offerConfirm') }).click();

  await expect(page.getByText(o('request.offeredHeading'))).toBeVisible();
  await expect(page.getByText(common('errors.invalid_response'))).toHaveCount(0);
  await expect(dialog).toHaveCount(0);
  // The page shows the new state without a reload: the request left the pending list, the offer is in it.
  await expect(incomingRequests).toHaveCount(0);
  await expect(page.getByRole('heading', { name: o('portal.outgoingTransfers') })).toBeVisible();
});

test('the owner reading a request in its chat offers the bike there @phone', async ({ page }) => {
  const { created } = await ownerAndRequest(page);
  await page.goto(`/app/chats/${created.chat_id}`);
  await expect(page.getByText('Jeg købte cyklen af dig i sidste uge.')).toBeVisible();
  await expect(page.getByRole('button', { name: c('request.decline') })).toBeVisible();
  await page.getByRole('button', { name: c('request.offer') }).click();
  await page
    .getByRole('alertdialog')
    .or(page.getByRole('dialog'))
    .getByRole('button', { name: c('request.offerConfirm') })
    .click();
  await expect(page.getByText(c('request.offered'))).toBeVisible();
  // The offer is in the chat, and the owner may withdraw it there.
  const offer = page.getByRole('region', { name: c('offer.title') });
  await expect(offer).toContainText(c('offer.status.pending'));
  await expect(offer.getByRole('button', { name: c('offer.cancel') })).toBeVisible();
  await expect(page.getByRole('button', { name: c('request.offer') })).toHaveCount(0);
});
