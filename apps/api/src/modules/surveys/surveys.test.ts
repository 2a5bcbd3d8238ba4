import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveys } from '../../db/schema/surveys.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { businessOperator, type TestOperator } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  injectAs,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { joinByInvitation, signUpStaff } from '../../test/organisation-helpers.ts';

/*
 * The commuter survey through HTTP (issue 29 §1): a person answers the three steps into their one
 * answer, only while the survey is open; the organisation's admin creates surveys and reads figures
 * in which no address, position or group under five appears; nobody else reaches them.
 */

let t: TestApp;
let employer: TestOperator;
let surveyId: string;
let hq: string;
let depot: string;

interface Answer {
  home_postcode: string;
  workplace_id: string | null;
  legs: Array<{ mode: string; distance_km: number; minutes: number }>;
  days?: number[];
}

function addresses(answer: Partial<Answer> = {}) {
  return {
    home_postcode: answer.home_postcode ?? '8000',
    work_postcode: '8200',
    home_position: null,
    work_position: null,
    workplace_id: answer.workplace_id ?? null,
  };
}

/** Signs up a new person and has them answer all three steps. */
async function answerAsNewPerson(answer: Answer, id = surveyId): Promise<TestUser> {
  const person = await signUpUser(t.app, { email: uniqueEmail('pendler') });
  const steps = [
    ['addresses', addresses(answer)],
    ['commuting-days', { days: answer.days ?? [1, 2, 3, 4, 5] }],
    ['travel', { legs: answer.legs, would_cycle_more_with_parking: true, would_cycle_more_with_dock: false }],
  ] as const;
  for (const [step, body] of steps) {
    const response = await injectAs(t.app, person.token, 'PUT', `/api/surveys/${id}/answer/${step}`, body);
    expect(response.statusCode, response.body).toBe(200);
  }
  return person;
}

async function insertSurvey(opensOn: string, closesOn: string): Promise<string> {
  const id = uuidv7();
  await t.app.db.insert(surveys).values({
    id,
    organisationPartyId: employer.organisationId,
    title: 'Lukket',
    opensOn,
    closesOn,
  });
  return id;
}

beforeAll(async () => {
  t = await createTestApp();
  employer = await businessOperator(t.app, 'Pendler Arbejdsgiver ApS');
  const created = await injectAs(t.app, employer.admin.token, 'POST', '/api/operator/surveys', {
    title: 'Transportvaner 2026',
    opens_on: '2020-01-01',
    closes_on: '2099-12-31',
    workplaces: [{ name: 'Hovedkontor' }, { name: 'Lager' }],
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json<{ id: string; workplaces: Array<{ id: string; name: string }> }>();
  surveyId = survey.id;
  hq = survey.workplaces[0]?.id ?? '';
  depot = survey.workplaces[1]?.id ?? '';
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('answering a survey', () => {
  it('saves the three steps into the person’s answer and reads it back, positions as cells only', async () => {
    const person = await signUpUser(t.app, { email: uniqueEmail('answerer') });
    const url = `/api/surveys/${surveyId}/answer`;
    const before = await injectAs(t.app, person.token, 'GET', url);
    expect(before.statusCode).toBe(200);
    expect(before.json()).toMatchObject({
      survey: { id: surveyId, title: 'Transportvaner 2026' },
      answer: null,
    });

    const first = await injectAs(t.app, person.token, 'PUT', `${url}/addresses`, {
      ...addresses({ workplace_id: hq }),
      home_position: { latitude: 56.1567, longitude: 10.2108 },
      work_position: null,
    });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().answer).toMatchObject({ home_postcode: '8000', workplace_id: hq, finished_at: null });
    const days = await injectAs(t.app, person.token, 'PUT', `${url}/commuting-days`, { days: [5, 1, 3] });
    expect(days.json().answer).toMatchObject({ days: [1, 3, 5], finished_at: null });
    const travel = await injectAs(t.app, person.token, 'PUT', `${url}/travel`, {
      legs: [
        { mode: 'bike', distance_km: 2.5, minutes: 10 },
        { mode: 'public_transport', distance_km: 8, minutes: 20 },
      ],
      would_cycle_more_with_parking: false,
      would_cycle_more_with_dock: true,
    });
    expect(travel.statusCode, travel.body).toBe(200);

    const back = await injectAs(t.app, person.token, 'GET', url);
    expect(back.statusCode).toBe(200);
    const answer = back.json().answer;
    expect(answer).toMatchObject({
      home_postcode: '8000',
      work_postcode: '8200',
      home_grid_cell: expect.stringMatching(/^1km_N\d+_E\d+$/),
      work_grid_cell: null,
      days: [1, 3, 5],
      would_cycle_more_with_dock: true,
      finished_at: expect.any(String),
    });
    expect(answer.legs).toHaveLength(2);
    // The point itself is stored nowhere and answered nowhere.
    expect(back.body).not.toContain('56.15');
    expect(back.body).not.toContain('10.21');
    const [row] = await t.app.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.partyId, person.partyId));
    expect(JSON.stringify(row)).not.toContain('56.15');
  });

  it('keeps one answer per person: a second answer updates the same row', async () => {
    const person = await answerAsNewPerson({
      home_postcode: '8000',
      workplace_id: null,
      legs: [{ mode: 'car', distance_km: 3, minutes: 8 }],
    });
    const before = await injectAs(t.app, person.token, 'GET', `/api/surveys/${surveyId}/answer`);
    const again = await injectAs(
      t.app,
      person.token,
      'PUT',
      `/api/surveys/${surveyId}/answer/addresses`,
      addresses({ home_postcode: '8210' }),
    );
    expect(again.statusCode).toBe(200);
    expect(again.json().answer).toMatchObject({
      home_postcode: '8210',
      finished_at: before.json().answer.finished_at,
      legs: [{ mode: 'car', distance_km: 3, minutes: 8 }],
    });
    const rows = await t.app.db
      .select()
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.partyId, person.partyId)));
    expect(rows).toHaveLength(1);
    // Cleaned up so the figures below count only their own answers.
    await t.app.db.delete(surveyAnswers).where(eq(surveyAnswers.partyId, person.partyId));
  });

  it('does not finish an answer whose earlier steps are missing', async () => {
    const person = await signUpUser(t.app, { email: uniqueEmail('half') });
    const travel = await injectAs(t.app, person.token, 'PUT', `/api/surveys/${surveyId}/answer/travel`, {
      legs: [{ mode: 'walk', distance_km: 1, minutes: 12 }],
      would_cycle_more_with_parking: false,
      would_cycle_more_with_dock: false,
    });
    expect(travel.statusCode).toBe(200);
    expect(travel.json().answer).toMatchObject({ finished_at: null, home_postcode: null });
    await t.app.db.delete(surveyAnswers).where(eq(surveyAnswers.partyId, person.partyId));
  });

  it('refuses answers to a survey that has closed or not opened yet (409), and validates each step', async () => {
    const person = await signUpUser(t.app, { email: uniqueEmail('late') });
    for (const id of [
      await insertSurvey('2020-01-01', '2020-12-31'),
      await insertSurvey('2099-01-01', '2099-12-31'),
    ]) {
      const response = await injectAs(
        t.app,
        person.token,
        'PUT',
        `/api/surveys/${id}/answer/commuting-days`,
        {
          days: [1],
        },
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('survey_not_open');
    }
    const unknown = await injectAs(t.app, person.token, 'GET', `/api/surveys/${uuidv7()}/answer`);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('survey_not_found');
    const url = `/api/surveys/${surveyId}/answer`;
    expect(
      (await injectAs(t.app, person.token, 'PUT', `${url}/commuting-days`, { days: [1, 1] })).statusCode,
    ).toBe(422);
    expect(
      (await injectAs(t.app, person.token, 'PUT', `${url}/addresses`, addresses({ workplace_id: uuidv7() })))
        .statusCode,
    ).toBe(422);
    expect((await injectAs(t.app, person.token, 'PUT', `${url}/travel`, { legs: [] })).statusCode).toBe(422);
  });
});

describe('the organisation’s figures', () => {
  let outsider: TestOperator;
  let member: TestUser;
  let self: TestUser;
  let exporter: TestUser;

  beforeAll(async () => {
    await t.app.db.delete(surveyAnswers).where(eq(surveyAnswers.surveyId, surveyId));
    // 6 at the head office (3 by bike, 3 by short car trips), 4 at the depot, 5 naming none.
    for (let index = 0; index < 6; index += 1) {
      const legs = [{ mode: index < 3 ? 'bike' : 'car', distance_km: index < 3 ? 4 : 2, minutes: 10 }];
      const person = await answerAsNewPerson({ home_postcode: '8000', workplace_id: hq, legs });
      if (index === 0) exporter = person;
    }
    for (let index = 0; index < 4; index += 1)
      await answerAsNewPerson({
        home_postcode: '8200',
        workplace_id: depot,
        legs: [{ mode: 'public_transport', distance_km: 12, minutes: 30 }],
      });
    for (let index = 0; index < 5; index += 1)
      await answerAsNewPerson({
        home_postcode: '8210',
        workplace_id: null,
        legs: [{ mode: 'e_bike', distance_km: 7, minutes: 20 }],
      });
    outsider = await businessOperator(t.app, 'Anden Virksomhed ApS');
    member = await signUpUser(t.app, { email: uniqueEmail('plain-member') });
    await joinByInvitation(t.app, employer.admin.token, employer.organisationId, member, 'member');
    self = await signUpUser(t.app, { email: uniqueEmail('self') });
  }, 120_000);

  const figures = (token: string | null, query = '') =>
    injectAs(t.app, token, 'GET', `/api/operator/surveys/${surveyId}/figures${query}`);

  it('shows the modal split of 5+ finished answers and leaves out the workplace with 4', async () => {
    const response = await figures(employer.admin.token);
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.finished_answers).toBe(15);
    expect(body.summary.answers).toBe(15);
    const split = Object.fromEntries(
      body.summary.modal_split.map((entry: { mode: string; count: number }) => [entry.mode, entry.count]),
    );
    expect(split).toEqual({ bike: 3, e_bike: 5, public_transport: 4, car: 3, walk: 0 });
    expect(body.summary.cycling_potential.count).toBe(3);
    expect(body.by_workplace.map((group: { name: string }) => group.name)).toEqual(['Hovedkontor']);
    expect(body.by_workplace[0].summary.answers).toBe(6);
    // 80: 6, 82: 9 (8200 and 8210).
    expect(
      body.by_postal_area.map((group: { postal_area: string; summary: { answers: number } }) => [
        group.postal_area,
        group.summary.answers,
      ]),
    ).toEqual([
      ['80', 6],
      ['82', 9],
    ]);
    expect(response.body).not.toContain('8000');
    expect(response.body).not.toContain('1km_');
  });

  it('filters by workplace, postal area and period, withholding groups under 5', async () => {
    const atDepot = (await figures(employer.admin.token, `?workplace_id=${depot}`)).json();
    expect(atDepot).toMatchObject({
      finished_answers: 15,
      summary: null,
      by_workplace: [],
      by_postal_area: [],
    });
    const atHq = (await figures(employer.admin.token, `?workplace_id=${hq}`)).json();
    expect(atHq.summary.answers).toBe(6);
    const area = (await figures(employer.admin.token, '?postal_area=82')).json();
    expect(area.summary.answers).toBe(9);
    const future = (await figures(employer.admin.token, '?from=2099-01-01')).json();
    expect(future.summary).toBeNull();
    const past = await figures(employer.admin.token, '?from=2020-01-01&to=2099-12-31');
    expect(past.json().summary.answers).toBe(15);
    expect((await figures(employer.admin.token, '?from=2021-01-01&to=2020-01-01')).statusCode).toBe(422);
  });

  it('withholds a filter’s groups with its figures when what it leaves out is 1 to 4 answers', async () => {
    const small = await insertSurvey('2020-01-01', '2099-12-31');
    for (let index = 0; index < 8; index += 1) {
      await answerAsNewPerson(
        {
          home_postcode: index < 6 ? '8000' : '8200',
          workplace_id: null,
          legs: [{ mode: 'bike', distance_km: 3, minutes: 12 }],
        },
        small,
      );
    }
    const area = (
      await injectAs(
        t.app,
        employer.admin.token,
        'GET',
        `/api/operator/surveys/${small}/figures?postal_area=80`,
      )
    ).json();
    // 6 picked, 2 left out: the whole's figures minus these would show the 2.
    expect(area).toMatchObject({ finished_answers: 8, summary: null, by_workplace: [], by_postal_area: [] });
  });

  it('compares the modal split with another period, unless either is withheld', async () => {
    expect((await figures(employer.admin.token)).json().modal_share_change).toBeNull();
    const same = (
      await figures(employer.admin.token, '?compare_from=2020-01-01&compare_to=2099-12-31')
    ).json();
    expect(same.modal_share_change).toEqual([
      { mode: 'bike', points: 0 },
      { mode: 'e_bike', points: 0 },
      { mode: 'public_transport', points: 0 },
      { mode: 'car', points: 0 },
      { mode: 'walk', points: 0 },
    ]);
    // Nobody answered in 2020: that period is withheld, so there is no change to show.
    const empty = (
      await figures(employer.admin.token, '?compare_from=2020-01-01&compare_to=2020-12-31')
    ).json();
    expect(empty.modal_share_change).toBeNull();
    expect(empty.summary.answers).toBe(15);
  });

  it('shows any survey’s figures to backoffice staff', async () => {
    const staff = await signUpStaff(t.app, 'support');
    const response = await figures(staff.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().finished_answers).toBe(15);
  });

  it('lists the organisation’s surveys to its admin', async () => {
    const response = await injectAs(t.app, employer.admin.token, 'GET', '/api/operator/surveys');
    expect(response.statusCode).toBe(200);
    const listed = response.json().surveys.find((survey: { id: string }) => survey.id === surveyId);
    expect(listed).toMatchObject({ title: 'Transportvaner 2026', finished_answers: 15 });
  });

  it('refuses an outsider (404), a plain member and a person acting as themself (403) and a visitor (401)', async () => {
    const asOutsider = await figures(outsider.admin.token);
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().code).toBe('survey_not_found');
    const outsiderList = await injectAs(t.app, outsider.admin.token, 'GET', '/api/operator/surveys');
    expect(outsiderList.json().surveys).toEqual([]);
    for (const token of [member.token, self.token]) {
      expect((await figures(token)).statusCode).toBe(403);
      expect((await injectAs(t.app, token, 'GET', '/api/operator/surveys')).statusCode).toBe(403);
      const create = await injectAs(t.app, token, 'POST', '/api/operator/surveys', {
        title: 'Nej',
        opens_on: '2026-01-01',
        closes_on: '2026-02-01',
      });
      expect(create.statusCode).toBe(403);
    }
    expect((await figures(null)).statusCode).toBe(401);
    expect((await injectAs(t.app, null, 'GET', '/api/operator/surveys')).statusCode).toBe(401);
  });

  it('puts the person’s answer in their data export and deletes it with their account', async () => {
    const exported = await injectAs(t.app, exporter.token, 'GET', '/api/identities/me/export');
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.json().survey_answers).toEqual([
      expect.objectContaining({
        survey_id: surveyId,
        survey_title: 'Transportvaner 2026',
        organisation_name: 'Pendler Arbejdsgiver ApS',
        home_postcode: '8000',
        workplace_id: hq,
        finished_at: expect.any(String),
      }),
    ]);

    const deleted = await injectAs(t.app, exporter.token, 'DELETE', `/api/identities/${exporter.partyId}`, {
      confirm_data_copy: true,
      confirm_legal_retention: true,
      confirm_insurance_consequences: true,
      confirm_permanent: true,
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.app.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.partyId, exporter.partyId));
    expect(left).toEqual([]);
  });
});
