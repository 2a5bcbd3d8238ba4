import type { Locator, Page } from '@playwright/test';
import { signedInUser } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { registerBikeViaApi } from './support/bikes.ts';
import { expect, test } from './support/fixtures.ts';
import { reviewScreenshot } from './support/screenshots.ts';
import { text } from './support/texts.ts';

/*
 * Issue 6 §1–2 in the browser: an owner reports a bike stolen through the wizard — fills the first
 * steps, leaves, comes back and finds everything still there, picks the place on the map, is held
 * back without the acknowledgements, sends — and the bike shows as stolen in search and on its
 * sticker page; the report opens as a PDF; then the owner reports it found after the MitID approval.
 */

const fill = (template: string, values: Record<string, string | number> = {}) =>
  template.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? ''));
/** The register takes no national id number: no field or fact names one. */
const NATIONAL_ID = /CPR|fødselsnummer|national identity number/i;
const th = (key: string, values: Record<string, string | number> = {}) =>
  fill(text('da', 'theft', key), values);
const common = (key: string) => text('da', 'common', key);

const heading = (page: Page) => page.getByRole('heading', { level: 1 });
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
/** A text field by the start of its label (the label may end with "(valgfri)"). */
const field = (scope: Page | Locator, label: string) =>
  scope.getByRole('textbox', { name: new RegExp(`^${escapeRegExp(label)}`) });
const answer = (page: Page, question: string, choice: 'yes' | 'no') =>
  page
    .getByRole('radiogroup', { name: question })
    .getByRole('radio', { name: th(`choices.${choice}`), exact: true })
    .check({ force: true });

async function next(page: Page, step: string): Promise<void> {
  await page.getByRole('button', { name: th('step.next') }).click();
  await expect(heading(page)).toHaveText(th(`steps.${step}.title`));
}

test('report a bike stolen in the wizard, see it stolen, open the PDF, report it found @phone', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const owner = await signedInUser(page);
  const bike = await registerBikeViaApi(page.request, owner, 'Min røde racer');

  // The sidebar's "Stolen bikes": the bike with "Report stolen".
  await page.goto('/app/my-bikes/report-stolen');
  await expect(heading(page)).toHaveText(th('chooseBike.title'));
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: th('chooseBike.report') }).click();

  // The overview: only the first step is open.
  await expect(heading(page)).toHaveText(th('overview.title', { name: 'Min røde racer' }));
  const sections = page.getByRole('list').filter({ hasText: th('steps.personal-info.title') });
  await expect(sections.getByText(th('status.locked'))).toHaveCount(5);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'overview-new');
  await page.getByRole('link', { name: th('overview.start') }).click();

  // personal-info: the register sends nothing to the police, so it asks for no national id number.
  await expect(heading(page)).toHaveText(th('steps.personal-info.title'));
  await field(page, th('fields.first_name')).fill('Freja');
  await field(page, th('fields.last_name')).fill('Holm');
  await field(page, th('fields.email')).fill('freja.holm@example.test');
  await field(page, th('fields.street_address')).fill('Nørrebrogade 20');
  await field(page, th('fields.zip_code')).fill('2200');
  await field(page, th('fields.city')).fill('København N');
  await field(page, th('fields.mobile')).fill('20123456');
  await answer(page, th('fields.police_report_requested'), 'yes');
  await expect(page.getByText(th('hints.police_report_requested'))).toBeVisible();
  await expect(page.getByLabel(NATIONAL_ID)).toHaveCount(0);
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'personal-info');
  await next(page, 'insurance');

  // insurance: insured asks for the company.
  await answer(page, th('fields.is_insured'), 'yes');
  await field(page, th('fields.bike_price_with_currency', { currency: 'DKK' })).fill('8500');
  await page.getByRole('button', { name: th('step.next') }).click();
  await expect(
    page.getByRole('alert').filter({ hasText: common('messages.missingSomething') }),
  ).toBeFocused();
  await field(page, th('fields.insurance_company')).fill('Tryg');
  await next(page, 'bike-info');

  // Leave for another page, and come back: everything is still there.
  await page.goto('/app/my-bikes');
  await page.goto('/app/my-bikes/report-stolen');
  await page.getByRole('link', { name: th('chooseBike.continue') }).click();
  await expect(heading(page)).toHaveText(th('steps.bike-info.title'));
  await page.getByRole('link', { name: th('step.overview') }).click();
  await expect(page.getByText(th('status.complete'))).toHaveCount(2);
  await page.getByRole('link', { name: th('steps.personal-info.title') }).click();
  await expect(field(page, th('fields.first_name'))).toHaveValue('Freja');
  await expect(field(page, th('fields.city'))).toHaveValue('København N');
  await expect(page.getByLabel(NATIONAL_ID)).toHaveCount(0);
  await page.getByRole('link', { name: th('step.overview') }).click();
  await page.getByRole('link', { name: th('steps.insurance.title') }).click();
  await expect(field(page, th('fields.insurance_company'))).toHaveValue('Tryg');
  // What is typed but not saved survives leaving too (kept on this device).
  await field(page, th('fields.insurance_company')).fill('Tryg Forsikring');
  await page.goto('/app/my-bikes');
  await page.goto(`/app/my-bikes/${bike.bikeId}/report-stolen/insurance`);
  await expect(page.getByText(th('step.localRestored'))).toBeVisible();
  await expect(field(page, th('fields.insurance_company'))).toHaveValue('Tryg Forsikring');
  await next(page, 'bike-info');

  // bike-info: pre-filled from the bike; electric asks where the battery was.
  await answer(page, th('fields.is_electric'), 'yes');
  await page
    .getByRole('radiogroup', { name: th('fields.battery_location') })
    .getByRole('radio', { name: th('batteryLocations.on_bike') })
    .check({ force: true });
  await page
    .getByRole('radiogroup', { name: th('fields.lock_status') })
    .getByRole('radio', { name: th('lockStatuses.locked_to_object') })
    .check({ force: true });
  await reviewScreenshot(page, 'bike-info');
  // Issue 27: "Save and finish later" on a finished step opens the next one, says when it was saved
  // (the time of day too), and Continue goes on there.
  await page.getByRole('button', { name: th('step.saveForLater') }).click();
  await expect(page.getByText(th('overview.saved'))).toBeVisible();
  await expect(sections.getByText(th('status.locked'))).toHaveCount(2);
  await expect(
    page.getByText(new RegExp(`^${escapeRegExp(th('overview.savedAt', { date: '' }))}.*\\d{1,2}[.:]\\d{2}`)),
  ).toBeVisible();
  await page.getByRole('link', { name: th('overview.continue') }).click();
  await expect(heading(page)).toHaveText(th('steps.culprit-info.title'));

  await answer(page, th('fields.is_culprit_known'), 'no');
  await answer(page, th('fields.has_witness'), 'yes');
  await page.getByRole('textbox', { name: th('fields.witnesses') }).fill('Naboen, Jens, 20 30 40 50');
  await next(page, 'time-location');

  // time-location: a date in the future is refused; the place is picked on the map.
  const now = new Date();
  const pad = (value: number) => String(value).padStart(2, '0');
  const day = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
  const tomorrow = new Date(now.getTime() + 86_400_000);
  const lastWeek = new Date(now.getTime() - 7 * 86_400_000);
  await field(page, th('fields.date')).first().fill(day(tomorrow));
  await field(page, th('fields.time')).first().fill('08:15');
  await field(page, th('fields.date')).last().fill(day(lastWeek));
  await field(page, th('fields.time')).last().fill('18:40');
  await field(page, th('fields.place')).fill('Nørrebrogade 20, 2200 København N');
  const map = page.getByTestId('place-map');
  await expect(map.locator('canvas')).toBeVisible();
  await page.getByRole('button', { name: th('step.next') }).click();
  await expect(page.getByText(common('validation.date_not_in_past')).first()).toBeVisible();
  await field(page, th('fields.date')).first().fill(day(lastWeek));
  await field(page, th('fields.time')).first().fill('08:15');
  // The map opens on the whole country; its top left corner is the open sea off Jutland: refused.
  await map.click({ position: { x: 12, y: 12 } });
  await expect(page.getByRole('alert').filter({ hasText: common('validation.place_at_sea') })).toBeVisible();
  await expect(page.getByText(th('place.nothingPicked'))).toBeVisible();
  // Issue 27: the typed address puts the pin where the address register (its stand-in here) has it.
  await page.getByRole('button', { name: th('place.findOnMap') }).click();
  await expect(
    page.getByText(th('place.foundAddress', { label: 'Nørrebrogade 20, 2200 København N' })),
  ).toBeVisible();
  await expect(page.getByText(th('place.picked'))).toBeVisible();
  await expect(page.getByText(/55,68894° N, 12,55312° E/)).toBeVisible();
  await expect(page.getByText(th('place.privacy'))).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'time-location');
  await next(page, 'send-report');

  // send-report: without the acknowledgements it is refused.
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: th('send.submit') }).click();
  await expect(page.getByRole('alert').filter({ hasText: common('messages.confirmTerms') })).toBeFocused();
  await reviewScreenshot(page, 'send-refused');
  await page.getByRole('checkbox', { name: th('fields.acknowledgement_payout') }).check({ force: true });
  await page.getByRole('checkbox', { name: th('fields.acknowledgement_data_share') }).check({ force: true });
  await page
    .getByRole('checkbox', { name: th('fields.acknowledgement_ownership_transfer') })
    .check({ force: true });
  await page.getByRole('button', { name: th('send.submit') }).click();

  await expect(heading(page)).toHaveText(th('steps.report-confirmed.title'));
  await expect(page).toHaveURL(new RegExp(`/app/my-bikes/${bike.bikeId}/report-stolen/report-confirmed$`));
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'report-confirmed');
  // The way to the police: their online report, and the report's facts ready to copy into it.
  const police = page.getByRole('region', { name: th('police.title') });
  await expect(police.getByText(th('police.body'))).toBeVisible();
  await expect(police.getByRole('link', { name: th('police.open.dk') })).toHaveAttribute(
    'href',
    'https://politi.dk/anmeld',
  );
  const details = police.getByRole('textbox', { name: th('police.detailsLabel') });
  await expect(details).toHaveValue(new RegExp(`${th('fields.frame_number')}: ${bike.frameNumber}`));
  await expect(details).toHaveValue(/Tryg Forsikring/);
  await expect(details).toHaveValue(/Nørrebrogade 20, 2200 København N/);
  await expect(details).toHaveValue(/Kildemoes Logic/);
  await expect(page.getByText(th('confirmed.next.police'))).toBeVisible();

  // The report page: the report, the PDF.
  await page.getByRole('link', { name: th('confirmed.openReport') }).click();
  await expect(heading(page)).toHaveText(th('report.title'));
  await expect(page.getByText('Tryg Forsikring').first()).toBeVisible();
  await expect(page.getByText(NATIONAL_ID)).toHaveCount(0);
  await expect(page.getByRole('region', { name: th('police.title') })).toBeVisible();
  const pdfHref = await page.getByRole('link', { name: th('report.openPdf') }).getAttribute('href');
  expect(pdfHref).toBeTruthy();
  const pdf = await page.request.get(pdfHref ?? '');
  expect(pdf.status()).toBe(200);
  expect(pdf.headers()['content-type']).toContain('application/pdf');
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'report');

  // Anyone sees it stolen: search by frame number and the sticker page.
  const visitor = await page.context().browser()?.newContext();
  if (!visitor) throw new Error('no browser');
  const stranger = await visitor.newPage();
  await stranger.goto(`/search?q=${encodeURIComponent(bike.frameNumber)}`);
  await expect(
    stranger
      .getByRole('list', { name: text('da', 'search', 'results.label') })
      .getByText(common('bike.status.stolen')),
  ).toBeVisible();
  await stranger.goto(`/sticker-id/${bike.plate}`);
  await expect(stranger.getByText(text('da', 'search', 'public.stolenTitle')).first()).toBeVisible();
  // The sticker page leads with the theft and what a finder does, not with "is in the register".
  await expect(heading(stranger)).toHaveText(text('da', 'plates', 'sticker.stolenTitle'));
  // And on the public map, at the picked place rounded to the public grid, never the pick itself.
  const own = await page.request.get(`/api/bikes/${bike.bikeId}/theft-report`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  const report = (await own.json()) as {
    location: { latitude: number; longitude: number };
    public_location: { latitude: number; longitude: number };
  };
  const onMap = await stranger.request.get(`/api/stolen-bikes/${bike.bikeId}`);
  expect(onMap.status()).toBe(200);
  const mapped = (await onMap.json()) as { location: { latitude: number; longitude: number } };
  expect(mapped.location).toEqual(report.public_location);
  expect(mapped.location.latitude).toBeCloseTo(Math.round(report.location.latitude * 100) / 100, 6);
  expect(mapped.location.longitude).toBeCloseTo(Math.round(report.location.longitude * 100) / 100, 6);
  expect(JSON.stringify(await onMap.json())).not.toContain(String(report.location.latitude));
  await stranger.goto(`/stolen-bike-map/${bike.bikeId}`);
  await expect(
    stranger.getByRole('link', { name: text('da', 'stolen-map', 'bikePage.contactOwner') }),
  ).toBeVisible();
  await visitor.close();

  // Found: the test MitID approves, and reporting found goes on by itself.
  await page.getByRole('button', { name: th('found.action', { provider: 'MitID' }) }).click();
  await expect(page).toHaveURL(/\/dev\/oidc\/interaction\//);
  await page.getByRole('button', { name: 'Log ind som Mads Østergaard' }).click();
  await expect(page.getByText(th('found.successBody'))).toBeVisible();
  await expect(page.getByText(th('report.statusClosed'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
  await reviewScreenshot(page, 'found');
  const after = await page.request.get(`/api/bikes/${bike.bikeId}/`, {
    headers: { Authorization: `Bearer ${owner.token}` },
  });
  expect(((await after.json()) as { status: string }).status).toBe('registered');
  // Found takes it off the public map.
  expect((await page.request.get(`/api/stolen-bikes/${bike.bikeId}`)).status()).toBe(404);
});
