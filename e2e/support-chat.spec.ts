import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { demoSessionToken } from './support/organisations.ts';
import { secondBrowser, setName } from './support/people.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 17 §2: a person opens a support chat about one of their bikes from the sidebar and staff
 * answer it live in the backoffice, each in their own browser. The person sees the answer and every
 * status change (waiting, closed, open again) without reloading; staff see the person's next message
 * arrive the same way. Axe on both screens.
 */

const STAFF_EMAIL = 'staff@demo.cykelregister.dk';
const s = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'support', key), values);
const common = (key: string) => text('da', 'common', key);
const backoffice = (key: string) => text('da', 'backoffice', key);

test('a person opens a support chat and staff answer live', async ({
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
  const person = await signUpViaApi(request);
  const surname = `Spørger${Date.now().toString(36)}`;
  await setName(request, person, 'Sif', surname);
  const nickname = `Sifs pendler ${Date.now().toString(36)}`;
  await registerBikeViaApi(request, person, nickname);

  // The person finds support in the sidebar and asks about their bike.
  await signInBrowser(page, person.token);
  await page.goto('/app');
  await page
    .getByRole('navigation', { name: common('shell.appNavigation') })
    .getByRole('link', { name: common('nav.support') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('page.title'));
  await page.getByRole('radio', { name: s('subjects.bike') }).check({ force: true });
  await page.getByRole('button', { name: new RegExp(s('form.bike')) }).click();
  await page.getByRole('option', { name: nickname }).click();
  const question = 'Min plade er faldet af. Kan I sende en ny?';
  await page.getByRole('textbox', { name: s('form.message') }).fill(question);
  await page.getByRole('button', { name: s('new.submit') }).click();

  const conversation = page.getByRole('region', { name: s('subjects.bikeNamed', { name: nickname }) });
  await expect(page).toHaveURL(/\/support\/chat\?ticket=/);
  await expect(conversation.getByRole('log')).toContainText(question);
  await expect(conversation.getByText(s('status.open'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);

  // Staff, in their own browser, find the ticket in the backoffice's queue and answer it.
  const staffPage = await secondBrowser(
    browser,
    { baseURL, viewport, isMobile, hasTouch, locale, deviceScaleFactor: isMobile ? 2 : 1 },
    language,
  );
  await signInBrowser(staffPage, await demoSessionToken(staffPage.request, STAFF_EMAIL));
  await staffPage.goto('/backoffice');
  await staffPage.getByRole('link', { name: backoffice('layout.tickets') }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(s('staff.title'));
  await staffPage.getByRole('link', { name: new RegExp(`^${s('status.open')}`) }).click();
  await staffPage.getByRole('link', { name: `Sif ${surname}` }).click();
  await expect(staffPage.getByRole('heading', { level: 1 })).toHaveText(s('staff.ticketTitle'));
  await expect(staffPage.getByText(person.email)).toBeVisible();
  await expect(staffPage.getByRole('log')).toContainText(question);
  const answer = 'Vi sender en ny plade i dag. Den er fremme i morgen.';
  await staffPage.getByRole('textbox', { name: s('staff.answer') }).fill(answer);
  await staffPage.getByRole('button', { name: s('staff.sendAnswer') }).click();
  await expect(staffPage.getByRole('log')).toContainText(answer);
  await expectNoA11yViolations(staffPage);

  // The person sees the answer, from "Support", and the new status, without reloading.
  await expect(conversation.getByRole('log')).toContainText(answer);
  await expect(
    conversation.getByRole('log').getByText(s('conversation.support'), { exact: true }),
  ).toBeVisible();
  await expect(conversation.getByText(s('status.waiting'), { exact: true })).toBeVisible();

  // Staff close the ticket: the person sees it closed; writing again opens it, and staff see that live.
  await staffPage.getByRole('button', { name: s('staff.setStatus.closed') }).click();
  await expect(conversation.getByText(s('status.closed'), { exact: true })).toBeVisible();
  const followUp = 'Tak! Hvad hvis den ikke kommer?';
  await conversation.getByRole('textbox', { name: s('conversation.write') }).fill(followUp);
  await conversation.getByRole('button', { name: s('conversation.send') }).click();
  await expect(conversation.getByText(s('status.open'), { exact: true })).toBeVisible();
  await expect(staffPage.getByRole('log')).toContainText(followUp);
  await expect(staffPage.getByRole('definition').getByText(s('status.open'), { exact: true })).toBeVisible();
  await staffPage.context().close();
});
