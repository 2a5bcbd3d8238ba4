import path from 'node:path';
import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { actingSession, DEMO_INSURER, DEMO_INSURER_USER } from './support/organisations.ts';
import { secondBrowser } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 16 §3: a lock test round trip. The demo insurer's staff ask a holder (by address and policy)
 * for a lock test in the portal; the holder follows the mailed link and answers from the lock
 * certificate, in Norwegian; the insurer rejects with a reason the holder is mailed, asks again
 * (the second request and answer through the API), and approves the corrected answer.
 */

const da = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'lock-tests', key), values);
const no = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('no', 'lock-tests', key), values);

const FIXTURES = path.join(import.meta.dirname, 'fixtures');

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

test('an insurer asks for a lock test, the holder answers from the certificate, the insurer rejects, asks again and approves @phone', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const insurer = await actingSession(request, DEMO_INSURER_USER, DEMO_INSURER);
  const holder = await signUpViaApi(request, { language: 'no', region: 'no' });
  const bike = await registerBikeViaApi(request, holder, 'Låssykkel');
  const applied = await request.post('/api/insurance/policies/', {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bike.bikeId],
    },
  });
  expect(applied.status(), await applied.text()).toBe(201);
  const policyId = ((await applied.json()) as { id: string }).id;

  // The insurer's staff ask in the portal; a wrong address is refused and sends nothing.
  await signInBrowser(page, insurer.token);
  await page.goto(`/insurance/${insurer.partyId}/lock-test-portal`);
  await expect(heading(page)).toHaveText(da('portal.insurerTitle'));
  await page
    .getByRole('textbox', { name: da('request.email'), exact: true })
    .fill('someone-else@example.test');
  await page.getByRole('textbox', { name: da('request.policyId'), exact: true }).fill(policyId);
  await page.getByRole('button', { name: da('request.submit') }).click();
  await expect(
    page.getByText(text('da', 'common', 'validation.lock_test_holder_mismatch')).first(),
  ).toBeVisible();
  await page.getByRole('textbox', { name: da('request.email'), exact: true }).fill(holder.email);
  await reviewScreenshot(page, 'portal-insurer');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: da('request.submit') }).click();
  await expect(heading(page)).toHaveText(da('detail.title'));
  await expect(page.getByText(da('detail.waitingForHolder'))).toBeVisible();
  const firstAsk = new URL(page.url()).pathname;

  // The holder follows the mailed link and answers in Norwegian.
  const mail = await waitForMail(request, holder.email, { subject: /Demo Forsikring/ });
  const holderPage = await secondBrowser(browser, { baseURL, viewport, isMobile, hasTouch }, 'no');
  await signInBrowser(holderPage, holder.token);
  await holderPage.goto(relativeLink(linkTo(mail, firstAsk)));
  await expect(heading(holderPage)).toHaveText(no('detail.title'));
  await expect(holderPage.getByText(no('status.requested'), { exact: true })).toBeVisible();
  // Sending an empty certificate says what is missing.
  await holderPage.getByRole('button', { name: no('answer.submit') }).click();
  await expect(holderPage.getByText(text('no', 'common', 'validation.required')).first()).toBeVisible();
  await holderPage
    .getByRole('textbox', { name: no('answer.certificateNumber'), exact: true })
    .fill('VK 2231');
  await holderPage
    .getByRole('textbox', { name: no('answer.lockName'), exact: true })
    .fill('ABUS Granit X-Plus 540');
  await holderPage.getByRole('textbox', { name: no('answer.keyNumber'), exact: true }).fill('K-45120');
  await holderPage
    .getByRole('textbox', { name: no('answer.certificateFrameNumber'), exact: true })
    .fill('WXX 0000 1A');
  await holderPage.getByText(no('answer.dealerStampCheck')).click();
  // A picture of the certificate goes up to the bike as a private lock-proof picture.
  await holderPage
    .getByRole('group', { name: no('pictures.title') })
    .locator('input[type="file"]')
    .setInputFiles(path.join(FIXTURES, 'frame-number.jpg'));
  await expect(holderPage.getByRole('img', { name: no('pictures.alt', { number: 1 }) })).toBeVisible();
  await reviewScreenshot(holderPage, 'answer-holder');
  await expectNoA11yViolations(holderPage);
  await holderPage.getByRole('button', { name: no('answer.submit') }).click();
  await expect(holderPage.getByText(no('answer.savedTitle'))).toBeVisible();

  // The insurer sees the answer, with the register's verdict on the frame number, and rejects it.
  await page.reload();
  await expect(page.getByText(da('status.answered'), { exact: true })).toBeVisible();
  await expect(page.getByText(da('answer.frameDiffers'), { exact: false })).toBeVisible();
  await expect(page.getByRole('img', { name: da('pictures.alt', { number: 1 }) })).toBeVisible();
  await page.getByText(da('decision.reject')).click();
  await page.getByRole('button', { name: da('decision.submit') }).click();
  await expect(page.getByText(text('da', 'common', 'validation.required')).first()).toBeVisible();
  const reason = 'Stelnummeret på låsebeviset er ikke cyklens.';
  await page.getByRole('textbox', { name: da('decision.reason'), exact: false }).fill(reason);
  await reviewScreenshot(page, 'decision-insurer');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: da('decision.submit') }).click();
  await expect(page.getByText(da('status.rejected'), { exact: true })).toBeVisible();
  await expect(page.getByText(da('detail.rejectedReason', { reason }))).toBeVisible();

  // The holder is told why, and can no longer change that answer.
  const rejection = await waitForMail(request, holder.email, { subject: /kunne ikke godkjenne/ });
  expect(rejection.text).toContain(reason);
  await holderPage.reload();
  await expect(holderPage.getByText(no('detail.rejectedReason', { reason }))).toBeVisible();
  await expect(holderPage.getByRole('button', { name: no('answer.submit') })).toHaveCount(0);

  // Asked again, and answered with the bike's frame number (through the API: the portal's request
  // and the holder's form were tried above); the insurer sees it match and approves.
  const insurerHeaders = { Authorization: `Bearer ${insurer.token}` };
  const again = await request.post(`/api/insurance/${insurer.partyId}/lock-tests`, {
    headers: insurerHeaders,
    data: { email: holder.email, policy_id: policyId },
  });
  expect(again.status(), await again.text()).toBe(201);
  const secondId = ((await again.json()) as { id: string }).id;
  const answered = await request.put(`/api/insurance/lock-tests/${secondId}/answer`, {
    headers: { Authorization: `Bearer ${holder.token}` },
    data: {
      approval: 'varefakta',
      certificate_number: 'VK 2231',
      lock_name: 'ABUS Granit X-Plus 540',
      key_number: 'K-45120',
      certificate_frame_number: bike.frameNumber.toLowerCase(),
      dealer_stamp: true,
      bike_id: bike.bikeId,
    },
  });
  expect(answered.status(), await answered.text()).toBe(200);
  const secondAsk = `/insurance/${insurer.partyId}/lock-test-portal/${secondId}`;
  // The holder's portal lists both of the insurer's requests.
  await holderPage.goto(`/insurance/${insurer.partyId}/lock-test-portal`);
  await expect(heading(holderPage)).toHaveText(no('portal.holderTitle'));
  await expect(
    holderPage.getByRole('link', { name: no('list.policy', { policy: no('list.policyApplication') }) }),
  ).toHaveCount(2);
  await page.goto(secondAsk);
  await expect(page.getByText(da('answer.frameMatches'), { exact: false })).toBeVisible();
  await page.getByRole('button', { name: da('decision.submit') }).click();
  await expect(page.getByText(da('detail.approvedTitle'))).toBeVisible();
  await waitForMail(request, holder.email, { subject: /har godkjent/ });
  await holderPage.goto(secondAsk);
  await expect(holderPage.getByText(no('detail.approvedTitle'))).toBeVisible();
  await reviewScreenshot(holderPage, 'approved-holder');
  await holderPage.context().close();
});
