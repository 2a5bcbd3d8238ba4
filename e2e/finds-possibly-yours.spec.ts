import { randomBytes, randomInt } from 'node:crypto';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { grantCredits } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { demoSessionToken, vettedOrganisationViaApi } from './support/organisations.ts';
import { secondBrowser } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Issue 32 §2, "possibly yours": a town takes in a bike whose frame number is one character off a
 * stolen bike's (the same brand and colour). Staff see the stolen bike as a strong candidate with
 * the reasons in words and confirm it; the owner is mailed that a bike like theirs was taken in by
 * the town, opens the notice and claims it, which opens the chat with the town. (The bikes, the
 * theft report and the taking-in are set up through the API: they are other journeys.)
 */

const SUPPORT_EMAIL = 'support@demo.cykelregister.dk';
const ops = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'backoffice-ops', key), values);
const finds = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'finds', key), values);

function inDays(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

test('a bike taken in by a town meets a stolen one: staff see why, the owner is told and claims it in a chat', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const serial = randomInt(100_000_000, 999_999_999);
  const register = async (owner: { email: string; token: string }, nickname: string, frameNumber: string) => {
    await grantCredits(request, owner.email);
    const created = await request.post('/api/bikes/', {
      headers: { Authorization: `Bearer ${owner.token}` },
      data: {
        nickname,
        frame_number: frameNumber,
        brand: 'Kildemoes',
        model: 'Logic',
        category: 'city',
        color: 'blue',
      },
    });
    expect(created.status(), await created.text()).toBe(201);
    return ((await created.json()) as { bike_id: string }).bike_id;
  };
  const owner = await signUpViaApi(request);
  const stolenBikeId = await register(owner, 'Byhesten', `WDA${serial}3Z`);
  await reportStolenViaApi(request, owner.token, stolenBikeId);
  // The same frame misread in its last digit, registered by someone else.
  const other = await signUpViaApi(request);
  const foundFrame = `WDA${serial}8Z`;
  await register(other, 'Fundet', foundFrame);
  const townName = `Aarhus Kommune ${randomBytes(3).toString('hex')}`;
  const town = await vettedOrganisationViaApi(request, 'municipality', townName);
  const taken = await request.post('/api/item-pickups', {
    headers: { Authorization: `Bearer ${town.member.token}` },
    data: { identifier: foundFrame, place: 'Kommunens cykelgård', collect_until: inDays(30) },
  });
  expect(taken.status(), await taken.text()).toBe(201);

  // Staff find the found bike from the operations home and see the stolen one with the reasons.
  await signInBrowser(page, await demoSessionToken(request, SUPPORT_EMAIL));
  await page.goto('/backoffice/v2');
  await page.getByRole('link', { name: ops('v2.foundBikes.link') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(ops('found.title'));
  const item = page
    .getByRole('listitem')
    .filter({ has: page.getByRole('heading', { level: 2, name: new RegExp(foundFrame) }) });
  await expect(item.getByText(townName)).toBeVisible();
  const candidate = item.getByRole('listitem').filter({ hasText: `WDA${serial}3Z` });
  await expect(candidate.getByTestId('candidate-strength')).toContainText(ops('found.strong'));
  const reasons = candidate.getByRole('list', { name: ops('found.reasons') });
  await expect(reasons).toContainText(
    fillText(text('da', 'common', 'foundMatchReasons.frame_close_serial_one'), { count: 1 }),
  );
  await expect(reasons).toContainText(text('da', 'common', 'foundMatchReasons.brand'));
  await expect(candidate).not.toContainText(owner.email);
  await reviewScreenshot(page, 'staff-found-bikes');
  await expectNoA11yViolations(page);
  await candidate.getByRole('button', { name: ops('found.confirm') }).click();
  await expect(candidate.getByText(ops('found.decisions.confirmed'))).toBeVisible();

  // The owner is mailed that a bike like theirs was taken in by the town, and claims it.
  const mail = await waitForMail(request, owner.email, { linkPath: '/app/possibly-yours' });
  expect(mail.text).toContain(townName);
  const ownerPage = await secondBrowser(browser, { viewport, isMobile, hasTouch, locale, baseURL });
  await signInBrowser(ownerPage, owner.token);
  await ownerPage.goto(relativeLink(linkTo(mail, '/app/possibly-yours')));
  await expect(ownerPage.getByRole('heading', { level: 1 })).toHaveText(finds('possiblyYours.title'));
  await expect(ownerPage.getByText(new RegExp(townName))).toBeVisible();
  await reviewScreenshot(ownerPage, 'owner-possibly-yours');
  await expectNoA11yViolations(ownerPage);
  await ownerPage.getByRole('button', { name: finds('possiblyYours.claim') }).click();
  await expect(ownerPage).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/);
  await expect(ownerPage.getByText(text('da', 'chats', 'system.found_match_claimed'))).toBeVisible();
  await ownerPage.context().close();
});
