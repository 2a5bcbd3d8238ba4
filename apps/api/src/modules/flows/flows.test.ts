import type { FlowDefinition } from '@nbr/domain/flows';
import type { HTTPMethods } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { injectAs, signUpUser } from '../../test/identity-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

let t: TestApp;
let admin: string;
let support: string;
let person: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  person = (await signUpUser(t.app)).token;
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: HTTPMethods, url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

const lastAudit = (action: string) => latestAuditEvent(t.app.db, action);

const step = (memo: string, otherwise = 'end'): FlowDefinition['steps'][number] => ({
  memo,
  title: { da: `Trin ${memo}` },
  blocks: [{ kind: 'text', text: { da: `Velkommen til ${memo}` } }],
  questions: [],
  action: null,
  routes: [],
  otherwise,
});

const definition = (title: string): FlowDefinition => ({
  title: { da: title },
  steps: [step('start', 'tilmeld'), step('tilmeld')],
});

let counter = 0;
const freshMemo = () => `cykeldag-${Date.now().toString(36)}-${++counter}`;

async function createFlow(memo = freshMemo(), body: FlowDefinition = definition('Cykeldag')) {
  const response = await call(admin, 'POST', '/api/backoffice/flows', { memo, definition: body });
  expect(response.statusCode, response.body).toBe(201);
  return memo;
}

describe('flows: staff create, save, publish and unpublish', () => {
  it('an admin creates a flow, saves its draft, publishes and unpublishes it; every change audited', async () => {
    const memo = freshMemo();
    const created = await call(admin, 'POST', '/api/backoffice/flows', {
      memo,
      definition: definition('Cykeldag'),
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ memo, published_version: null, versions: [] });
    expect((await lastAudit('flow.created'))?.details).toMatchObject({ memo });
    // Not published yet: visitors do not find it.
    expect((await call(null, 'GET', `/api/flows/${memo}`)).statusCode).toBe(404);

    const saved = await call(admin, 'PUT', `/api/backoffice/flows/${memo}/draft`, {
      definition: definition('Cykeldag 2027'),
    });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().draft.title).toEqual({ da: 'Cykeldag 2027' });
    expect((await lastAudit('flow.draft_saved'))?.details).toMatchObject({
      memo,
      before: { title: { da: 'Cykeldag' } },
      after: { title: { da: 'Cykeldag 2027' } },
    });

    const published = await call(admin, 'POST', `/api/backoffice/flows/${memo}/publish`);
    expect(published.statusCode).toBe(200);
    expect(published.json()).toMatchObject({ published_version: 1, versions: [{ version: 1 }] });
    expect((await lastAudit('flow.published'))?.details).toMatchObject({ memo, version: 1, before: null });

    const visitor = await call(null, 'GET', `/api/flows/${memo}`);
    expect(visitor.statusCode).toBe(200);
    expect(visitor.json()).toEqual({ memo, version: 1, definition: definition('Cykeldag 2027') });

    const list = await call(support, 'GET', '/api/backoffice/flows');
    expect(list.statusCode).toBe(200);
    expect(list.json()).toContainEqual(
      expect.objectContaining({ memo, title: 'Cykeldag 2027', published_version: 1 }),
    );
    const one = await call(support, 'GET', `/api/backoffice/flows/${memo}`);
    expect(one.statusCode).toBe(200);
    expect(one.json()).toMatchObject({ memo, published_version: 1, versions: [{ version: 1 }] });

    const unpublished = await call(admin, 'POST', `/api/backoffice/flows/${memo}/unpublish`);
    expect(unpublished.statusCode).toBe(200);
    expect(unpublished.json()).toMatchObject({ published_version: null, versions: [{ version: 1 }] });
    expect((await lastAudit('flow.unpublished'))?.details).toMatchObject({ memo, before: 1 });
    expect((await call(null, 'GET', `/api/flows/${memo}`)).json()).toMatchObject({ code: 'flow_not_found' });

    // Publishing again makes version 2; version 1 is kept as it was.
    const again = await call(admin, 'POST', `/api/backoffice/flows/${memo}/publish`);
    expect(again.json()).toMatchObject({ published_version: 2, versions: [{ version: 2 }, { version: 1 }] });
  });

  it('publishing freezes the version: a new draft changes nothing for visitors until the next publish', async () => {
    const memo = await createFlow();
    await call(admin, 'POST', `/api/backoffice/flows/${memo}/publish`);
    const saved = await call(admin, 'PUT', `/api/backoffice/flows/${memo}/draft`, {
      definition: { title: { da: 'Ny udgave' }, steps: [step('kun-et-trin')] },
    });
    expect(saved.statusCode).toBe(200);

    const running = (await call(null, 'GET', `/api/flows/${memo}`)).json();
    expect(running).toEqual({ memo, version: 1, definition: definition('Cykeldag') });

    await call(admin, 'POST', `/api/backoffice/flows/${memo}/publish`);
    const next = (await call(null, 'GET', `/api/flows/${memo}`)).json();
    expect(next.version).toBe(2);
    expect(next.definition.title).toEqual({ da: 'Ny udgave' });
  });
});

describe('flows: what is refused', () => {
  it('a definition with problems is refused on create and on save with each problem’s code and path', async () => {
    const bad: FlowDefinition = {
      title: { da: 'Forkert' },
      steps: [step('start', 'ingen-steder'), step('start')],
    };
    const memo = freshMemo();
    const refused = await call(admin, 'POST', '/api/backoffice/flows', { memo, definition: bad });
    expect(refused.statusCode).toBe(422);
    const body = refused.json();
    expect(body.code).toBe('validation_failed');
    expect(body.detail).toContainEqual(
      expect.objectContaining({
        type: 'flow_target_unknown',
        loc: ['body', 'definition', 'steps', 0, 'otherwise'],
      }),
    );
    expect(body.detail).toContainEqual(
      expect.objectContaining({
        type: 'flow_step_memo_repeated',
        loc: ['body', 'definition', 'steps', 1, 'memo'],
      }),
    );
    expect(body.detail).toContainEqual(
      expect.objectContaining({
        msg: '“ingen-steder” er ikke et trin i forløbet. Gå til et trin, der findes, eller til slutningen.',
      }),
    );
    expect((await call(support, 'GET', `/api/backoffice/flows/${memo}`)).statusCode).toBe(404);

    const existing = await createFlow();
    const save = await call(admin, 'PUT', `/api/backoffice/flows/${existing}/draft`, { definition: bad });
    expect(save.statusCode).toBe(422);
    expect(save.json().detail.map((issue: { type: string }) => issue.type)).toContain('flow_target_unknown');
    // The draft kept is the last good one.
    const kept = await call(support, 'GET', `/api/backoffice/flows/${existing}`);
    expect(kept.json().draft).toEqual(definition('Cykeldag'));

    // A definition that does not even have the shape is refused by the schema.
    const shapeless = await call(admin, 'PUT', `/api/backoffice/flows/${existing}/draft`, {
      definition: { title: { da: 'x' }, steps: [] },
    });
    expect(shapeless.statusCode).toBe(422);
  });

  it('a memo that is a top-level address is reserved (422), one already used is taken (409), a malformed one is invalid', async () => {
    for (const memo of ['login', 'webshop', 'dk', 'api']) {
      const reserved = await call(admin, 'POST', '/api/backoffice/flows', {
        memo,
        definition: definition('X'),
      });
      expect(reserved.statusCode, memo).toBe(422);
      expect(reserved.json().detail).toContainEqual(
        expect.objectContaining({ type: 'flow_memo_reserved', loc: ['body', 'memo'] }),
      );
    }
    const memo = await createFlow();
    const taken = await call(admin, 'POST', '/api/backoffice/flows', { memo, definition: definition('X') });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('flow_memo_taken');

    const malformed = await call(admin, 'POST', '/api/backoffice/flows', {
      memo: 'Cykel Dag',
      definition: definition('X'),
    });
    expect(malformed.statusCode).toBe(422);
  });

  it('a visitor, a person and support staff may not change flows; a visitor and a person may not read the staff routes', async () => {
    const memo = await createFlow();
    for (const [token, status] of [
      [null, 401],
      [person, 403],
    ] as const) {
      expect((await call(token, 'GET', '/api/backoffice/flows')).statusCode).toBe(status);
      expect((await call(token, 'GET', `/api/backoffice/flows/${memo}`)).statusCode).toBe(status);
    }
    for (const [token, status] of [
      [null, 401],
      [person, 403],
      [support, 403],
    ] as const) {
      const create = await call(token, 'POST', '/api/backoffice/flows', {
        memo: freshMemo(),
        definition: definition('X'),
      });
      expect(create.statusCode).toBe(status);
      const save = await call(token, 'PUT', `/api/backoffice/flows/${memo}/draft`, {
        definition: definition('X'),
      });
      expect(save.statusCode).toBe(status);
      expect((await call(token, 'POST', `/api/backoffice/flows/${memo}/publish`)).statusCode).toBe(status);
      expect((await call(token, 'POST', `/api/backoffice/flows/${memo}/unpublish`)).statusCode).toBe(status);
    }
    expect((await call(support, 'GET', `/api/backoffice/flows/${memo}`)).json().published_version).toBeNull();
  });

  it('the public route answers 404 flow_not_found for an unknown and an unpublished flow, and staff routes for an unknown one', async () => {
    const unknown = await call(null, 'GET', '/api/flows/findes-ikke');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('flow_not_found');

    // An address that could never be a memo is not found either, rather than invalid.
    const malformed = await call(null, 'GET', '/api/flows/Ikke%20en%20adresse');
    expect(malformed.statusCode).toBe(404);
    expect(malformed.json().code).toBe('flow_not_found');

    const memo = await createFlow();
    const unpublished = await call(null, 'GET', `/api/flows/${memo}`);
    expect(unpublished.statusCode).toBe(404);
    expect(unpublished.json().code).toBe('flow_not_found');

    expect((await call(admin, 'POST', '/api/backoffice/flows/findes-ikke/publish')).statusCode).toBe(404);
    expect(
      (await call(admin, 'PUT', '/api/backoffice/flows/findes-ikke/draft', { definition: definition('X') }))
        .statusCode,
    ).toBe(404);
  });
});
