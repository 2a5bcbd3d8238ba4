import { randomBytes } from 'node:crypto';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { vettedOrganisationViaApi } from './support/organisations.ts';
import { secondBrowser, setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Issue 17 §3 and §4: a member acting for the police searches the register for a stolen bike by its
 * frame number, opens it (its history, never its owner), states a case number and sees how to reach
 * the owner. The owner signs in and finds the look-up in their access log: by the police's name, when,
 * and the case number — never the officer's name.
 */

const o = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'org-search', key), values);
const st = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'settings', key), values);

test('police find a stolen bike, state a case number and see the owner’s contact; the owner sees the look-up in their access log', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const owner = await signUpViaApi(request);
  await setName(request, owner, 'Olga', 'Ejersen');
  const bike = await registerBikeViaApi(request, owner, `Olgas cykel ${randomBytes(3).toString('hex')}`);
  await reportStolenViaApi(request, owner.token, bike.bikeId);
  const policeName = `Københavns Politi ${randomBytes(3).toString('hex')}`;
  const police = await vettedOrganisationViaApi(request, 'police', policeName);
  await setName(request, police.member, 'Betjent', 'Hansen');

  // The officer, acting for the police, searches by the frame number as written on the bike.
  await signInBrowser(page, police.member.token);
  await page.goto('/org-bike-search');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(o('title'));
  await page.getByRole('searchbox', { name: o('form.q') }).fill(bike.frameNumber.toLowerCase());
  await page.getByRole('button', { name: o('form.submit') }).click();
  const results = page.getByRole('region', { name: o('results.heading') });
  await expect(results.getByText(bike.frameNumber)).toBeVisible();
  await expect(results.getByText(/Stjålet siden/)).toBeVisible();
  await expect(page.locator('body')).not.toContainText('Ejersen');
  await reviewScreenshot(page, 'police-search');
  await expectNoA11yViolations(page);

  // The bike: its history, and the owner's contact only after a case number.
  await results.getByRole('link', { name: 'Kildemoes Logic' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Kildemoes Logic');
  const history = page.getByRole('region', { name: o('history.title') });
  await expect(history.getByText(o('history.events.reported_stolen'))).toBeVisible();
  await expect(page.locator('body')).not.toContainText(owner.email);
  const contact = page.getByRole('region', { name: o('contact.title') });
  await contact.getByRole('button', { name: o('contact.submit') }).click();
  await expect(contact.getByText(text('da', 'common', 'validation.required'))).toBeVisible();
  // Issue 27: the police's own form of case number, explained with an example; "x" is refused.
  await expect(
    contact.getByText(o('contact.caseNumberHintDk', { example: '0100-80151-00012-24' })),
  ).toBeVisible();
  await contact.getByRole('textbox', { name: o('contact.caseNumber') }).fill('x');
  await contact.getByRole('button', { name: o('contact.submit') }).click();
  await expect(
    contact.getByText(text('da', 'common', 'validation.invalid_police_case_number')),
  ).toBeVisible();
  await contact.getByRole('textbox', { name: o('contact.caseNumber') }).fill('0100-84512-00123-26');
  await contact.getByRole('button', { name: o('contact.submit') }).click();
  const details = contact.getByTestId('owner-contact');
  await expect(details.getByText(owner.email)).toBeVisible();
  await expect(details.getByText('Olga Ejersen')).toBeVisible();
  await reviewScreenshot(page, 'police-contact');
  await expectNoA11yViolations(page);

  // The owner signs in and finds the look-up in the access log of their settings.
  const ownerPage = await secondBrowser(browser, { viewport, isMobile, hasTouch, locale, baseURL });
  await signInBrowser(ownerPage, owner.token);
  await ownerPage.goto('/app/settings');
  const log = ownerPage.getByRole('region', { name: st('accessLog.title') });
  const revealed = log.getByRole('listitem').filter({ hasText: st('accessLog.what.contact') });
  await expect(revealed).toContainText(policeName);
  await expect(revealed).toContainText(st('accessLog.caseNumber', { caseNumber: '0100-84512-00123-26' }));
  await expect(log.getByRole('listitem').filter({ hasText: st('accessLog.what.bike') })).toContainText(
    policeName,
  );
  await expect(log).not.toContainText('Hansen');
  await log.scrollIntoViewIfNeeded();
  await reviewScreenshot(ownerPage, 'owner-access-log');
  await expectNoA11yViolations(ownerPage);
  await ownerPage.context().close();
});
