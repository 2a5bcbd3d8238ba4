import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Staff review a new theft report (issue 17 §1): support opens /backoffice/v2/stolen-bikes, opens
 * the report's private data with a reason, marks it suspicious with a note and writes to the owner
 * through the register; the owner finds the message in their chats. (The report is made through the
 * API: reporting a theft is theft.spec.ts's journey.)
 */

const SUPPORT_EMAIL = 'support@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);

function heading(page: Page) {
  return page.getByRole('heading', { level: 1 });
}

test('support reviews a new theft report: opens it with a reason, marks it suspicious, writes to the owner', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const owner = await signUpViaApi(page.request);
  const bike = await registerBikeViaApi(page.request, owner, `Stjålet ${Date.now()}`);
  await reportStolenViaApi(page.request, owner.token, bike.bikeId);

  await signInBrowser(page, await demoSessionToken(page.request, SUPPORT_EMAIL));
  await page.goto('/backoffice/v2');
  await page.getByRole('link', { name: ops('v2.stolenBikes.link') }).click();
  await expect(heading(page)).toHaveText(ops('stolen.title'));
  const report = page.getByRole('listitem').filter({ hasText: bike.frameNumber });
  await expect(report.getByTestId('review-state')).toHaveText(ops('stolen.states.new'));
  await expect(report).not.toContainText(owner.email);
  await expectNoA11yViolations(page);

  await report.getByRole('button', { name: ops('stolen.open') }).click();
  await report.getByRole('textbox', { name: ops('stolen.reason') }).fill('Sag 4711: tjek af anmeldelsen');
  await report.getByRole('button', { name: ops('stolen.openConfirm') }).click();
  // The opened report shows above the queue and stays while the queue changes under it.
  const opened = page.getByRole('region', {
    name: ops('stolen.openedTitle', { bike: `${bike.nickname} – Kildemoes Logic` }),
  });
  await expect(opened.getByRole('heading', { name: ops('stolen.suspicionTitle') })).toBeVisible();

  await opened
    .getByRole('textbox', { name: ops('stolen.suspicionNote') })
    .fill('Samme stel sat til salg online');
  await opened.getByRole('button', { name: ops('stolen.markSuspicious') }).click();
  await expect(
    opened.getByText(ops('stolen.isSuspicious', { note: 'Samme stel sat til salg online' })),
  ).toBeVisible();
  // Marked suspicious counts as reviewed: the report has left the queue of new ones.
  await expect(report).toHaveCount(0);

  await opened
    .getByRole('textbox', { name: ops('stolen.message') })
    .fill('Hej, vi har et spørgsmål til din anmeldelse.');
  await opened.getByRole('button', { name: ops('stolen.send') }).click();
  await expect(opened.getByText(ops('stolen.sent'))).toBeVisible();
  await expectNoA11yViolations(page);

  // The owner has the message in a chat about the bike.
  const chats = await page.request.get('/api/chats/', {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(chats.status()).toBe(200);
  expect(JSON.stringify(await chats.json())).toContain('Hej, vi har et spørgsmål til din anmeldelse.');
});
