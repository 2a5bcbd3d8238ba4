import type { FlowDefinition, FlowWalk } from '@nbr/domain/flows';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { clearStaleVisitorAnswers, FLOW_WALK_ANSWERS_KEPT_DAYS } from './flow-walks.service.ts';

let t: TestApp;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
});
afterAll(async () => {
  await t?.close();
});

/** Asks how one commutes; cyclists register their bike (an action), the others answer by e-mail first. */
const campaign = (title = 'Cykeldag'): FlowDefinition => ({
  title: { da: title },
  steps: [
    {
      memo: 'start',
      title: { da: 'Hvordan kommer du på arbejde?' },
      blocks: [{ kind: 'text', text: { da: 'Velkommen' } }],
      questions: [
        {
          id: 'commute',
          kind: 'choice',
          label: { da: 'Transport' },
          required: true,
          choices: [
            { id: 'bike', label: { da: 'Cykel' } },
            { id: 'car', label: { da: 'Bil' } },
          ],
        },
      ],
      action: null,
      routes: [{ when: [{ test: 'equals', question: 'commute', value: 'bike' }], go_to: 'register' }],
      otherwise: 'contact',
    },
    {
      memo: 'contact',
      title: { da: 'Hold kontakten' },
      blocks: [],
      questions: [
        { id: 'email', kind: 'email', label: { da: 'E-mail' }, required: true },
        { id: 'postcode', kind: 'postcode', label: { da: 'Postnummer' }, required: false },
      ],
      action: null,
      routes: [],
      otherwise: 'end',
    },
    {
      memo: 'register',
      title: { da: 'Registrér din cykel' },
      blocks: [],
      questions: [],
      action: 'register_bike',
      routes: [],
      otherwise: 'end',
    },
  ],
});

let counter = 0;
const freshMemo = () => `kampagne-${Date.now().toString(36)}-${++counter}`;

async function publishedFlow(definition = campaign()): Promise<string> {
  const memo = freshMemo();
  expect((await inject(admin, 'POST', '/api/backoffice/flows', { memo, definition })).statusCode).toBe(201);
  expect((await inject(admin, 'POST', `/api/backoffice/flows/${memo}/publish`)).statusCode).toBe(200);
  return memo;
}

function inject(
  token: string | null,
  method: HTTPMethods,
  url: string,
  payload?: object,
  walkToken?: string,
) {
  return t.app.inject({
    method,
    url,
    headers: {
      ...(token ? bearer(token) : {}),
      ...(walkToken ? { 'x-flow-walk-token': walkToken } : {}),
    },
    ...(payload === undefined ? {} : { payload }),
  });
}

async function startWalk(memo: string, token: string | null = null) {
  const response = await inject(token, 'POST', `/api/flows/${memo}/walks`);
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as { walk: FlowWalk; token: string };
}

const answer = (
  walk: { walk: FlowWalk; token: string },
  step: string,
  answers: object,
  token: string | null = null,
) => inject(token, 'PUT', `/api/flows/walks/${walk.walk.id}/steps/${step}`, { answers }, walk.token);

describe('walking a flow', () => {
  it('a visitor walks by the routes their answers choose, to the end; the token continues the walk', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    expect(walk.walk).toMatchObject({ memo, version: 1, resume_step: 'start', finished: false, answers: {} });

    const first = await answer(walk, 'start', { commute: 'car' });
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      resume_step: 'contact',
      completed: ['start'],
      answers: { commute: 'car' },
    });

    const last = await answer(walk, 'contact', { email: ' anna@example.dk ', postcode: '8000' });
    expect(last.statusCode, last.body).toBe(200);
    expect(last.json()).toMatchObject({ finished: true, resume_step: null });
    expect(last.json().answers).toEqual({ commute: 'car', email: 'anna@example.dk', postcode: '8000' });

    // Coming back (another tab, a reload): the walk as it was left.
    const again = await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`, undefined, walk.token);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ finished: true, answers: { email: 'anna@example.dk' } });
    // Finished: no more changes.
    expect((await answer(walk, 'start', { commute: 'bike' })).json()).toMatchObject({
      code: 'flow_walk_finished',
    });
  });

  it('keeps the answers of earlier steps when the walker goes back, and follows the changed route', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    await answer(walk, 'start', { commute: 'car' });
    // Back to the first step, another answer: the path now leads to the registration.
    const changed = await answer(walk, 'start', { commute: 'bike' });
    expect(changed.json()).toMatchObject({ resume_step: 'register', answers: { commute: 'bike' } });
    // The step the old path led to is no longer open.
    expect((await answer(walk, 'contact', { email: 'a@b.dk' })).json()).toMatchObject({
      code: 'flow_step_not_open',
    });
  });

  it('refuses a step not yet reached, and bad answers with a reason per question, changing nothing', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    expect((await answer(walk, 'contact', { email: 'a@b.dk' })).statusCode).toBe(409);
    expect((await answer(walk, 'nowhere', {})).json()).toMatchObject({ code: 'flow_step_not_open' });

    await answer(walk, 'start', { commute: 'car' });
    const bad = await answer(walk, 'contact', { email: 'not-an-address', postcode: '12', shoe_size: '42' });
    expect(bad.statusCode).toBe(422);
    const fields = (bad.json().detail as Array<{ loc: string[]; type: string }>).map((issue) => [
      issue.loc.join('.'),
      issue.type,
    ]);
    expect(fields).toEqual(
      expect.arrayContaining([
        ['body.answers.email', 'invalid_email'],
        ['body.answers.postcode', 'invalid_zip_code'],
        ['body.answers.shoe_size', 'unrecognized_key'],
      ]),
    );
    const unchanged = await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`, undefined, walk.token);
    expect(unchanged.json()).toMatchObject({ resume_step: 'contact', answers: { commute: 'car' } });
    expect(unchanged.json().answers.email).toBeUndefined();
  });

  it('answers a wrong token or an unknown walk alike, and never lets another walker in', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    const other = await startWalk(memo);
    const wrong = await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`, undefined, other.token);
    expect(wrong.statusCode).toBe(404);
    expect(wrong.json()).toMatchObject({ code: 'flow_walk_not_found' });
    const put = await inject(
      null,
      'PUT',
      `/api/flows/walks/${walk.walk.id}/steps/start`,
      { answers: { commute: 'car' } },
      other.token,
    );
    expect(put.statusCode).toBe(404);
    expect((await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`)).statusCode).toBe(422);
    // A flow that is not published has no walks.
    expect((await inject(null, 'POST', '/api/flows/no-such-campaign/walks')).statusCode).toBe(404);
  });

  it('an action needs a signed-in walker, who is named on the walk from then on; then the walk goes on', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    const atAction = await answer(walk, 'start', { commute: 'bike' });
    expect(atAction.json()).toMatchObject({ resume_step: 'register' });
    // The step's own answers save, but it is not done until its action comes back.
    expect((await answer(walk, 'register', {})).json()).toMatchObject({
      resume_step: 'register',
      finished: false,
    });

    const action = `/api/flows/walks/${walk.walk.id}/steps/register/action`;
    expect((await inject(null, 'POST', action, undefined, walk.token)).statusCode).toBe(401);
    const person = await signUpUser(t.app);
    const done = await inject(person.token, 'POST', action, undefined, walk.token);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ finished: true, completed: ['start', 'register'] });

    // The walk is the person's now: in their export, gone with their account.
    const exported = await inject(person.token, 'GET', '/api/identities/me/export');
    expect(exported.statusCode).toBe(200);
    expect(exported.json().flow_walks).toEqual([
      expect.objectContaining({
        flow: memo,
        answers: { commute: 'bike' },
        steps_done: ['start', 'register'],
      }),
    ]);
    // A step without an action has nothing to come back.
    const plain = await startWalk(memo);
    expect(
      (
        await inject(
          person.token,
          'POST',
          `/api/flows/walks/${plain.walk.id}/steps/start/action`,
          undefined,
          plain.token,
        )
      ).json(),
    ).toMatchObject({ code: 'flow_step_has_no_action' });
  });

  it('keeps a walk on its version when a newer one is published', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    const renamed = campaign('Cykeldag 2027');
    renamed.steps[0]!.questions[0]!.choices!.push({ id: 'bus', label: { da: 'Bus' } });
    expect(
      (await inject(admin, 'PUT', `/api/backoffice/flows/${memo}/draft`, { definition: renamed })).statusCode,
    ).toBe(200);
    expect((await inject(admin, 'POST', `/api/backoffice/flows/${memo}/publish`)).statusCode).toBe(200);

    const old = await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`, undefined, walk.token);
    expect(old.json()).toMatchObject({ version: 1, definition: { title: { da: 'Cykeldag' } } });
    // Version 1 has no bus.
    expect((await answer(walk, 'start', { commute: 'bus' })).statusCode).toBe(422);
    expect((await startWalk(memo)).walk).toMatchObject({ version: 2 });
  });
});

describe('the funnel', () => {
  it('counts the walks begun, reaching each step and finished, per version; staff only', async () => {
    const memo = await publishedFlow();
    const cyclist = await startWalk(memo);
    await answer(cyclist, 'start', { commute: 'bike' });
    const driver = await startWalk(memo);
    await answer(driver, 'start', { commute: 'car' });
    await answer(driver, 'contact', { email: 'b@example.no' });
    await startWalk(memo);

    const funnel = await inject(support, 'GET', `/api/backoffice/flows/${memo}/funnel`);
    expect(funnel.statusCode, funnel.body).toBe(200);
    expect(funnel.json()).toEqual({
      memo,
      version: 1,
      started: 3,
      finished: 1,
      steps: [
        { memo: 'start', title: 'Hvordan kommer du på arbejde?', reached: 3 },
        { memo: 'contact', title: 'Hold kontakten', reached: 1 },
        { memo: 'register', title: 'Registrér din cykel', reached: 1 },
      ],
    });
    expect((await inject(support, 'GET', `/api/backoffice/flows/${memo}/funnel?version=9`)).statusCode).toBe(
      404,
    );
    const person = await signUpUser(t.app);
    expect((await inject(person.token, 'GET', `/api/backoffice/flows/${memo}/funnel`)).statusCode).toBe(403);
    expect((await inject(null, 'GET', `/api/backoffice/flows/${memo}/funnel`)).statusCode).toBe(401);
  });
});

describe('a visitor’s answers', () => {
  it('are cleared after their retention; the funnel keeps its counts', async () => {
    const memo = await publishedFlow();
    const walk = await startWalk(memo);
    await answer(walk, 'start', { commute: 'car' });
    await answer(walk, 'contact', { email: 'c@example.dk' });
    const later = new Date(Date.now() + (FLOW_WALK_ANSWERS_KEPT_DAYS + 1) * 24 * 60 * 60_000);
    expect((await clearStaleVisitorAnswers({ db: t.app.db }, later)).cleared).toBeGreaterThanOrEqual(1);
    const cleared = await inject(null, 'GET', `/api/flows/walks/${walk.walk.id}`, undefined, walk.token);
    expect(cleared.json()).toMatchObject({ answers: {}, finished: true });
    expect((await inject(support, 'GET', `/api/backoffice/flows/${memo}/funnel`)).json()).toMatchObject({
      started: 1,
      finished: 1,
    });
  });
});
