import { and, eq, sql } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { businessOperator, type TestOperator } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser, type TestUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { joinByInvitation, signUpStaff } from '../../test/organisation-helpers.ts';

/*
 * The survey's admin panel through HTTP (issue 29 §1): the number invited and the response rate, the
 * CSV and XLSX downloads of the figures (only groups of 5 or more, no postcode or grid cell, no
 * formula a spreadsheet would run), backoffice staff's list of surveys, and who may reach them.
 */

let t: TestApp;
let employer: TestOperator;
let outsider: TestOperator;
let member: TestUser;
let staff: TestUser;
let surveyId: string;
let hq: string;
let depot: string;

const INJECTED_NAME = '=HYPERLINK("http://example.invalid","klik")';

async function answerAsNewPerson(homePostcode: string, workplaceId: string | null, mode: string, km: number) {
  const person = await signUpUser(t.app, { email: uniqueEmail('panel') });
  const steps = [
    [
      'addresses',
      {
        home_postcode: homePostcode,
        work_postcode: '8200',
        home_position: { latitude: 56.1567, longitude: 10.2108 },
        work_position: null,
        workplace_id: workplaceId,
      },
    ],
    ['commuting-days', { days: [1, 2, 3, 4, 5] }],
    [
      'travel',
      {
        legs: [{ mode, distance_km: km, minutes: 10 }],
        would_cycle_more_with_parking: true,
        would_cycle_more_with_dock: false,
      },
    ],
  ] as const;
  for (const [step, body] of steps) {
    const response = await injectAs(
      t.app,
      person.token,
      'PUT',
      `/api/surveys/${surveyId}/answer/${step}`,
      body,
    );
    expect(response.statusCode, response.body).toBe(200);
  }
}

const download = (token: string | null, format: 'csv' | 'xlsx', query = '') =>
  injectAs(t.app, token, 'GET', `/api/operator/surveys/${surveyId}/figures.${format}${query}`);

/** The CSV's rows as arrays of fields (the test's own data has no quoted commas). */
function csvRows(body: string): string[][] {
  return body
    .replace(/^\uFEFF/, '')
    .trimEnd()
    .split('\r\n')
    .map((line) => line.split(','));
}

beforeAll(async () => {
  t = await createTestApp();
  employer = await businessOperator(t.app, 'Panel Arbejdsgiver ApS');
  outsider = await businessOperator(t.app, 'Panel Anden ApS');
  member = await signUpUser(t.app, { email: uniqueEmail('panel-member') });
  await joinByInvitation(t.app, employer.admin.token, employer.organisationId, member, 'member');
  staff = await signUpStaff(t.app, 'support');
  const created = await injectAs(t.app, employer.admin.token, 'POST', '/api/operator/surveys', {
    title: 'Pendling på Ærø 2026',
    opens_on: '2020-01-01',
    closes_on: '2099-12-31',
    workplaces: [{ name: INJECTED_NAME }, { name: 'Lager' }],
    invited_count: 40,
  });
  expect(created.statusCode, created.body).toBe(201);
  const survey = created.json();
  expect(survey).toMatchObject({ invited_count: 40, finished_answers: 0 });
  surveyId = survey.id;
  hq = survey.workplaces[0].id;
  depot = survey.workplaces[1].id;
  // 6 at the head office (8000), 4 at the depot (8200): the depot is a group under 5.
  for (let index = 0; index < 6; index += 1)
    await answerAsNewPerson('8000', hq, index < 3 ? 'bike' : 'car', index < 3 ? 4 : 2);
  for (let index = 0; index < 4; index += 1) await answerAsNewPerson('8200', depot, 'public_transport', 12);
}, 120_000);

afterAll(async () => {
  await t.close();
});

describe('the number invited and the response rate', () => {
  it('answers the response rate with the figures and in the list', async () => {
    const figures = await injectAs(
      t.app,
      employer.admin.token,
      'GET',
      `/api/operator/surveys/${surveyId}/figures`,
    );
    expect(figures.statusCode, figures.body).toBe(200);
    expect(figures.json()).toMatchObject({ finished_answers: 10, invited_count: 40, response_rate: 0.25 });
    const list = await injectAs(t.app, employer.admin.token, 'GET', '/api/operator/surveys');
    expect(list.json().surveys).toEqual([
      expect.objectContaining({ id: surveyId, invited_count: 40, finished_answers: 10 }),
    ]);
  });

  it('lets the organisation’s admin change it, audited, and refuses a bad number', async () => {
    const url = `/api/operator/surveys/${surveyId}`;
    const changed = await injectAs(t.app, employer.admin.token, 'PATCH', url, { invited_count: 20 });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ id: surveyId, invited_count: 20, finished_answers: 10 });
    const figures = await injectAs(t.app, employer.admin.token, 'GET', `${url}/figures`);
    expect(figures.json().response_rate).toBe(0.5);
    const events = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(
          eq(auditEvents.action, 'survey.invited_count_changed'),
          sql`${auditEvents.details}->>'survey_id' = ${surveyId}`,
        ),
      );
    expect(events).toHaveLength(1);
    expect(events[0]?.details).toMatchObject({ from: 40, to: 20 });
    expect(events[0]?.actorPartyId).toBe(employer.admin.partyId);

    for (const invited_count of [0, -3, 1.5, 2_000_000])
      expect((await injectAs(t.app, employer.admin.token, 'PATCH', url, { invited_count })).statusCode).toBe(
        422,
      );
    const cleared = await injectAs(t.app, employer.admin.token, 'PATCH', url, { invited_count: null });
    expect(cleared.json().invited_count).toBeNull();
    expect(
      (await injectAs(t.app, employer.admin.token, 'GET', `${url}/figures`)).json().response_rate,
    ).toBeNull();
    await injectAs(t.app, employer.admin.token, 'PATCH', url, { invited_count: 20 });
  });

  it('refuses another organisation’s admin (404), a plain member and staff (403) and a visitor (401)', async () => {
    const url = `/api/operator/surveys/${surveyId}`;
    const asOutsider = await injectAs(t.app, outsider.admin.token, 'PATCH', url, { invited_count: 1 });
    expect(asOutsider.statusCode).toBe(404);
    expect(asOutsider.json().code).toBe('survey_not_found');
    expect((await injectAs(t.app, member.token, 'PATCH', url, { invited_count: 1 })).statusCode).toBe(403);
    expect((await injectAs(t.app, staff.token, 'PATCH', url, { invited_count: 1 })).statusCode).toBe(403);
    expect((await injectAs(t.app, null, 'PATCH', url, { invited_count: 1 })).statusCode).toBe(401);
  });
});

describe('the downloads', () => {
  it('sends the figures as CSV: aggregates only, the group of 4 left out, no postcode or grid cell', async () => {
    const response = await download(employer.admin.token, 'csv');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="survey-pendling-paa-aeroe-2026-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = csvRows(response.body);
    expect(rows[0]).toEqual(['section', 'group', 'measure', 'category', 'count', 'share', 'change_points']);
    expect(rows).toContainEqual(['survey', '', 'finished_answers', '', '10', '', '']);
    expect(rows).toContainEqual(['survey', '', 'response_rate', '', '', '0.5', '']);
    expect(rows).toContainEqual(['all', '', 'modal_split', 'bike', '3', '0.3', '']);
    expect(rows).toContainEqual(['all', '', 'cycling_potential', 'car_under_5_km', '3', '0.3', '']);
    // The head office's 6 are a group; the depot's 4 are not, and neither is what the whole minus it shows.
    const groups = new Set(rows.filter((row) => row[0] === 'workplace').map((row) => row[1]));
    expect(groups.size).toBe(0);
    expect(response.body).not.toContain('Lager');
    expect(response.body).not.toContain('8000');
    expect(response.body).not.toContain('8200');
    expect(response.body).not.toContain('1km_');
    expect(response.body).not.toContain('56.15');
  });

  it('defuses a name a spreadsheet would run as a formula', async () => {
    const response = await download(employer.admin.token, 'csv', `?workplace_id=${hq}`);
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain(`"'=HYPERLINK(""http://example.invalid"",""klik"")"`);
    expect(response.body).not.toMatch(/(^|,)=HYPERLINK/m);
  });

  it('says plainly that a filter picking fewer than 5 answers is withheld', async () => {
    const response = await download(employer.admin.token, 'csv', `?workplace_id=${depot}`);
    const rows = csvRows(response.body);
    expect(rows).toContainEqual(['all', '', 'withheld', 'fewer_than_5_answers', '', '', '']);
    expect(rows.filter((row) => row[2] === 'modal_split')).toEqual([]);
  });

  it('sends the same figures as XLSX', async () => {
    const response = await download(employer.admin.token, 'xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toMatch(
      /^attachment; filename="survey-pendling-paa-aeroe-2026-\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual(['section', 'group', 'measure', 'category', 'count', 'share', 'change_points']);
    expect(rows).toContainEqual(['survey', null, 'title', 'Pendling på Ærø 2026', null, null, null]);
    expect(rows).toContainEqual(['all', null, 'answers', null, 10, null, null]);
    expect(rows).toContainEqual(['all', null, 'modal_split', 'car', 3, 0.3, null]);
    expect(rows).toContainEqual(['all', null, 'modal_split', 'public_transport', 4, 0.4, null]);
    const text = rows
      .flat()
      .filter((cell) => typeof cell === 'string')
      .join(' ');
    for (const leak of ['Lager', '8000', '8200', '1km_']) expect(text).not.toContain(leak);

    const withheld = await readSheet(
      (await download(employer.admin.token, 'xlsx', `?workplace_id=${depot}`)).rawPayload,
    );
    expect(withheld).toContainEqual(['filter', null, 'workplace', 'Lager', null, null, null]);
    expect(withheld).toContainEqual(['all', null, 'withheld', 'fewer_than_5_answers', null, null, null]);
    expect(withheld.filter((row) => row[2] === 'modal_split')).toEqual([]);
  });

  it('adds the change against a compared period', async () => {
    const response = await download(
      employer.admin.token,
      'csv',
      '?compare_from=2020-01-01&compare_to=2099-12-31',
    );
    expect(csvRows(response.body)).toContainEqual([
      'modal_share_change',
      '',
      'modal_split',
      'car',
      '',
      '',
      '0',
    ]);
  });

  it('lets staff download any survey and refuses another organisation’s admin, a member and a visitor', async () => {
    expect((await download(staff.token, 'csv')).statusCode).toBe(200);
    expect((await download(staff.token, 'xlsx')).statusCode).toBe(200);
    for (const format of ['csv', 'xlsx'] as const) {
      const asOutsider = await download(outsider.admin.token, format);
      expect(asOutsider.statusCode).toBe(404);
      expect(asOutsider.body).not.toContain('modal_split');
      expect((await download(member.token, format)).statusCode).toBe(403);
      expect((await download(null, format)).statusCode).toBe(401);
    }
    expect((await download(employer.admin.token, 'csv', '?from=2026-02-01&to=2026-01-01')).statusCode).toBe(
      422,
    );
  });
});

describe('staff’s list of surveys', () => {
  it('lists every organisation’s surveys with the organisation to staff only', async () => {
    const response = await injectAs(t.app, staff.token, 'GET', '/api/backoffice/surveys');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().surveys).toContainEqual(
      expect.objectContaining({
        id: surveyId,
        invited_count: 20,
        finished_answers: 10,
        organisation: { party_id: employer.organisationId, name: 'Panel Arbejdsgiver ApS' },
      }),
    );
    expect((await injectAs(t.app, employer.admin.token, 'GET', '/api/backoffice/surveys')).statusCode).toBe(
      403,
    );
    expect((await injectAs(t.app, null, 'GET', '/api/backoffice/surveys')).statusCode).toBe(401);
  });
});
