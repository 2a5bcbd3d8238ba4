import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Locator, Page } from '@playwright/test';
import { signInBrowser, signUpViaApi, TEST_PASSWORD, uniqueEmail } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { linkTo, relativeLink, waitForMail } from './support/mailbox.ts';
import { secondBrowser, setName } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Ownership as people use it (issue 5, done when): Anna gives her bike to Bo by e-mail through the
 * transfer screens; Bo, sitting in his inbox in his own browser, sees the offer arrive live, accepts
 * it in the chat, and the bike is his and no longer hers. Bo asks Cecilie for her bike through the
 * request screens and they chat. Plus the recipient form's checks, the 'no transferable bikes'
 * message, receiving through the offer mail's link after signing up, and verifying ownership up to
 * "submitted". Axe on every screen, on a wide screen and at 360 px.
 */

const FIXTURES = join(dirname(fileURLToPath(import.meta.url)), 'fixtures');
const fill = fillText;
const o = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'ownership', key), values);
const c = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'chats', key), values);
const common = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'common', key), values);
const b = (key: string) => text('da', 'bikes', key);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
/** A text field by the start of its label (the label may end with "(valgfri)"). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });

/** Picks a file through the button that opens the file chooser, as a person does. */
async function chooseFile(page: Page, button: string, file: string): Promise<void> {
  const chooser = page.waitForEvent('filechooser');
  await page.getByRole('button', { name: button, exact: true }).last().click();
  await (await chooser).setFiles(join(FIXTURES, file));
}

const unique = (label: string) => `${label} ${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;

test('Anna gives her bike to Bo: he sees the offer live in his chat, accepts, and the bike moves @phone', async ({
  page,
  browser,
  baseURL,
  viewport,
  isMobile,
  hasTouch,
  locale,
}) => {
  test.setTimeout(180_000);
  const request = page.request;
  const anna = await signUpViaApi(request);
  await setName(request, anna, 'Anna', 'Andersen');
  const bo = await signUpViaApi(request);
  await setName(request, bo, 'Bo', 'Bech');
  const bike = await registerBikeViaApi(request, anna, unique('Annas cykel'));

  // Bo waits in his inbox, in his own browser.
  const boPage = await secondBrowser(browser, {
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    locale,
    deviceScaleFactor: isMobile ? 2 : 1,
  });
  await signInBrowser(boPage, bo.token);
  await boPage.goto('/app/chats');
  await expect(heading(boPage)).toHaveText(c('inbox.title'));

  // Anna: the ownership portal → give → choose the bike.
  await signInBrowser(page, anna.token);
  await page.goto('/app/bikes/ownership-portal');
  await expect(heading(page)).toHaveText(o('portal.title'));
  await expect(page.getByText(o('portal.nothingPending'))).toBeVisible();
  await reviewScreenshot(page, 'portal-empty');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: o('portal.giveAction') }).click();
  await expect(page).toHaveURL(/\/app\/bikes\/transfer-ownership$/);
  await expect(heading(page)).toHaveText(o('transfer.chooseTitle'));
  await expect(page.getByText(bike.frameNumber)).toBeVisible();
  await reviewScreenshot(page, 'transfer-choose-bike');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: o('transfer.chooseBikeLabel', { name: bike.nickname }) }).click();

  // The recipient, twice.
  await expect(page).toHaveURL(new RegExp(`/app/bikes/transfer-ownership/${bike.bikeId}/choose-recipient$`));
  await expect(heading(page)).toHaveText(o('transfer.recipientTitle'));
  await field(page, o('transfer.email')).fill(bo.email);
  await field(page, o('transfer.emailConfirmation')).fill(bo.email);
  await reviewScreenshot(page, 'transfer-choose-recipient');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: o('transfer.next') }).click();

  // Confirm: the bike, the address and what happens.
  await expect(page).toHaveURL(new RegExp(`/app/bikes/transfer-ownership/${bike.bikeId}/confirm$`));
  await expect(heading(page)).toHaveText(o('transfer.confirmTitle'));
  await expect(page.getByText(bo.email)).toBeVisible();
  await expect(page.getByText(bike.frameNumber)).toBeVisible();
  for (const step of ['mail', 'answer', 'cancel', 'moves', 'pictures', 'frameLocked', 'permanent']) {
    await expect(page.getByText(o(`transfer.steps.${step}`))).toBeVisible();
  }
  await reviewScreenshot(page, 'transfer-confirm');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: o('transfer.confirm') }).click();
  await expect(heading(page)).toHaveText(o('transfer.sentTitle'));
  await expect(page.getByText(o('transfer.sentText', { email: bo.email }))).toBeVisible();
  await reviewScreenshot(page, 'transfer-sent');
  await expectNoA11yViolations(page);

  // The portal lists the pending offer, which Anna could still cancel.
  await page.getByRole('link', { name: o('transfer.toPortal') }).click();
  const outgoing = page.getByRole('listitem', { name: o('transfer.outgoingLabel', { name: bike.nickname }) });
  await expect(outgoing).toContainText(o('transfer.to', { email: bo.email }));
  await expect(outgoing.getByRole('button', { name: o('transfer.cancel') })).toBeVisible();
  await reviewScreenshot(page, 'portal-pending');
  await expectNoA11yViolations(page);

  // Bo: the offer arrives in his inbox without a reload; he opens it and accepts in the chat.
  const row = boPage.getByRole('listitem').filter({ hasText: bike.nickname });
  await expect(row).toBeVisible();
  await expect(row).toContainText(c('subjects.transfer'));
  await row.getByRole('link', { name: bike.nickname }).click();
  const offer = boPage.getByRole('region', { name: c('offer.title') });
  await expect(offer).toContainText(bike.frameNumber);
  await expect(offer).toContainText(c('offer.status.pending'));
  await offer.getByRole('button', { name: c('offer.accept') }).click();
  await boPage
    .getByRole('alertdialog')
    .getByRole('button', { name: c('offer.acceptConfirm') })
    .click();
  await expect(offer).toContainText(c('offer.status.accepted'));
  await reviewScreenshot(boPage, 'bo-accepted-in-chat');

  // The bike is Bo's now, and no longer Anna's. Her nickname for it stays hers: Bo's list names it
  // by make and model until he names it himself.
  await boPage.goto('/app/my-bikes');
  await expect(boPage.getByRole('link', { name: 'Kildemoes Logic' })).toBeVisible();
  await expect(boPage.getByText(bike.nickname)).toHaveCount(0);
  await page.goto('/app/my-bikes');
  await expect(heading(page)).toHaveText(b('list.title'));
  await expect(page.getByText(bike.nickname)).toHaveCount(0);
  // Anna's history keeps the offer, but the bike is Bo's now: she sees it as anyone would (make and
  // model, not the nickname, frame number or plate).
  await page.goto('/app/bikes/ownership-portal');
  const given = page.getByRole('listitem', {
    name: o('transfer.outgoingLabel', { name: 'Kildemoes Logic' }),
  });
  await expect(given).toContainText(o('transferStatus.accepted'));
  await expect(given).not.toContainText(bike.frameNumber);
  await expect(given).toContainText(o('bike.noLongerYours'));
  await expect(given).not.toContainText(o('bike.missing'));

  // On Bo's bike page: the frame number is locked now, and he could give it on again.
  await boPage.goto(`/app/my-bikes/${bike.bikeId}`);
  const ownership = boPage.getByRole('region', { name: o('bikePage.title') });
  await expect(ownership.getByText(o('bikePage.frameLocked'))).toBeVisible();
  await expect(ownership.getByRole('link', { name: o('bikePage.transfer') })).toBeVisible();
  // The registration stayed with Anna: the page says so once, with the way to get his own, and the
  // badge does not say "Registreret" beside "no registration".
  await expect(boPage.getByText(text('da', 'webshop', 'bikeNotice.receivedTitle'))).toBeVisible();
  await expect(boPage.getByRole('link', { name: text('da', 'webshop', 'bikeNotice.get') })).toHaveAttribute(
    'href',
    `/app/my-bikes/${bike.bikeId}/registration-purchase`,
  );
  await expect(boPage.getByText(common('bike.status.needsRegistration'), { exact: true })).toBeVisible();
  await expect(boPage.getByText(common('bike.status.registered'), { exact: true })).toHaveCount(0);
  await reviewScreenshot(boPage, 'bo-bike-page');
  await expectNoA11yViolations(boPage);
  await boPage.context().close();
});

test('Bo asks Cecilie for her bike through the request screens, and they chat @phone', async ({
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
  const bo = await signUpViaApi(request);
  await setName(request, bo, 'Bo', 'Bech');
  const cecilie = await signUpViaApi(request);
  await setName(request, cecilie, 'Cecilie', 'Clausen');
  const bike = await registerBikeViaApi(request, cecilie, unique('Cecilies cykel'));

  // Someone else's bike offers the request, on its public page and on its scanned sticker.
  await signInBrowser(page, bo.token);
  await page.goto(`/app/my-bikes/${bike.bikeId}/public`);
  await expect(page.getByRole('link', { name: o('public.request') })).toHaveAttribute(
    'href',
    `/app/bikes/request-ownership/${bike.bikeId}`,
  );
  await expectNoA11yViolations(page);
  await page.goto(`/sticker-id/${bike.plate}`);
  await expect(page.getByRole('link', { name: o('public.request') })).toHaveAttribute(
    'href',
    `/app/bikes/request-ownership/${bike.bikeId}`,
  );

  // Bo finds the bike by its plate.
  await page.goto('/app/bikes/ownership-portal');
  await page.getByRole('link', { name: o('portal.requestAction') }).click();
  await expect(heading(page)).toHaveText(o('request.searchTitle'));
  await expectNoA11yViolations(page);
  await page.getByRole('searchbox', { name: o('request.searchLabel') }).fill(bike.plate ?? '');
  await page.getByRole('button', { name: o('request.search'), exact: true }).click();
  const hit = page.getByRole('listitem').filter({ hasText: bike.plate ?? '' });
  await expect(hit).toBeVisible();
  await reviewScreenshot(page, 'request-search');
  await expectNoA11yViolations(page);
  await hit.getByRole('link', { name: new RegExp(escapeRegExp(bike.plate ?? '')) }).click();

  // The bike as anyone sees it, and a message (required).
  await expect(page).toHaveURL(new RegExp(`/app/bikes/request-ownership/${bike.bikeId}$`));
  await expect(heading(page)).toHaveText(o('request.bikeTitle'));
  await page.getByRole('button', { name: o('request.send') }).click();
  await expect(page.getByText(common('validation.required')).first()).toBeVisible();
  await reviewScreenshot(page, 'request-bike-missing-message');
  await expectNoA11yViolations(page);
  await page
    .getByRole('textbox', { name: o('request.message') })
    .fill('Hej, jeg købte cyklen af dig i sidste uge. Vil du overdrage den?');
  await page.getByRole('button', { name: o('request.send') }).click();

  // Sent: what happens next, and the chat.
  await expect(heading(page)).toHaveText(o('request.successTitle'));
  await expect(page).toHaveURL(/\/app\/bikes\/request-ownership\/success\/[0-9a-f-]{36}$/);
  await reviewScreenshot(page, 'request-success');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: o('request.openChat') }).click();
  await expect(page).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Hej, jeg købte cyklen af dig i sidste uge.')).toBeVisible();

  // Asking again for the same bike leads back to that chat.
  await page.goto(`/app/bikes/request-ownership/${bike.bikeId}`);
  await page.getByRole('textbox', { name: o('request.message') }).fill('En gang til');
  await page.getByRole('button', { name: o('request.send') }).click();
  await expect(page.getByText(common('errors.request_exists'))).toBeVisible();
  await page.getByRole('link', { name: o('request.openChat') }).click();
  await expect(page).toHaveURL(/\/app\/chats\/[0-9a-f-]{36}$/);
  await expect(page.getByText('Hej, jeg købte cyklen af dig i sidste uge.')).toBeVisible();

  // Cecilie, in her own browser, finds the request in her portal and answers in the chat.
  const cecPage = await secondBrowser(browser, {
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    locale,
    deviceScaleFactor: isMobile ? 2 : 1,
  });
  await signInBrowser(cecPage, cecilie.token);
  await cecPage.goto('/app/bikes/ownership-portal');
  const incoming = cecPage.getByRole('listitem', {
    name: o('request.incomingLabel', { name: bike.nickname }),
  });
  await expect(incoming).toContainText(o('request.from', { name: 'Bo Bech' }));
  await expect(incoming.getByRole('button', { name: o('request.offer') })).toBeVisible();
  await expect(incoming.getByRole('button', { name: o('request.decline') })).toBeVisible();
  await reviewScreenshot(cecPage, 'cecilie-portal');
  await expectNoA11yViolations(cecPage);
  // Her own bike cannot be requested by herself.
  await cecPage.goto(`/app/bikes/request-ownership/${bike.bikeId}`);
  await expect(cecPage.getByText(o('request.ownBikeTitle'))).toBeVisible();
  await cecPage.goBack();
  await incoming.getByRole('link', { name: o('request.openChat') }).click();
  const composer = cecPage.getByRole('textbox', { name: c('composer.label') });
  await composer.fill('Hej Bo, det passer. Jeg sender et tilbud.');
  await composer.press('Enter');
  await expect(composer).toHaveValue('');

  // Bo sees the answer arrive without reloading.
  await expect(page.getByText('Hej Bo, det passer. Jeg sender et tilbud.', { exact: true })).toBeVisible();
  await reviewScreenshot(page, 'bo-request-chat');
  await cecPage.context().close();
});

test('the recipient form checks both addresses, and a bike without plate cannot be given away @phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const request = page.request;
  const owner = await signUpViaApi(request);
  const noPlate = await registerBikeViaApi(request, owner, unique('Uden oblat'), { plate: false });

  await signInBrowser(page, owner.token);
  await page.goto('/app/bikes/transfer-ownership');
  await expect(heading(page)).toHaveText(o('transfer.chooseTitle'));
  await expect(page.getByText(o('transfer.noneTitle'))).toBeVisible();
  const blocked = page.getByRole('listitem').filter({ hasText: noPlate.nickname });
  await expect(blocked).toContainText(o('transfer.reasons.missingPlate'));
  await expect(
    blocked.getByRole('link', {
      name: o('transfer.addMissingLabel.missingPlate', { name: noPlate.nickname }),
    }),
  ).toHaveAttribute('href', `/app/my-bikes/${noPlate.bikeId}/edit`);
  await reviewScreenshot(page, 'transfer-none');
  await expectNoA11yViolations(page);

  // Its bike page says why, too; its own transfer address shows the same.
  await page.goto(`/app/my-bikes/${noPlate.bikeId}/transfer-ownership`);
  await expect(heading(page)).toHaveText(o('transfer.recipientTitle'));
  await expect(page.getByText(o('transfer.reasons.missingPlate'))).toBeVisible();
  await expect(page.getByRole('textbox', { name: o('transfer.email') })).toHaveCount(0);

  // A bike with a plate qualifies; the form wants two equal, valid addresses that are not your own.
  const bike = await registerBikeViaApi(request, owner, unique('Med oblat'));
  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  await page.getByRole('link', { name: o('bikePage.transfer') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/bikes/transfer-ownership/${bike.bikeId}/choose-recipient$`));
  await page.getByRole('button', { name: o('transfer.next') }).click();
  await expect(page.getByText(common('messages.missingSomething'))).toBeVisible();
  await field(page, o('transfer.email')).fill('modtager@example.test');
  await field(page, o('transfer.emailConfirmation')).fill('modtager@example.tset');
  await page.getByRole('button', { name: o('transfer.next') }).click();
  await expect(page.getByText(common('validation.emails_do_not_match'))).toBeVisible();
  await expect(page).toHaveURL(/choose-recipient$/);
  await reviewScreenshot(page, 'transfer-emails-differ');
  await expectNoA11yViolations(page);
  await field(page, o('transfer.email')).fill(owner.email);
  await field(page, o('transfer.emailConfirmation')).fill(owner.email);
  await page.getByRole('button', { name: o('transfer.next') }).click();
  await expect(page.getByText(common('validation.transfer_to_self')).first()).toBeVisible();

  // Back from the confirm step keeps what was typed.
  const recipient = uniqueEmail('recipient');
  await field(page, o('transfer.email')).fill(recipient);
  await field(page, o('transfer.emailConfirmation')).fill(recipient);
  await page.getByRole('button', { name: o('transfer.next') }).click();
  await expect(heading(page)).toHaveText(o('transfer.confirmTitle'));
  await page.getByRole('link', { name: o('transfer.back') }).click();
  await expect(field(page, o('transfer.email'))).toHaveValue(recipient);
  await expect(field(page, o('transfer.emailConfirmation'))).toHaveValue(recipient);
});

test('someone without an account gets the offer by e-mail, signs up and receives the bike', async ({
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
  const anna = await signUpViaApi(request);
  await setName(request, anna, 'Anna', 'Andersen');
  const bike = await registerBikeViaApi(request, anna, unique('Gave'));
  const newcomer = uniqueEmail('newcomer');
  const offered = await request.post('/api/ownership-transfers/', {
    headers: { Authorization: `Bearer ${anna.token}`, 'Idempotency-Key': `e2e-${Date.now()}-offer` },
    data: { bike_id: bike.bikeId, recipient_email: newcomer, recipient_email_confirmation: newcomer },
  });
  expect(offered.status(), await offered.text()).toBe(201);
  const mail = await waitForMail(request, newcomer, { linkPath: '/app/my-bikes/receive-bike' });
  const link = relativeLink(linkTo(mail, '/app/my-bikes/receive-bike'));

  // Someone else signed in who follows the link is told it is not theirs.
  const stranger = await signUpViaApi(request);
  const strangerPage = await secondBrowser(browser, {
    baseURL,
    viewport,
    isMobile,
    hasTouch,
    locale,
    deviceScaleFactor: isMobile ? 2 : 1,
  });
  await signInBrowser(strangerPage, stranger.token);
  await strangerPage.goto(link);
  await expect(strangerPage.getByText(o('receive.claimFailedTitle'))).toBeVisible();
  await expect(strangerPage.getByText(o('receive.noneTitle'))).toBeVisible();
  await reviewScreenshot(strangerPage, 'receive-not-yours');
  await expectNoA11yViolations(strangerPage);
  await strangerPage.context().close();

  // The newcomer follows the link and is asked to log in; they sign up (through the API here: the
  // sign-up screen has its own journey) and open the link again.
  await page.goto(link);
  await expect(page).toHaveURL(/\/login/);
  await page.getByRole('link', { name: text('da', 'auth', 'login.signupLink') }).click();
  await expect(page).toHaveURL(/\/signup/);
  const account = await signUpViaApi(request, { email: newcomer });
  expect(account.password).toBe(TEST_PASSWORD);
  await signInBrowser(page, account.token);
  await page.goto(link);
  await expect(heading(page)).toHaveText(o('receive.title'));
  const card = page.getByRole('listitem', { name: o('transfer.incomingLabel', { name: bike.nickname }) });
  await expect(card).toContainText(bike.frameNumber);
  await expect(card).toContainText(bike.plate ?? '');
  await expect(card).toContainText(o('transfer.from', { name: 'Anna Andersen' }));
  await reviewScreenshot(page, 'receive-offer');
  await expectNoA11yViolations(page);

  // Accepting asks first: it is permanent.
  await card.getByRole('button', { name: o('transfer.accept') }).click();
  const dialog = page.getByRole('alertdialog', { name: o('transfer.acceptTitle') });
  await expect(dialog).toContainText(o('transfer.acceptPermanent'));
  await expectNoA11yViolations(page);
  await dialog.getByRole('button', { name: o('transfer.acceptConfirm') }).click();
  await expect(heading(page)).toHaveText(o('receive.acceptedTitle'));
  await reviewScreenshot(page, 'receive-accepted');
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: o('receive.toBike') }).click();
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}$`));
  // Named by make and model: Anna's nickname for it was hers (issue 14.i).
  await expect(heading(page)).toHaveText('Kildemoes Logic');
});

test('an owner proves the bike is theirs: frame number picture, receipt, submitted', async ({ page }) => {
  test.setTimeout(120_000);
  const request = page.request;
  const owner = await signUpViaApi(request);
  const bike = await registerBikeViaApi(request, owner, unique('Bevis'));

  await signInBrowser(page, owner.token);
  await page.goto('/app/bikes/verify-ownership');
  await expect(heading(page)).toHaveText(o('verify.title'));
  const row = page.getByRole('listitem').filter({ hasText: bike.nickname });
  await expect(row).toContainText(o('verificationStatus.not_started'));
  await reviewScreenshot(page, 'verify-list');
  // The bikes' headings follow the page's h1 without a skipped level (axe heading-order, issue 27).
  await expectNoA11yViolations(page, { structure: true });
  await row.getByRole('link', { name: o('verify.actionsLabel.start', { name: bike.nickname }) }).click();

  // Step 1: a picture of the frame number, and the number (filled in from the bike).
  await expect(heading(page)).toHaveText(o('verify.frameTitle'));
  await expect(field(page, o('verify.frameNumber'))).toHaveValue(bike.frameNumber);
  await page.getByRole('button', { name: o('verify.next') }).click();
  await expect(page.getByText(o('verify.framePictureMissing'))).toBeVisible();
  await chooseFile(page, o('verify.framePictureChoose'), 'frame-number.jpg');
  await expect(page.getByRole('status').filter({ hasText: o('verify.framePictureUploaded') })).toBeVisible();
  await expect(
    page.getByRole('radio', { name: o('verify.framePictureOption', { number: 1 }) }),
  ).toBeChecked();
  await reviewScreenshot(page, 'verify-frame');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: o('verify.next') }).click();

  // Step 2: a receipt, an optional note, and submit.
  await expect(heading(page)).toHaveText(o('verify.ownerTitle'));
  await chooseFile(page, o('verify.proofChoose'), 'bike.png');
  await expect(page.getByRole('status').filter({ hasText: o('verify.proofUploaded') })).toBeVisible();
  await page
    .getByRole('textbox', { name: new RegExp(`^${escapeRegExp(o('verify.note'))}`) })
    .fill('Købt hos Fri BikeShop');
  await reviewScreenshot(page, 'verify-owner');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: o('verify.submit') }).click();
  await expect(page.getByText(o('verify.submittedTitle'), { exact: true }).first()).toBeVisible();
  await expect(heading(page)).toHaveText(o('verify.title'));
  await expect(page.getByRole('button', { name: o('verify.submit') })).toHaveCount(0);
  await reviewScreenshot(page, 'verify-submitted');
  await expectNoA11yViolations(page);

  await page.getByRole('link', { name: o('verify.toList') }).click();
  await expect(page.getByRole('listitem').filter({ hasText: bike.nickname })).toContainText(
    o('verificationStatus.submitted'),
  );
  // The bike page tells the state too.
  await page.goto(`/app/my-bikes/${bike.bikeId}`);
  await expect(page.getByRole('region', { name: o('bikePage.title') })).toContainText(
    o('verificationStatus.submitted'),
  );
});
