import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { trackingEvents } from '../../db/schema/identity.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

async function eventsNamed(name: string) {
  return db().select().from(trackingEvents).where(eq(trackingEvents.name, name));
}

describe('POST /api/actions/{kind}/{name}', () => {
  it('stores a visitor’s event with the installed flag and the client headers', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/actions/page/landing-visitor?installed=true',
      headers: { 'app-version': '2026.11.1', 'session-id': 'tab-123' },
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    const [event] = await eventsNamed('landing-visitor');
    expect(event).toMatchObject({
      kind: 'page',
      installed: true,
      partyId: null,
      appVersion: '2026.11.1',
      clientSessionId: 'tab-123',
      properties: null,
    });
  });

  it('attaches a signed-in user’s party and stores small properties', async () => {
    const user = await signUpUser(t.app);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/actions/click/settings.save',
      headers: bearer(user.token),
      payload: { button: 'save', ms: 120 },
    });
    expect(response.statusCode).toBe(204);
    const [event] = await eventsNamed('settings.save');
    expect(event).toMatchObject({
      partyId: user.partyId,
      installed: false,
      properties: { button: 'save', ms: 120 },
    });
  });

  it('ignores a bad token instead of failing the event', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/actions/page/bad-token?installed=false',
      headers: { authorization: 'Bearer garbage' },
    });
    expect(response.statusCode).toBe(204);
    const [event] = await eventsNamed('bad-token');
    expect(event?.partyId).toBeNull();
  });

  it('answers 422 for a bad kind, name or installed flag and stores nothing', async () => {
    for (const url of [
      '/api/actions/Page!/bad-kind',
      `/api/actions/page/${'n'.repeat(81)}`,
      '/api/actions/page/bad-installed?installed=maybe',
    ]) {
      const response = await t.app.inject({ method: 'POST', url });
      expect(response.statusCode, url).toBe(422);
      expect(response.json().code).toBe('validation_failed');
    }
    expect(await eventsNamed('bad-kind')).toHaveLength(0);
    expect(await eventsNamed('bad-installed')).toHaveLength(0);
  });

  it('refuses a body larger than 2 KB or one that is not an object, storing nothing', async () => {
    const large = await t.app.inject({
      method: 'POST',
      url: '/api/actions/page/too-large',
      payload: { blob: 'x'.repeat(3000) },
    });
    expect(large.statusCode).toBe(413);
    const list = await t.app.inject({
      method: 'POST',
      url: '/api/actions/page/not-object',
      payload: [1, 2, 3],
    });
    expect(list.statusCode).toBe(422);
    expect(await eventsNamed('too-large')).toHaveLength(0);
    expect(await eventsNamed('not-object')).toHaveLength(0);
  });
});
