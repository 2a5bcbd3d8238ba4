import { readFile } from 'node:fs/promises';
import type { APIRequestContext, Download, Page } from '@playwright/test';
import { readSheet } from 'read-excel-file/node';
import {
  type Language,
  signInBrowser,
  signUpViaApi,
  type TestAccount,
  verifiedAccountViaApi,
} from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { nextCvr } from './support/organisations.ts';
import { fillText, text } from './support/texts.ts';

/*
 * Issue 29 §1, the survey's admin panel, through the screens against the real API: an employer's
 * admin finds the organisation's commuter surveys in the menu, reads the figures of six answers in
 * the charts and their tables, sees that a workplace with one answer is withheld ("fewer than 5
 * answers"), changes the number invited, and downloads the figures as CSV and XLSX (whose contents
 * the test reads). On a phone (360 px, in Norwegian) the same panel fits the screen; a person who is
 * not the organisation's admin is told plainly the page is not for them.
 */

const t = (language: Language, key: string, values?: Record<string, string | number>) =>
  fillText(text(language, 'survey-admin', key), values);
const common = (language: Language, key: string) => text(language, 'common', key);

interface Employer {
  admin: TestAccount;
  /** The admin's session acting for the organisation. */
  token: string;
  surveyId: string;
  title: string;
  depotId: string;
}

/**
 * A business whose admin acts for it, a survey with two workplaces and 12 invited, and six finished
 * answers from home postcode 8000: five at the head office (3 by bike, 2 by car under 5 km), one at
 * the depot (by e-bike), each answered through the API by a person of their own.
 */
async function employerWithAnswers(request: APIRequestContext, language: Language): Promise<Employer> {
  // A Danish business (its CVR number) whichever language its people use.
  const admin = await verifiedAccountViaApi(request, 'survey-admin');
  const organisation = await request.post('/api/organisations', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: {
      name: `Pendler ${nextCvr()} ApS`,
      type: 'business',
      region: 'dk',
      registration_number: nextCvr(),
    },
  });
  expect(organisation.status(), await organisation.text()).toBe(201);
  const { party_id: partyId } = (await organisation.json()) as { party_id: string };
  const acting = await request.put('/api/identities/authentications/acting-party', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { party_id: partyId },
  });
  expect(acting.status(), await acting.text()).toBe(200);
  const { authentication_token: token } = (await acting.json()) as { authentication_token: string };

  const title = `Transportvaner ${nextCvr()}`;
  const created = await request.post('/api/operator/surveys', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      opens_on: '2026-01-01',
      closes_on: '2099-12-31',
      workplaces: [{ name: 'Hovedkontoret' }, { name: 'Lageret' }],
      invited_count: 12,
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const survey = (await created.json()) as { id: string; workplaces: Array<{ id: string }> };
  const [hq, depot] = survey.workplaces.map((workplace) => workplace.id);

  const answers: Array<{ workplace: string | undefined; mode: string; km: number }> = [
    { workplace: hq, mode: 'bike', km: 3 },
    { workplace: hq, mode: 'bike', km: 4 },
    { workplace: hq, mode: 'bike', km: 6 },
    { workplace: hq, mode: 'car', km: 2 },
    { workplace: hq, mode: 'car', km: 4 },
    { workplace: depot, mode: 'e_bike', km: 12 },
  ];
  for (const answer of answers) {
    const person = await signUpViaApi(request, { language });
    const headers = { authorization: `Bearer ${person.token}` };
    const steps: Array<[string, unknown]> = [
      [
        'addresses',
        {
          home_postcode: '8000',
          work_postcode: '8200',
          home_position: null,
          work_position: null,
          workplace_id: answer.workplace,
        },
      ],
      ['commuting-days', { days: [1, 2, 3, 4, 5] }],
      [
        'travel',
        {
          legs: [{ mode: answer.mode, distance_km: answer.km, minutes: 15 }],
          would_cycle_more_with_parking: answer.mode === 'car',
          would_cycle_more_with_dock: false,
        },
      ],
    ];
    for (const [step, data] of steps) {
      const response = await request.put(`/api/surveys/${survey.id}/answer/${step}`, { headers, data });
      expect(response.status(), `${step}: ${await response.text()}`).toBe(200);
    }
  }
  return { admin, token, surveyId: survey.id, title, depotId: depot ?? '' };
}

async function openFromMenu(page: Page, language: Language, isPhone: boolean): Promise<void> {
  await page.goto('/app');
  if (isPhone)
    await page.getByRole('button', { name: common(language, 'shell.openMenu'), exact: true }).click();
  await page
    .getByRole('navigation', { name: common(language, 'shell.appNavigation') })
    .getByRole('link', { name: common(language, 'nav.surveys') })
    .click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t(language, 'title'));
}

async function savedText(download: Download): Promise<string> {
  return readFile((await download.path()) ?? '', 'utf8');
}

test('an employer’s admin reads the survey’s figures, filters them and downloads them as CSV and XLSX', async ({
  page,
  request,
}) => {
  test.setTimeout(150_000);
  const employer = await employerWithAnswers(request, 'da');
  await signInBrowser(page, employer.token);
  await openFromMenu(page, 'da', false);

  await page.getByRole('link', { name: employer.title }).click();
  const details = page.getByTestId('survey-details');
  await expect(details.getByRole('heading', { level: 2, name: employer.title })).toBeVisible();

  // Response count and rate, and the invitation with its link and QR code.
  const keyFigures = page.getByTestId('survey-key-figures');
  await expect(keyFigures).toBeVisible({ timeout: 30_000 });
  await expect(keyFigures).toContainText(`${t('da', 'key.responses')}6`);
  await expect(keyFigures).toContainText(`${t('da', 'key.rate')}50 %`);
  await expect(page.getByTestId('survey-invitation-link')).toHaveText(
    new RegExp(`/survey\\?id=${employer.surveyId}$`),
  );
  await expect(
    page.getByRole('img', { name: t('da', 'invitation.qrAlt', { title: employer.title }) }),
  ).toBeVisible();

  // The modal split as a chart and as a table.
  const modal = page.getByTestId('chart-modal-split');
  // The figures and the chart draw on a busy two-core machine: give them time.
  await expect(modal.locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
  await expect(modal.locator('.recharts-bar-rectangle')).not.toHaveCount(0);
  await expect(
    modal.getByRole('row', { name: new RegExp(`^${t('da', 'modes.bike')}\\s3\\s50\\s%$`) }),
  ).toBeVisible();
  await expect(
    modal.getByRole('row', { name: new RegExp(`^${t('da', 'modes.car')}\\s2\\s33,3\\s%$`) }),
  ).toBeVisible();
  await expect(page.getByTestId('chart-would-cycle')).toContainText(
    t('da', 'wouldCycle.potential', { km: 5 }),
  );
  await expectNoA11yViolations(page);

  // A workplace with one answer: its figures are withheld, and the page says why.
  await page.getByRole('button', { name: new RegExp(t('da', 'filters.workplace')) }).click();
  await page.getByRole('option', { name: 'Lageret' }).click();
  await page.getByRole('button', { name: t('da', 'filters.apply') }).click();
  await expect(page).toHaveURL(new RegExp(`workplace_id=${employer.depotId}`));
  await expect(page.getByText(t('da', 'withheld.title', { min: 5 }))).toBeVisible();
  await expect(page.getByTestId('chart-modal-split')).toHaveCount(0);

  // The withheld filter's download holds no figures either.
  const [withheldCsv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('da', 'downloads.csv') }).click(),
  ]);
  const withheldText = await savedText(withheldCsv);
  expect(withheldText).toContain('all,,withheld,fewer_than_5_answers');
  expect(withheldText).not.toContain('modal_split');

  // Back to every answer, in the postal area they live in.
  await page.getByRole('button', { name: t('da', 'filters.clear') }).click();
  await page.getByRole('textbox', { name: t('da', 'filters.postalArea') }).fill('80');
  await page.getByRole('button', { name: t('da', 'filters.apply') }).click();
  await expect(page).toHaveURL(/postal_area=80/);
  await expect(page.getByTestId('chart-modal-split')).toBeVisible();

  const [csv] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('da', 'downloads.csv') }).click(),
  ]);
  expect(csv.suggestedFilename()).toMatch(/\.csv$/);
  const csvText = await savedText(csv);
  expect(csvText).toContain('filter,,postal_area,80');
  expect(csvText).toContain('all,,modal_split,bike,3,0.5,');
  expect(csvText).toContain('all,,cycling_potential,car_under_5_km,2,');
  // The depot's single answer is never a group of its own; no postcode leaves the server.
  expect(csvText).not.toContain('Lageret');
  expect(csvText).not.toContain('8000');

  const [xlsx] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: t('da', 'downloads.xlsx') }).click(),
  ]);
  expect(xlsx.suggestedFilename()).toMatch(/\.xlsx$/);
  const rows = await readSheet(await readFile((await xlsx.path()) ?? ''));
  expect(rows[0]).toEqual(['section', 'group', 'measure', 'category', 'count', 'share', 'change_points']);
  expect(rows).toContainEqual(['survey', null, 'title', employer.title, null, null, null]);
  expect(rows).toContainEqual(['all', null, 'modal_split', 'bike', 3, 0.5, null]);

  // The number invited changes the response rate.
  const invited = page
    .getByRole('region', { name: t('da', 'invited.title') })
    .getByRole('textbox', { name: t('da', 'invited.label') });
  await invited.fill('24');
  await page.getByRole('button', { name: t('da', 'invited.save') }).click();
  await expect(page.getByText(t('da', 'invited.saved'))).toBeVisible();
  await expect(keyFigures).toContainText(`${t('da', 'key.rate')}25 %`);
});

test.describe('in Norwegian', () => {
  test.use({ language: 'no' });

  test('the panel fits a phone and reads in Norwegian @phone', async ({ page, request }) => {
    test.setTimeout(150_000);
    const employer = await employerWithAnswers(request, 'no');
    await signInBrowser(page, employer.token);
    await openFromMenu(page, 'no', true);
    await page.getByRole('link', { name: employer.title }).click();
    await expect(page.getByTestId('survey-key-figures')).toContainText(`${t('no', 'key.rate')}50 %`, {
      timeout: 30_000,
    });
    const modal = page.getByTestId('chart-modal-split');
    // The figures and the chart draw on a busy two-core machine: give them time.
    await expect(modal.locator('svg.recharts-surface')).toBeVisible({ timeout: 30_000 });
    await expect(modal).toContainText(t('no', 'modes.public_transport'));
    // Nothing wider than the phone's screen.
    const overflow = await page.evaluate(
      () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
    );
    expect(overflow).toBeLessThanOrEqual(0);
    await expectNoA11yViolations(page);

    await page.getByRole('button', { name: new RegExp(t('no', 'filters.workplace')) }).click();
    await page.getByRole('option', { name: 'Lageret' }).click();
    await page.getByRole('button', { name: t('no', 'filters.apply') }).click();
    await expect(page.getByText(t('no', 'withheld.title', { min: 5 }))).toBeVisible();
  });
});

test('a person who is not the organisation’s admin is told the panel is not for them @phone', async ({
  page,
  request,
}) => {
  const person = await signUpViaApi(request);
  await signInBrowser(page, person.token);
  await page.goto('/survey/admin-panel');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(t('da', 'title'));
  await expect(page.getByText(t('da', 'access.actFor'))).toBeVisible();
  await expect(page.getByRole('link', { name: t('da', 'access.toOrganisations') })).toBeVisible();
});
