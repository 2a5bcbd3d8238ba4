import type { Page } from '@playwright/test';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { secondBrowser, setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Two people talk about a bike, each in their own browser: Berit asks Carl for his bike (a request
 * opens a chat in which Carl stays anonymous), Carl sees it in his inbox with an unread badge and
 * answers, Berit sees the answer arrive without reloading — now with Carl's name — and the sidebar
 * badge follows live. The unsent text of a chat survives leaving it. Axe on the inbox and the chat.
 */

const fill = fillText;
const c = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'chats', key), values);
const common = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'common', key), values);
const unreadText = (count: number) =>
  common(count === 1 ? 'nav.unreadMessages_one' : 'nav.unreadMessages_other', { count });
const rowUnreadText = (count: number) =>
  c(count === 1 ? 'inbox.unread_one' : 'inbox.unread_other', { count });

/**
 * The unread count as the sidebar tells it: beside Messages on a wide screen, on the menu button
 * of a phone (whose sidebar is a drawer). Read from the accessible name, as a screen reader would.
 */
async function expectUnread(page: Page, count: number): Promise<void> {
  const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
  const target = isPhone
    ? page.getByRole('button', { name: new RegExp(`^${escapeRegExp(common('shell.openMenu'))}`) })
    : page
        .getByRole('navigation', { name: common('shell.appNavigation') })
        .getByRole('link', { name: new RegExp(`^${escapeRegExp(common('nav.messages'))}`) });
  if (count === 0) await expect(target).not.toHaveAccessibleName(/\d/);
  else await expect(target).toHaveAccessibleName(new RegExp(`${escapeRegExp(unreadText(count))}$`));
}

async function openInbox(page: Page): Promise<void> {
  const isPhone = (page.viewportSize()?.width ?? 1280) < 768;
  if (isPhone) await page.getByRole('button', { name: new RegExp(`^${common('shell.openMenu')}`) }).click();
  await page.getByRole('link', { name: new RegExp(`^${escapeRegExp(common('nav.messages'))}`) }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c('inbox.title'));
}

const MAKE = 'Kildemoes Logic';
const REQUEST_TEXT = 'Hej! Jeg har købt cyklen af dig. Vil du overdrage den?';
const composer = (page: Page) => page.getByRole('textbox', { name: c('composer.label') });

test('two people talk about a bike live, with unread badges and a kept draft @phone @desktop', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
  language,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const carl = await signUpViaApi(request);
  await setName(request, carl, 'Carl', 'Cykelsen');
  const berit = await signUpViaApi(request);
  await setName(request, berit, 'Berit', 'Beder');
  const nickname = `Carls ladcykel ${Date.now().toString(36)}`;
  const { bikeId } = await registerBikeViaApi(request, carl, nickname);

  // Berit asks Carl for the bike (the request screen is the ownership feature's; its API is enough here).
  const asked = await request.post('/api/ownership-requests/', {
    headers: { Authorization: `Bearer ${berit.token}` },
    data: { bike_id: bikeId, message: REQUEST_TEXT },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { chat_id: chatId } = (await asked.json()) as { chat_id: string };

  // Carl: the badge counts what is new to him (the register's note of the request and Berit's text);
  // the inbox shows the request with its badge.
  const unread = await request.get('/api/chats/unread', {
    headers: { Authorization: `Bearer ${carl.token}` },
  });
  const { unread_count: carlUnread } = (await unread.json()) as { unread_count: number };
  expect(carlUnread).toBeGreaterThanOrEqual(1);
  await signInBrowser(page, carl.token);
  await page.goto('/app');
  await expectUnread(page, carlUnread);
  await openInbox(page);
  const row = page.getByRole('listitem').filter({ hasText: nickname });
  await expect(row).toContainText('Berit Beder');
  await expect(row).toContainText(c('subjects.request'));
  await expect(row).toContainText('Hej! Jeg har købt cyklen af dig.');
  await expect(row.getByText(rowUnreadText(carlUnread))).toBeAttached();
  // The long preview is cut short inside its card: the inbox never scrolls sideways (360 px).
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth),
  ).toBeLessThanOrEqual(0);
  await reviewScreenshot(page, 'carl-inbox');
  await expectNoA11yViolations(page);

  // Berit, in her own browser, opens the chat: Carl is still only "the owner", and the bike goes by
  // its make (its nickname is the owner's own).
  const beritPage = await secondBrowser(
    browser,
    { baseURL, viewport, isMobile, hasTouch, locale, deviceScaleFactor: isMobile ? 2 : 1 },
    language,
  );
  await signInBrowser(beritPage, berit.token);
  await beritPage.goto(`/app/chats/${chatId}`);
  await expect(beritPage.getByRole('heading', { level: 1 })).toHaveText(MAKE);
  await expect(beritPage.getByText(c('withRoles.owner'), { exact: false })).toBeVisible();
  await expect(beritPage.getByText(c('chat.anonymousNote'))).toBeVisible();
  await expect(beritPage.getByText(REQUEST_TEXT, { exact: true })).toBeVisible();
  await expectUnread(beritPage, 0);

  // Carl opens the chat: reading it clears his badge; he answers with Enter.
  await row.getByRole('link', { name: nickname }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(nickname);
  await expect(page.getByText(c('inbox.with', { name: 'Berit Beder' }), { exact: false })).toBeVisible();
  await expectUnread(page, 0);
  await composer(page).fill('Hej Berit, ja – kom forbi i morgen.');
  await composer(page).press('Enter');
  await expect(composer(page)).toHaveValue('');
  // The chat follows what is written: the new message shows above the composer, not below the fold.
  await expect(page.getByText('Hej Berit, ja – kom forbi i morgen.', { exact: true })).toBeInViewport();

  // Berit sees it arrive without reloading, and now with Carl's name.
  await expect(beritPage.getByText('Hej Berit, ja – kom forbi i morgen.', { exact: true })).toBeInViewport();
  await expect(
    beritPage.getByText(c('inbox.with', { name: 'Carl Cykelsen' }), { exact: false }),
  ).toBeVisible();
  await expect(beritPage.getByText(c('chat.anonymousNote'))).toBeHidden();
  await expectUnread(beritPage, 0);
  await reviewScreenshot(beritPage, 'berit-chat', { fullPage: false });
  await expectNoA11yViolations(beritPage);

  // Berit starts an answer and leaves the chat: the text waits for her.
  await composer(beritPage).fill('Tak! Jeg kommer kl. 10.');
  await beritPage.getByRole('link', { name: c('chat.back') }).click();
  await expect(beritPage.getByRole('heading', { level: 1 })).toHaveText(c('inbox.title'));

  // While she is elsewhere Carl writes again: her badge counts it live, and so does her inbox.
  await composer(page).fill('Husk kvitteringen.');
  await page.getByRole('button', { name: c('composer.send') }).click();
  await expect(composer(page)).toHaveValue('');
  await expectUnread(beritPage, 1);
  const beritRow = beritPage.getByRole('listitem').filter({ hasText: MAKE });
  await expect(beritRow).toContainText('Husk kvitteringen.');
  await expect(beritRow.getByText(rowUnreadText(1))).toBeAttached();
  await reviewScreenshot(beritPage, 'berit-inbox');
  await expectNoA11yViolations(beritPage);

  // Back in the chat: her draft is there, the new message is read, and sending clears the draft.
  await beritRow.getByRole('link', { name: MAKE }).click();
  await expect(composer(beritPage)).toHaveValue('Tak! Jeg kommer kl. 10.');
  await expect(beritPage.getByText(c('composer.draftRestored'))).toBeVisible();
  await expect(beritPage.getByText('Husk kvitteringen.', { exact: true })).toBeVisible();
  await expectUnread(beritPage, 0);
  await beritPage.getByRole('button', { name: c('composer.send') }).click();
  await expect(composer(beritPage)).toHaveValue('');
  await expect(page.getByText('Tak! Jeg kommer kl. 10.', { exact: true })).toBeInViewport();
  await beritPage.reload();
  await expect(beritPage.getByText('Tak! Jeg kommer kl. 10.', { exact: true })).toBeVisible();
  await expect(composer(beritPage)).toHaveValue('');

  await reviewScreenshot(page, 'carl-chat', { fullPage: false });
  await expectNoA11yViolations(page);
  await beritPage.context().close();
});

test('an offer in the chat: the recipient accepts on its card and the sender sees it decided live', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
  language,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const carl = await signUpViaApi(request);
  await setName(request, carl, 'Carl', 'Cykelsen');
  // Accepting needs a confirmed e-mail address.
  const berit = await signUpViaApi(request);
  await setName(request, berit, 'Berit', 'Beder');
  const { bikeId } = await registerBikeViaApi(request, carl, 'Den gamle');
  const asked = await request.post('/api/ownership-requests/', {
    headers: { Authorization: `Bearer ${berit.token}` },
    data: { bike_id: bikeId, message: REQUEST_TEXT },
  });
  expect(asked.status(), await asked.text()).toBe(201);
  const { chat_id: chatId, request_id: requestId } = (await asked.json()) as {
    chat_id: string;
    request_id: string;
  };

  await signInBrowser(page, carl.token);
  await page.goto(`/app/chats/${chatId}`);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Den gamle');
  const beritPage = await secondBrowser(
    browser,
    { baseURL, viewport, isMobile, hasTouch, locale, deviceScaleFactor: isMobile ? 2 : 1 },
    language,
  );
  await signInBrowser(beritPage, berit.token);
  await beritPage.goto(`/app/chats/${chatId}`);
  await expect(beritPage.getByText(REQUEST_TEXT, { exact: true })).toBeVisible();

  // Carl offers the bike from the request (the ownership screens do this; the API is enough here).
  const offered = await request.post(`/api/ownership-requests/${requestId}/offer`, {
    headers: { Authorization: `Bearer ${carl.token}` },
  });
  expect(offered.status(), await offered.text()).toBe(200);

  // Both see the offer arrive; each gets only their own buttons.
  const beritOffer = beritPage.getByRole('region', { name: c('offer.title') });
  const carlOffer = page.getByRole('region', { name: c('offer.title') });
  await expect(beritOffer).toContainText(c('offer.status.pending'));
  await expect(beritOffer.getByRole('button', { name: c('offer.accept') })).toBeVisible();
  await expect(beritOffer.getByRole('button', { name: c('offer.reject') })).toBeVisible();
  await expect(beritOffer.getByRole('button', { name: c('offer.cancel') })).toHaveCount(0);
  await expect(carlOffer.getByRole('button', { name: c('offer.cancel') })).toBeVisible();
  await expect(carlOffer.getByRole('button', { name: c('offer.accept') })).toHaveCount(0);
  await expectNoA11yViolations(beritPage);

  // Accepting asks first (it is permanent); going back changes nothing.
  await beritOffer.getByRole('button', { name: c('offer.accept') }).click();
  const dialog = beritPage.getByRole('alertdialog', { name: c('offer.acceptTitle') });
  await expect(dialog).toContainText(c('offer.acceptBody'));
  await expectNoA11yViolations(beritPage);
  await dialog.getByRole('button', { name: c('offer.keep') }).click();
  await expect(dialog).toBeHidden();
  await expect(beritOffer).toContainText(c('offer.status.pending'));
  await beritOffer.getByRole('button', { name: c('offer.accept') }).click();
  await dialog.getByRole('button', { name: c('offer.acceptConfirm') }).click();
  await expect(beritOffer).toContainText(c('offer.status.accepted'));
  await expect(beritOffer).toContainText(c('offer.done.accepted'));
  await expect(beritOffer.getByRole('button')).toHaveCount(0);
  // The button that was pressed is gone: focus lands on the decided card, not on the page's start.
  await expect(beritOffer).toBeFocused();
  await reviewScreenshot(beritPage, 'berit-offer-accepted', { fullPage: false });

  // Carl's card follows without a reload.
  await expect(carlOffer).toContainText(c('offer.status.accepted'));
  await expect(carlOffer.getByRole('button')).toHaveCount(0);
  await expect(page.getByText(c('system.transfer_accepted'), { exact: true })).toBeInViewport();
  await reviewScreenshot(page, 'carl-offer-accepted', { fullPage: false });

  // From the decided card straight to the bike, now Berit's.
  await beritOffer.getByRole('link', { name: c('offer.done.openBike') }).click();
  await expect(beritPage).toHaveURL(/\/app\/my-bikes\/[0-9a-f-]{36}$/);
  await expect(beritPage.getByRole('heading', { level: 1 })).toBeVisible();
  await beritPage.context().close();
});

test('an empty inbox explains where conversations come from', async ({ page }) => {
  const person = await signUpViaApi(page.request);
  await signInBrowser(page, person.token);
  await page.goto('/app/chats');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(c('inbox.title'));
  await expect(page.getByText(c('inbox.emptyBody'))).toBeVisible();
  await expect(page.getByRole('link', { name: c('inbox.emptyRequest') })).toBeVisible();
  await expectNoA11yViolations(page);
});
