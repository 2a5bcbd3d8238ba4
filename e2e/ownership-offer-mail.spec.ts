import type { Page } from '@playwright/test';
import { signUpViaApi, TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { setName } from './support/people.ts';
import { fillText, text } from './support/texts.ts';

/*
 * The link of an offer mail, followed by someone who is not signed in (issue 14): the log-in page
 * says a bike is waiting and offers sign-up with the offer's address; the sign-up page says so too;
 * signing in leads to the offer.
 */

const o = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'ownership', key), values);
const auth = (key: string) => text('da', 'auth', key);

async function offerTo(page: Page, email: string) {
  const request = page.request;
  const anna = await signUpViaApi(request);
  await setName(request, anna, 'Anna', 'Andersen');
  const bike = await registerBikeViaApi(request, anna, `Gave ${Date.now().toString(36)}`);
  const offered = await request.post('/api/ownership-transfers/', {
    headers: { Authorization: `Bearer ${anna.token}` },
    data: { bike_id: bike.bikeId, recipient_email: email, recipient_email_confirmation: email },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const mail = await waitForMail(request, email, { linkPath: '/app/my-bikes/receive-bike' });
  return { bike, link: relativeLink(linkTo(mail, '/app/my-bikes/receive-bike')) };
}

test('the offer link tells a signed-out person a bike waits, and logging in leads to the offer @phone', async ({
  page,
}) => {
  const bo = await signUpViaApi(page.request);
  const { bike, link } = await offerTo(page, bo.email);

  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await expect(page.getByText(auth('offerWaiting.title'))).toBeVisible();
  await expect(page.getByText(auth('offerWaiting.login'))).toBeVisible();

  await page.getByLabel(auth('fields.email'), { exact: true }).fill(bo.email);
  await page.getByLabel(auth('fields.password'), { exact: true }).fill(TEST_PASSWORD);
  await page.getByRole('button', { name: auth('login.submit') }).click();
  await expect(page).toHaveURL(/\/app\/my-bikes\/receive-bike/);
  await expect(
    page.getByRole('listitem', { name: o('transfer.incomingLabel', { name: bike.nickname }) }),
  ).toBeVisible();
});

test('someone without an account is led from the log-in page to sign up, which names the offer', async ({
  page,
}) => {
  const { link } = await offerTo(page, uniqueEmail('newcomer'));
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: auth('offerWaiting.signupLink') }).click();
  await expect(page).toHaveURL(/\/signup/);
  await expect(page.getByText(auth('offerWaiting.title'))).toBeVisible();
  await expect(page.getByText(auth('offerWaiting.signup'))).toBeVisible();
});
