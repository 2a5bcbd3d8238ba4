import { randomInt } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { surveyAnswers, surveys } from '../../db/schema/surveys.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { businessOperator, type TestOperator } from '../../test/dock-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';
import { VISITOR_ANSWERS_PER_HOUR } from './survey-answers.routes.ts';

/*
 * A visitor's answer to the commuter survey through HTTP (issue 29 §1): the first saved step answers
 * a token that reads and continues the answer and nothing else; a signed-in person has one answer
 * per survey and may take over the answer they gave as a visitor, unless they have their own; a
 * closed survey and bad input change nothing.
 */

let t: TestApp;
let employer: TestOperator;
let surveyId: string;
let workplaceId: string;
// A new range each run, so no budget left over from another run can meet these addresses.
let lastAddress = randomInt(0, 50) * 250;

const TOKEN_HEADER = 'x-survey-answer-token';
const ADDRESSES = {
  home_postcode: '8000',
  work_postcode: '8200',
  home_position: { latitude: 56.1567, longitude: 10.2108 },
  work_position: null,
  workplace_id: null,
};
const TRAVEL = {
  legs: [{ mode: 'e_bike', distance_km: 6.5, minutes: 22 }],
  would_cycle_more_with_parking: true,
  would_cycle_more_with_dock: true,
};

/** Each visitor comes from an address of their own, so the visitors' budget is only tried where meant. */
function newVisitorAddress(): string {
  lastAddress += 1;
  return `10.${29 + Math.floor(lastAddress / 62_500)}.${Math.floor(lastAddress / 250) % 250}.${(lastAddress % 250) + 1}`;
}

function send(
  method: HTTPMethods,
  url: string,
  who: { token?: string | null; answerToken?: string | null; address?: string },
  payload?: object,
) {
  return t.app.inject({
    method,
    url,
    remoteAddress: who.address ?? '127.0.0.1',
    headers: {
      ...(who.token ? bearer(who.token) : {}),
      ...(who.answerToken ? { [TOKEN_HEADER]: who.answerToken } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

const answerUrl = (id = surveyId) => `/api/surveys/${id}/answer`;

/** A visitor answers the addresses step; answers their token. */
async function startAsVisitor(id = surveyId, address = newVisitorAddress()): Promise<string> {
  const response = await send('PUT', `${answerUrl(id)}/addresses`, { address }, ADDRESSES);
  expect(response.statusCode, response.body).toBe(200);
  const token = response.json().answer_token;
  expect(token).toEqual(expect.stringMatching(/^[A-Za-z0-9_-]{40,}$/));
  return token;
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
  employer = await businessOperator(t.app, 'Besøgende Pendlere ApS');
  const created = await send(
    'POST',
    '/api/operator/surveys',
    { token: employer.admin.token },
    {
      title: 'Transportvaner 2026',
      opens_on: '2020-01-01',
      closes_on: '2099-12-31',
      workplaces: [{ name: 'Hovedkontor' }],
    },
  );
  expect(created.statusCode, created.body).toBe(201);
  surveyId = created.json().id;
  workplaceId = created.json().workplaces[0].id;
}, 60_000);

afterAll(async () => {
  await t.close();
});

describe('a visitor answering', () => {
  it('shows the survey to a visitor: who runs it, its period, that it is open, no answer yet', async () => {
    const response = await send('GET', answerUrl(), {});
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      survey: {
        id: surveyId,
        title: 'Transportvaner 2026',
        opens_on: '2020-01-01',
        closes_on: '2099-12-31',
        workplaces: [{ id: workplaceId, name: 'Hovedkontor' }],
        organisation_name: 'Besøgende Pendlere ApS',
        open: true,
      },
      answer: null,
    });
  });

  it('answers every step with the token of the first and resumes with it; only its hash is stored', async () => {
    const address = newVisitorAddress();
    const token = await startAsVisitor(surveyId, address);
    const resumed = await send('GET', answerUrl(), { answerToken: token });
    expect(resumed.json().answer).toMatchObject({
      home_postcode: '8000',
      home_grid_cell: expect.stringMatching(/^1km_N\d+_E\d+$/),
      days: null,
      finished_at: null,
    });
    const days = await send(
      'PUT',
      `${answerUrl()}/commuting-days`,
      { answerToken: token, address },
      {
        days: [2, 4],
      },
    );
    expect(days.statusCode, days.body).toBe(200);
    // The token is answered once, when the answer starts.
    expect(days.json().answer_token).toBeNull();
    const travel = await send('PUT', `${answerUrl()}/travel`, { answerToken: token, address }, TRAVEL);
    expect(travel.statusCode, travel.body).toBe(200);
    expect(travel.json().answer).toMatchObject({ days: [2, 4], finished_at: expect.any(String) });

    const [row] = await t.app.db
      .select()
      .from(surveyAnswers)
      .where(eq(surveyAnswers.surveyId, surveyId))
      .orderBy(surveyAnswers.createdAt);
    expect(row).toMatchObject({ partyId: null, finishedAt: expect.any(Date) });
    expect(row?.answerTokenHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(token);
    expect(JSON.stringify(row)).not.toContain('56.15');
    // The finished answer counts in the figures like any other.
    const figures = await send('GET', `/api/operator/surveys/${surveyId}/figures`, {
      token: employer.admin.token,
    });
    expect(figures.json().finished_answers).toBeGreaterThanOrEqual(1);
  });

  it('keeps one visitor’s answer from another visitor and from another token', async () => {
    const token = await startAsVisitor();
    const other = await startAsVisitor();
    expect(other).not.toBe(token);
    // Without a token, or with another, the first answer is not there.
    expect((await send('GET', answerUrl(), {})).json().answer).toBeNull();
    expect((await send('GET', answerUrl(), { answerToken: 'made-up-token' })).json().answer).toBeNull();
    const otherSurvey = await insertSurvey('2020-01-01', '2099-12-31');
    expect((await send('GET', answerUrl(otherSurvey), { answerToken: token })).json().answer).toBeNull();

    const forged = await send(
      'PUT',
      `${answerUrl()}/commuting-days`,
      { answerToken: 'made-up-token' },
      {
        days: [1],
      },
    );
    expect(forged.statusCode).toBe(404);
    expect(forged.json().code).toBe('survey_answer_not_found');
    const elsewhere = await send(
      'PUT',
      `${answerUrl(otherSurvey)}/commuting-days`,
      { answerToken: token },
      {
        days: [1],
      },
    );
    expect(elsewhere.statusCode).toBe(404);

    // The other visitor's change reaches only their own answer.
    await send('PUT', `${answerUrl()}/commuting-days`, { answerToken: other }, { days: [1, 2, 3] });
    expect((await send('GET', answerUrl(), { answerToken: token })).json().answer.days).toBeNull();
    expect((await send('GET', answerUrl(), { answerToken: other })).json().answer.days).toEqual([1, 2, 3]);
  });

  it('refuses a closed or not yet open survey (409) and saves nothing', async () => {
    for (const id of [
      await insertSurvey('2020-01-01', '2020-12-31'),
      await insertSurvey('2099-01-01', '2099-12-31'),
    ]) {
      const shown = await send('GET', answerUrl(id), {});
      expect(shown.json().survey.open).toBe(false);
      const response = await send(
        'PUT',
        `${answerUrl(id)}/addresses`,
        { address: newVisitorAddress() },
        ADDRESSES,
      );
      expect(response.statusCode).toBe(409);
      expect(response.json().code).toBe('survey_not_open');
      expect(await t.app.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, id))).toEqual([]);
    }
  });

  it('refuses bad input with 422 and changes nothing, for a new visitor and an answer under way', async () => {
    const before = await t.app.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, surveyId));
    const address = newVisitorAddress();
    const bad = [
      ['addresses', { ...ADDRESSES, home_postcode: '80' }],
      ['addresses', { ...ADDRESSES, workplace_id: uuidv7() }],
      ['commuting-days', { days: [1, 1] }],
      ['commuting-days', { days: [8] }],
      ['travel', { ...TRAVEL, legs: [] }],
      ['travel', { ...TRAVEL, legs: [{ mode: 'horse', distance_km: 3, minutes: 10 }] }],
      ['travel', { ...TRAVEL, legs: [{ mode: 'bike', distance_km: -1, minutes: 10 }] }],
    ] as const;
    for (const [step, body] of bad) {
      const response = await send('PUT', `${answerUrl()}/${step}`, { address }, body);
      expect(response.statusCode, `${step} ${response.body}`).toBe(422);
    }
    expect(await t.app.db.select().from(surveyAnswers).where(eq(surveyAnswers.surveyId, surveyId))).toEqual(
      before,
    );

    const token = await startAsVisitor(surveyId, address);
    const saved = (await send('GET', answerUrl(), { answerToken: token })).json().answer;
    for (const [step, body] of bad) {
      const response = await send('PUT', `${answerUrl()}/${step}`, { answerToken: token, address }, body);
      expect(response.statusCode).toBe(422);
    }
    expect((await send('GET', answerUrl(), { answerToken: token })).json().answer).toEqual(saved);
  });

  it('limits how many answers visitors start from one address, not how they continue them', async () => {
    const address = newVisitorAddress();
    let token = '';
    for (let index = 0; index < VISITOR_ANSWERS_PER_HOUR; index += 1)
      token = await startAsVisitor(surveyId, address);
    const refused = await send('PUT', `${answerUrl()}/addresses`, { address }, ADDRESSES);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    const continued = await send(
      'PUT',
      `${answerUrl()}/commuting-days`,
      { answerToken: token, address },
      {
        days: [1],
      },
    );
    expect(continued.statusCode).toBe(200);
    await t.app.db
      .delete(surveyAnswers)
      .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.homePostcode, '8000')));
  }, 60_000);
});

describe('a signed-in person answering', () => {
  it('keeps one answer per person: a second first step updates it and answers no token', async () => {
    const person = await signUpUser(t.app, { email: uniqueEmail('one-answer') });
    const first = await send('PUT', `${answerUrl()}/addresses`, { token: person.token }, ADDRESSES);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json().answer_token).toBeNull();
    // A token sent along changes nothing: the answer is theirs by account.
    const again = await send(
      'PUT',
      `${answerUrl()}/addresses`,
      { token: person.token, answerToken: 'made-up-token' },
      { ...ADDRESSES, home_postcode: '8210' },
    );
    expect(again.statusCode).toBe(200);
    const rows = await t.app.db
      .select()
      .from(surveyAnswers)
      .where(and(eq(surveyAnswers.surveyId, surveyId), eq(surveyAnswers.partyId, person.partyId)));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ homePostcode: '8210', answerTokenHash: null });
  });

  describe('taking over the answer given as a visitor', () => {
    let person: TestUser;
    let token: string;

    beforeAll(async () => {
      token = await startAsVisitor();
      await send('PUT', `${answerUrl()}/commuting-days`, { answerToken: token }, { days: [1, 5] });
      person = await signUpUser(t.app, { email: uniqueEmail('claimer') });
    });

    it('refuses a token it does not know (404) and a visitor (401)', async () => {
      const unknown = await send('POST', `${answerUrl()}/claim`, {
        token: person.token,
        answerToken: 'made-up-token',
      });
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json().code).toBe('survey_answer_not_found');
      expect((await send('POST', `${answerUrl()}/claim`, { token: person.token })).statusCode).toBe(404);
      expect((await send('POST', `${answerUrl()}/claim`, { answerToken: token })).statusCode).toBe(401);
    });

    it('links the answer to the person, after which the token opens nothing', async () => {
      const claimed = await send('POST', `${answerUrl()}/claim`, { token: person.token, answerToken: token });
      expect(claimed.statusCode, claimed.body).toBe(200);
      expect(claimed.json().answer).toMatchObject({ home_postcode: '8000', days: [1, 5] });
      const own = await send('GET', answerUrl(), { token: person.token });
      expect(own.json().answer).toMatchObject({ days: [1, 5] });
      expect((await send('GET', answerUrl(), { answerToken: token })).json().answer).toBeNull();
      const reuse = await send('PUT', `${answerUrl()}/travel`, { answerToken: token }, TRAVEL);
      expect(reuse.statusCode).toBe(404);
      // They finish it signed in.
      const travel = await send('PUT', `${answerUrl()}/travel`, { token: person.token }, TRAVEL);
      expect(travel.json().answer.finished_at).toEqual(expect.any(String));

      const exported = await send('GET', '/api/identities/me/export', { token: person.token });
      expect(exported.json().survey_answers).toEqual([
        expect.objectContaining({ survey_id: surveyId, days: [1, 5], home_postcode: '8000' }),
      ]);
      const deleted = await send(
        'DELETE',
        `/api/identities/${person.partyId}`,
        { token: person.token },
        {
          confirm_data_copy: true,
          confirm_legal_retention: true,
          confirm_insurance_consequences: true,
          confirm_permanent: true,
          password: TEST_PASSWORD,
        },
      );
      expect(deleted.statusCode, deleted.body).toBe(204);
      expect(
        await t.app.db.select().from(surveyAnswers).where(eq(surveyAnswers.partyId, person.partyId)),
      ).toEqual([]);
    });

    it('keeps the person’s own answer when they have one (409) and leaves the visitor’s as it was', async () => {
      const answered = await signUpUser(t.app, { email: uniqueEmail('has-own') });
      await send('PUT', `${answerUrl()}/commuting-days`, { token: answered.token }, { days: [3] });
      const visitorToken = await startAsVisitor();
      const refused = await send('POST', `${answerUrl()}/claim`, {
        token: answered.token,
        answerToken: visitorToken,
      });
      expect(refused.statusCode).toBe(409);
      expect(refused.json().code).toBe('survey_answer_exists');
      expect((await send('GET', answerUrl(), { token: answered.token })).json().answer.days).toEqual([3]);
      expect((await send('GET', answerUrl(), { answerToken: visitorToken })).json().answer).toMatchObject({
        home_postcode: '8000',
      });
    });
  });

  it('lets staff switched into an account read the answer but not answer for the person', async () => {
    const person = await signUpUser(t.app, { email: uniqueEmail('switched-into') });
    await send('PUT', `${answerUrl()}/commuting-days`, { token: person.token }, { days: [2] });
    const staff = await signUpStaff(t.app, 'support');
    const switched = await switchInto(t.app, staff.token, person.partyId);
    const read = await send('GET', answerUrl(), { token: switched });
    expect(read.json().answer.days).toEqual([2]);
    const write = await send('PUT', `${answerUrl()}/commuting-days`, { token: switched }, { days: [4] });
    expect(write.statusCode).toBe(403);
    expect(write.json().code).toBe('not_allowed_while_switched');
  });
});
