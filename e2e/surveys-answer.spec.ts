import { randomInt } from 'node:crypto';
import type { APIRequestContext, Page } from '@playwright/test';
import { type Language, signInBrowser, signUpViaApi, verifiedAccountViaApi } from './support/accounts.ts';
import { expectNoA11yViolations } from './support/axe.ts';
import { expect, test } from './support/fixtures.ts';
import { nextCvr } from './support/organisations.ts';
import { escapeRegExp, fillText, text } from './support/texts.ts';

/*
 * Issue 29 §1, the person's side of the commuter survey: an employer's open survey is made through
 * the API; a visitor opens its invitation link on a phone, answers every step, reloads half-way and
 * finds what they typed, and finishes — in Danish and in Norwegian. A signed-in person's answer is
 * theirs: it is in their data export.
 */

// Each journey walks every step with accessibility checks on a phone: more than the default minute on a busy machine.
test.describe.configure({ timeout: 120_000 });

interface SurveySetUp {
  surveyId: string;
  title: string;
  organisationName: string;
  workplaces: string[];
}

/** An employer (a business its admin acts for) with an open survey of two workplaces. */
async function openSurveyViaApi(request: APIRequestContext): Promise<SurveySetUp> {
  const admin = await verifiedAccountViaApi(request, 'survey-admin');
  const number = randomInt(10_000, 99_999);
  const organisationName = `Pendlerfirma ${number} ApS`;
  const created = await request.post('/api/organisations', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { name: organisationName, type: 'business', region: 'dk', registration_number: nextCvr() },
  });
  expect(created.status(), await created.text()).toBe(201);
  const { party_id: partyId } = (await created.json()) as { party_id: string };
  const acting = await request.put('/api/identities/authentications/acting-party', {
    headers: { authorization: `Bearer ${admin.token}` },
    data: { party_id: partyId },
  });
  expect(acting.status(), await acting.text()).toBe(200);
  const { authentication_token: token } = (await acting.json()) as { authentication_token: string };
  const title = `Transportvaner ${number}`;
  const workplaces = ['Hovedkontoret', 'Lageret'];
  const survey = await request.post('/api/operator/surveys', {
    headers: { authorization: `Bearer ${token}` },
    data: {
      title,
      opens_on: '2020-01-01',
      closes_on: '2099-12-31',
      workplaces: workplaces.map((name) => ({ name })),
    },
  });
  expect(survey.status(), await survey.text()).toBe(201);
  const { id } = (await survey.json()) as { id: string };
  return { surveyId: id, title, organisationName, workplaces };
}

/** Answers the survey from its invitation link, reloading half-way; ends on the thank-you. */
async function answerSurvey(page: Page, language: Language, survey: SurveySetUp): Promise<void> {
  const s = (key: string, values?: Record<string, string | number>) =>
    fillText(text(language, 'survey', key), values);
  const heading = page.getByRole('heading', { level: 1 });

  await page.goto(`/survey?id=${survey.surveyId}`);
  await expect(heading).toHaveText(survey.title);
  await expect(page.getByText(s('landing.runBy', { organisation: survey.organisationName }))).toBeVisible();
  await expect(page.getByText(s('landing.privacy'))).toBeVisible();
  await expectNoA11yViolations(page);
  await page.getByRole('link', { name: s('landing.start') }).click();

  // Step 1: a wrong postcode is refused beside its field, and nothing typed is lost.
  await expect(heading).toHaveText(s('addresses.title'));
  await expect(page).toHaveURL(new RegExp(`/survey/addresses\\?id=${survey.surveyId}$`));
  const home = page.getByRole('textbox', { name: s('addresses.home') });
  const work = page.getByRole('textbox', { name: s('addresses.work') });
  await home.fill('80');
  await work.fill(language === 'no' ? '0250' : '8200');
  await page.getByRole('button', { name: s('form.next') }).click();
  await expect(page.getByText(s('form.fixFields'))).toBeVisible();
  await expect(page.getByText(s('errors.postcode'))).toBeVisible();
  await expect(home).toHaveValue('80');
  await expect(work).toHaveValue(language === 'no' ? '0250' : '8200');
  await home.fill(language === 'no' ? '0150' : '8000');
  await page.getByRole('button', { name: new RegExp(escapeRegExp(s('addresses.workplace'))) }).click();
  await page.getByRole('option', { name: survey.workplaces[1] }).click();
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: s('form.next') }).click();

  // Step 2: tick days, reload before saving: the ticks are still there.
  await expect(heading).toHaveText(s('commutingDays.title'));
  for (const day of [1, 2, 4]) await page.getByText(s(`days.weekdays.${day}`), { exact: true }).click();
  await page.reload();
  await expect(heading).toHaveText(s('commutingDays.title'));
  await expect(page.getByRole('checkbox', { name: s('days.weekdays.4') })).toBeChecked();
  await expect(page.getByRole('checkbox', { name: s('days.weekdays.3') })).not.toBeChecked();
  await page.getByRole('button', { name: s('form.next') }).click();

  // Browser back shows the saved step 2, forward the travel step again.
  await expect(heading).toHaveText(s('travel.title'));
  await page.goBack();
  await expect(heading).toHaveText(s('commutingDays.title'));
  await expect(page.getByRole('checkbox', { name: s('days.weekdays.2') })).toBeChecked();
  await page.goForward();
  await expect(heading).toHaveText(s('travel.title'));

  // Step 3: two legs, one distance wrong at first.
  await page.getByRole('radio', { name: s('travel.modes.bike'), exact: true }).check({ force: true });
  await page.getByRole('textbox', { name: s('travel.distance') }).fill('2,5');
  await page.getByRole('textbox', { name: s('travel.minutes') }).fill('10');
  await page.getByRole('button', { name: s('travel.addLeg') }).click();
  const second = page.getByRole('group', { name: s('travel.legNumbered', { number: 2 }) });
  await second
    .getByRole('radio', { name: s('travel.modes.public_transport'), exact: true })
    .check({ force: true });
  await second.getByRole('textbox', { name: s('travel.distance') }).fill('0');
  await second.getByRole('textbox', { name: s('travel.minutes') }).fill('25');
  await page.getByText(s('travel.dock')).click();
  await page.getByRole('button', { name: s('form.finish') }).click();
  await expect(second.getByText(s('errors.distance'))).toBeVisible();
  await second.getByRole('textbox', { name: s('travel.distance') }).fill('12');
  await expectNoA11yViolations(page);
  await page.getByRole('button', { name: s('form.finish') }).click();

  await expect(heading).toHaveText(s('thanks.title'));
  await expect(page.getByText(survey.workplaces[1] ?? '')).toBeVisible();
  await expect(
    page.getByText([1, 2, 4].map((day) => s(`days.weekdays.${day}`)).join(', '), { exact: true }),
  ).toBeVisible();
  await expect(page.getByText(s('travel.dock'), { exact: true })).toBeVisible();
  await expectNoA11yViolations(page);
}

for (const language of ['da', 'no'] as const) {
  test.describe(`in ${language}`, () => {
    test.use({ language });

    test(`a visitor answers the survey from its invitation link on a phone and can come back to it @phone`, async ({
      page,
      request,
    }) => {
      const survey = await openSurveyViaApi(request);
      await answerSurvey(page, language, survey);
      // The invitation link again in the same browser shows the answer, not a new survey.
      await page.goto(`/survey?id=${survey.surveyId}`);
      await expect(page.getByRole('heading', { level: 1 })).toHaveText(
        text(language, 'survey', 'thanks.title'),
      );
      // The browser keeps the answer's token, never the answer.
      const stored = await page.evaluate(
        (id) => window.localStorage.getItem(`nbr:survey-answer:${id}`),
        survey.surveyId,
      );
      expect(stored).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    });
  });
}

test('a signed-in person’s answer is theirs: it is in their data export @phone', async ({
  page,
  request,
}) => {
  const survey = await openSurveyViaApi(request);
  const person = await signUpViaApi(request, {});
  await signInBrowser(page, person.token);
  await answerSurvey(page, 'da', survey);
  const exported = await request.get('/api/identities/me/export', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  expect(exported.status()).toBe(200);
  const { survey_answers: answers } = (await exported.json()) as {
    survey_answers: Array<{ survey_id: string; days: number[]; organisation_name: string }>;
  };
  expect(answers).toEqual([
    expect.objectContaining({
      survey_id: survey.surveyId,
      days: [1, 2, 4],
      organisation_name: survey.organisationName,
    }),
  ]);
});

test('a visitor who signs in half-way keeps their answer, now linked to them @phone', async ({
  page,
  request,
}) => {
  const s = (key: string) => text('da', 'survey', key);
  const survey = await openSurveyViaApi(request);
  await page.goto(`/survey?id=${survey.surveyId}`);
  await page.getByRole('link', { name: s('landing.start') }).click();
  await page.getByRole('textbox', { name: s('addresses.home') }).fill('8000');
  await page.getByRole('textbox', { name: s('addresses.work') }).fill('8200');
  await page.getByRole('button', { name: new RegExp(escapeRegExp(s('addresses.workplace'))) }).click();
  await page.getByRole('option', { name: survey.workplaces[0] }).click();
  await page.getByRole('button', { name: s('form.next') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('commutingDays.title'));

  // They sign in (a new account) and open the invitation link again: the answer so far is theirs.
  const person = await signUpViaApi(request, {});
  await signInBrowser(page, person.token);
  await page.goto(`/survey?id=${survey.surveyId}`);
  await page.getByRole('link', { name: s('landing.continue') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('commutingDays.title'));
  await page.getByText(s('days.weekdays.3'), { exact: true }).click();
  await page.getByRole('button', { name: s('form.next') }).click();
  await page.getByRole('radio', { name: s('travel.modes.walk'), exact: true }).check({ force: true });
  await page.getByRole('textbox', { name: s('travel.distance') }).fill('1,2');
  await page.getByRole('textbox', { name: s('travel.minutes') }).fill('15');
  await page.getByRole('button', { name: s('form.finish') }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(s('thanks.title'));

  const exported = await request.get('/api/identities/me/export', {
    headers: { authorization: `Bearer ${person.token}` },
  });
  const { survey_answers: answers } = (await exported.json()) as {
    survey_answers: Array<{ survey_id: string; home_postcode: string; days: number[]; finished_at: string }>;
  };
  expect(answers).toEqual([
    expect.objectContaining({
      survey_id: survey.surveyId,
      home_postcode: '8000',
      days: [3],
      finished_at: expect.any(String),
    }),
  ]);
  // The browser no longer holds a token for it.
  expect(
    await page.evaluate((id) => window.localStorage.getItem(`nbr:survey-answer:${id}`), survey.surveyId),
  ).toBeNull();
});
