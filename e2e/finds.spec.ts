import { randomBytes } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { signInBrowser, signUpViaApi, uniqueEmail, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { findLink, waitForMail } from './support/mailbox.ts';
import { secondBrowser, setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Issue 6 §2 and §4: a visitor scans the sticker of a stolen bike and writes to its owner without an
 * account, and confirms the message with the link mailed to their address (nothing reaches the owner
 * before); the owner reads it in their messages without the visitor's address and answers; the
 * visitor's mailbox is told (never the answer itself). A signed-in person lands in the chat. A
 * verified finder registers that they hold a bike, and the owner marks it collected.
 */

const f = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'finds', key), values);
const c = (key: string) => text('da', 'chats', key);
const s = (key: string) => text('da', 'search', key);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });

/** An owner with a named, stickered bike reported stolen through the API. */
async function ownerOfStolenBike(request: APIRequestContext, label: string) {
  const owner = await signUpViaApi(request);
  await setName(request, owner, 'Olga', 'Ejersen');
  const nickname = `${label} ${randomBytes(3).toString('hex')}`;
  const bike = await registerBikeViaApi(request, owner, nickname);
  await reportStolenViaApi(request, owner.token, bike.bikeId);
  return { owner, bike };
}

test('a visitor scans a stolen bike’s sticker and writes to the owner, who answers; the visitor is told by e-mail @phone', async ({
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
  const { owner, bike } = await ownerOfStolenBike(request, 'Olgas ladcykel');
  const visitorEmail = uniqueEmail('finder');
  const message = 'Hej! Din cykel står låst til et stativ ved Nørreport station, indgang Frederiksborggade.';

  // A visitor (no account) scans the sticker and sees the stolen banner.
  await page.goto(`/sticker-id/${bike.plate}`);
  await expect(page.getByText(s('public.stolenTitle'))).toBeVisible();
  await page.getByRole('link', { name: f('banner.contact') }).click();
  await expect(heading(page)).toHaveText(f('contact.title'));
  await expect(page).toHaveURL(new RegExp(`/app/bikes/${bike.bikeId}/contact-bike-owner$`));

  // Sending without an address says what is missing and sends nothing.
  await page.getByRole('textbox', { name: f('contact.message'), exact: true }).fill(message);
  await expect(page.getByText(f('form.remaining_other', { count: 2000 - message.length }))).toBeVisible();
  await page.getByRole('button', { name: f('contact.send') }).click();
  await expect(page.getByText(text('da', 'common', 'validation.required')).first()).toBeVisible();
  await page.getByRole('textbox', { name: f('contact.email'), exact: true }).fill(visitorEmail);
  await reviewScreenshot(page, 'contact-visitor');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: f('contact.send') }).click();

  // Not sent yet: anyone can type any address, so the visitor confirms with the link mailed there.
  await expect(heading(page)).toHaveText(f('success.visitorTitle'));
  await expect(page.getByText(visitorEmail)).toBeVisible();
  await expect(page.getByText(f('success.visitorPending'))).toBeVisible();
  await reviewScreenshot(page, 'contact-visitor-check-mail');
  await expectNoA11yViolations(page);
  const unread = async () => {
    const response = await request.get('/api/chats/unread', {
      headers: { authorization: `Bearer ${owner.token}` },
    });
    return ((await response.json()) as { unread_count: number }).unread_count;
  };
  expect(await unread()).toBe(0);

  const confirmPath = `/app/bikes/${bike.bikeId}/contact-bike-owner/confirm`;
  const confirmation = await waitForMail(request, visitorEmail, { linkPath: confirmPath });
  expect(confirmation.text).not.toContain('Nørreport');
  const link = findLink(confirmation, confirmPath);
  expect(link?.searchParams.get('code')).toBeTruthy();
  await page.goto(`${link?.pathname}${link?.search}`);
  await expect(heading(page)).toHaveText(f('confirm.sentTitle'));
  await expect(page.getByText(f('confirm.sent'))).toBeVisible();
  await expect(page.getByRole('link', { name: f('success.signUp') })).toBeVisible();
  await reviewScreenshot(page, 'contact-visitor-confirmed');
  await expectNoA11yViolations(page);
  expect(await unread()).toBe(1);

  // The owner reads it in their messages: from a visitor, without the visitor's address.
  const ownerPage = await secondBrowser(browser, { viewport, isMobile, hasTouch, locale, baseURL });
  await signInBrowser(ownerPage, owner.token);
  await ownerPage.goto('/app/chats');
  const row = ownerPage.getByRole('listitem').filter({ hasText: bike.nickname });
  await row.getByRole('link', { name: bike.nickname }).click();
  await expect(heading(ownerPage)).toHaveText(bike.nickname);
  await expect(ownerPage.getByText(message, { exact: true })).toBeVisible();
  await expect(ownerPage.getByText(c('withRoles.guest'), { exact: false }).first()).toBeVisible();
  await expect(ownerPage.locator('body')).not.toContainText(visitorEmail);
  await reviewScreenshot(ownerPage, 'owner-chat-with-visitor');

  const answer = 'Tusind tak! Jeg henter den i aften.';
  await ownerPage.getByRole('textbox', { name: c('composer.label') }).fill(answer);
  // The answer shows before its write has committed: the mailer's pass must come after the write.
  const stored = ownerPage.waitForResponse(
    (response) =>
      response.request().method() === 'POST' && /\/api\/chats\/[^/]+\/messages$/.test(response.url()),
  );
  await ownerPage.getByRole('button', { name: c('composer.send') }).click();
  expect((await stored).status()).toBe(201);
  await expect(ownerPage.getByText(answer, { exact: true }).first()).toBeVisible();

  // The mailer's next pass (run now by the development stand-in) tells the visitor – not what was written.
  const pass = await request.post('/dev/chats/notify');
  expect(pass.status(), await pass.text()).toBe(200);
  const mail = await waitForMail(request, visitorEmail, { linkPath: '/app/chats' });
  expect(mail.text).toContain(visitorEmail);
  for (const secret of [answer, 'Olga', owner.email]) expect(mail.text).not.toContain(secret);
  await ownerPage.context().close();
});

test('a signed-in person writes from the public page of a stolen bike and lands in the chat', async ({
  page,
}) => {
  const request = page.request;
  const { bike } = await ownerOfStolenBike(request, 'Stjålen racer');
  const person = await signUpViaApi(request);
  await setName(request, person, 'Kim', 'Kontakt');
  await signInBrowser(page, person.token);

  await page.goto(`/app/my-bikes/${bike.bikeId}/public`);
  await page.getByRole('link', { name: f('banner.contact') }).click();
  await expect(heading(page)).toHaveText(f('contact.title'));
  // Signed in: no address to give, the answer comes in the chat.
  await expect(page.getByRole('textbox', { name: f('contact.email'), exact: true })).toHaveCount(0);
  const message = 'Jeg så din cykel i Valby i morges.';
  await page.getByRole('textbox', { name: f('contact.message'), exact: true }).fill(message);
  await reviewScreenshot(page, 'contact-member');
  await page.getByRole('button', { name: f('contact.send') }).click();

  await expect(heading(page)).toHaveText(f('success.title'));
  await page.getByRole('link', { name: f('success.openChat') }).click();
  await expect(page).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/);
  await expect(page.getByText(message, { exact: true })).toBeVisible();
  await expect(page.getByText(c('withRoles.owner'), { exact: false }).first()).toBeVisible();
});

test('a verified finder holds a stolen bike for its owner, who sees where to collect it and marks it collected', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
}) => {
  test.setTimeout(90_000);
  const request = page.request;
  const { owner, bike } = await ownerOfStolenBike(request, 'Olgas bycykel');
  const finder = await verifiedAccountViaApi(request, 'finder');
  await setName(request, finder, 'Frida', 'Findersen');
  await signInBrowser(page, finder.token);

  await page.goto(`/app/my-bikes/${bike.bikeId}/public`);
  await page.getByRole('link', { name: f('banner.haveIt') }).click();
  await expect(heading(page)).toHaveText(f('pickups.title'));
  const place = 'Valby Politistation, Gammel Køge Landevej 3';
  await page.getByRole('textbox', { name: f('register.place'), exact: true }).fill(place);
  await page
    .getByRole('textbox', { name: f('register.note'), exact: true })
    .fill('Spørg efter vagthavende. Medbring kvittering.');
  await reviewScreenshot(page, 'pickup-register');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: f('register.submit') }).click();
  await expect(page.getByText(f('register.doneTitle'))).toBeVisible();
  const held = page.getByRole('region', { name: f('pickups.heldByMe') });
  await expect(held.getByText(place)).toBeVisible();

  // The owner sees it waiting, with the finder's first name only, and collects it.
  await waitForMail(request, owner.email, { linkPath: '/app/item-pickup' });
  const ownerPage = await secondBrowser(browser, { viewport, isMobile, hasTouch, locale, baseURL });
  await signInBrowser(ownerPage, owner.token);
  await ownerPage.goto('/app/item-pickup');
  const waiting = ownerPage.getByRole('region', { name: f('pickups.forMe') });
  const card = waiting.getByRole('listitem').filter({ hasText: bike.nickname });
  await expect(card.getByText(place)).toBeVisible();
  await expect(card.getByText('Frida', { exact: true })).toBeVisible();
  await expect(ownerPage.locator('body')).not.toContainText('Findersen');
  await expect(card.getByText(f('pickups.urgency.later'))).toBeVisible();
  await reviewScreenshot(ownerPage, 'pickup-owner');
  await expectNoA11yViolations(ownerPage);
  await card.getByRole('button', { name: f('pickups.iCollected') }).click();
  await expect(card.getByText(f('pickups.status.collected'))).toBeVisible();
  await expect(ownerPage.getByText(f('pickups.collectedDone'))).toBeVisible();
  await ownerPage.context().close();
});
