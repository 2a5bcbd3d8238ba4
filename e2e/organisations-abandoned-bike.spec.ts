import { randomBytes } from 'node:crypto';
import { signInBrowser, signUpViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { waitForMail } from './support/mailbox.ts';
import { vettedOrganisationViaApi } from './support/organisations.ts';
import { secondBrowser } from './support/people.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { fillText, text } from './support/texts.ts';
import { reportStolenViaApi } from './support/theft.ts';

/*
 * Issue 17 §3 and §4: a municipality takes in an abandoned bike by the code of its plate, with
 * where and until when its owner can collect it. The owner is mailed the place and the last day, and
 * finds the bike waiting for them under Items for pickup, kept by the municipality, with the photo
 * the municipality took. A bike the register does not know (issue 32 §2) is described instead, held
 * without an owner, and tells the owner of a stolen bike one character away.
 */

const f = (key: string, values: Record<string, string | number> = {}) =>
  fillText(text('da', 'finds', key), values);

/** A 2×2 red PNG. */
const PNG =
  'iVBORw0KGgoAAAANSUhEUgAAAAIAAAACCAIAAAD91JpzAAAAEElEQVR4nGP4z8AARAwQCgAf7gP9i18U1AAAAABJRU5ErkJggg==';

function inDays(days: number): string {
  const day = new Date();
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

test('a municipality takes in an abandoned registered bike; its owner is mailed and told the place and deadline', async ({
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
  const bike = await registerBikeViaApi(request, owner, `Efterladt ${randomBytes(3).toString('hex')}`);
  const municipalityName = `Aarhus Kommune ${randomBytes(3).toString('hex')}`;
  const municipality = await vettedOrganisationViaApi(request, 'municipality', municipalityName);
  const place = 'Kommunens cykelgård, Værkstedsvej 3, 8000 Aarhus C';
  const until = inDays(21);

  // The municipality's member takes the bike in by its plate on the page of items for pickup.
  await signInBrowser(page, municipality.member.token);
  await page.goto('/app/item-pickup');
  const takeIn = page.getByRole('region', { name: f('takeIn.title') });
  await takeIn.getByRole('textbox', { name: f('takeIn.identifier'), exact: true }).fill(bike.plate ?? '');
  await takeIn.getByRole('textbox', { name: f('register.place'), exact: true }).fill(place);
  await takeIn.getByLabel(f('register.collectUntil'), { exact: true }).fill(until);
  await reviewScreenshot(page, 'municipality-take-in');
  await expectNoA11yViolations(page);
  await takeIn.getByRole('button', { name: f('register.submit') }).click();
  await expect(page.getByText(f('register.doneTitle'))).toBeVisible();
  const held = page.getByRole('region', { name: f('pickups.heldByMe') });
  await expect(held.getByText(place)).toBeVisible();
  // A photo of the bike as it was found.
  const chooser = page.waitForEvent('filechooser');
  await held.getByRole('button', { name: f('pickups.addPhoto') }).click();
  await (await chooser).setFiles({
    name: 'cykel.png',
    mimeType: 'image/png',
    buffer: Buffer.from(PNG, 'base64'),
  });
  await expect(held.getByRole('img', { name: f('pickups.photoAlt') })).toBeVisible();

  // The owner is mailed where and until when, in their language, by the municipality's name.
  const mail = await waitForMail(request, owner.email, { linkPath: '/app/item-pickup' });
  expect(mail.text).toContain(municipalityName);
  expect(mail.text).toContain(place);
  expect(mail.text).toMatch(new RegExp(`\\b${Number(until.slice(8, 10))}\\. `));

  // And finds it waiting in the register.
  const ownerPage = await secondBrowser(browser, { viewport, isMobile, hasTouch, locale, baseURL });
  await signInBrowser(ownerPage, owner.token);
  await ownerPage.goto('/app/item-pickup');
  const waiting = ownerPage.getByRole('region', { name: f('pickups.forMe') });
  const card = waiting.getByRole('listitem').filter({ hasText: bike.nickname });
  await expect(card.getByText(place)).toBeVisible();
  await expect(card.getByText(municipalityName)).toBeVisible();
  await expect(card.getByRole('img', { name: f('pickups.photoAlt') })).toBeVisible();
  await reviewScreenshot(ownerPage, 'owner-told');
  await expectNoA11yViolations(ownerPage);

  // Their bike's page says so too.
  await ownerPage.goto(`/app/my-bikes/${bike.bikeId}`);
  await expect(ownerPage.getByText(f('heldForYou.title'))).toBeVisible();
  await expect(ownerPage.getByText(new RegExp(`${municipalityName}.*${place}`))).toBeVisible();
  await ownerPage.context().close();
});

test('a municipality takes in a bike the register does not know: it describes it, and the owner of a stolen look-alike is told @phone @desktop', async ({
  page,
}) => {
  test.setTimeout(150_000);
  const request = page.request;
  const owner = await signUpViaApi(request);
  const stolen = await registerBikeViaApi(request, owner, `Stjålet ${randomBytes(3).toString('hex')}`, {
    plate: false,
  });
  await reportStolenViaApi(request, owner.token, stolen.bikeId);
  // Its frame number with the last digit misread: no registered bike has it.
  const last = stolen.frameNumber.at(-2) === '7' ? '8' : '7';
  const typed = `${stolen.frameNumber.slice(0, -2)}${last}Z`;
  const municipalityName = `Aarhus Kommune ${randomBytes(3).toString('hex')}`;
  const municipality = await vettedOrganisationViaApi(request, 'municipality', municipalityName);
  const place = 'Kommunens cykelgård, Værkstedsvej 3, 8000 Aarhus C';

  await signInBrowser(page, municipality.member.token);
  await page.goto('/app/item-pickup');
  const takeIn = page.getByRole('region', { name: f('takeIn.title') });
  await takeIn.getByRole('textbox', { name: f('takeIn.identifier'), exact: true }).fill(typed);
  await takeIn.getByRole('textbox', { name: f('register.place'), exact: true }).fill(place);
  await takeIn.getByLabel(f('register.collectUntil'), { exact: true }).fill(inDays(21));
  await takeIn.getByRole('button', { name: f('register.submit') }).click();
  // Not in the register: the form says so and asks what the bike looks like.
  await expect(takeIn.getByText(f('takeIn.notRegisteredTitle'))).toBeVisible();
  await expect(takeIn.getByRole('checkbox', { name: f('takeIn.notRegistered') })).toBeChecked();
  await takeIn.getByRole('textbox', { name: f('takeIn.brand'), exact: true }).fill('Kildemoes');
  // Optional fields say so after their label.
  const optional = (key: string) => ({ name: new RegExp(`^${f(key)}\\b`) });
  await takeIn.getByRole('textbox', optional('takeIn.model')).fill('Logic');
  for (const [label, option] of [
    [f('takeIn.color'), text('da', 'common', 'bike.colors.blue')],
    [f('takeIn.category'), text('da', 'common', 'bike.categories.city')],
  ] as const) {
    await takeIn.getByRole('button', { name: new RegExp(`${label}`) }).click();
    await page.getByRole('option', { name: option, exact: true }).click();
  }
  // A latitude out of range is refused beside its field.
  const latitude = takeIn.getByRole('textbox', optional('takeIn.latitude'));
  await latitude.fill('95');
  await takeIn.getByRole('textbox', optional('takeIn.longitude')).fill('10,2');
  await takeIn.getByRole('button', { name: f('register.submit') }).click();
  await expect(latitude).toHaveAttribute('aria-invalid', 'true');
  await latitude.fill('56,15');
  await reviewScreenshot(page, 'municipality-take-in-unregistered');
  await expectNoA11yViolations(page);
  await takeIn.getByRole('button', { name: f('register.submit') }).click();
  await expect(page.getByText(f('takeIn.doneUnregisteredTitle'))).toBeVisible();

  // Held without an owner: the card names it by what the town recorded.
  const held = page.getByRole('region', { name: f('pickups.heldByMe') });
  const card = held.getByRole('listitem').filter({ hasText: typed });
  await expect(card.getByRole('heading', { name: 'Kildemoes Logic' })).toBeVisible();
  await expect(card.getByText(f('pickups.notInRegister'))).toBeVisible();
  await expect(card.getByText(place)).toBeVisible();
  await reviewScreenshot(page, 'municipality-holds-unregistered');
  await expectNoA11yViolations(page);

  // The stolen bike's owner is told a bike like theirs was taken in by the town.
  const mail = await waitForMail(request, owner.email, { linkPath: '/app/possibly-yours' });
  expect(mail.text).toContain(municipalityName);
});
