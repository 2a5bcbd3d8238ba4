import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

/*
 * The budget of lock commands per person (LOCK_COMMANDS_PER_MINUTE, lowered here): locks and
 * unlocks count together, on the matched route whatever the spelling, per account. The commands
 * themselves over a real socket: lock-commands.live.test.ts.
 */

describe('lock commands budget', () => {
  let t: TestApp;
  let person: TestUser;
  let other: TestUser;

  beforeAll(async () => {
    t = await createTestApp({ lockCommandsRateLimits: { commandsPerMinute: 3 } });
    [person, other] = await Promise.all([signUpUser(t.app), signUpUser(t.app)]);
  });

  afterAll(async () => {
    await t?.close();
  });

  it('counts locks and unlocks of one person together, and no one else', async () => {
    const dock = randomUUID();
    const lock = randomUUID();
    const send = (token: string, url: string, payload?: object) =>
      t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
    const lockUrl = `/api/docks/${dock}/locks/${lock}/lock`;
    const unlockUrl = `/api/docks/${dock}/locks/${lock}/unlock`;
    const statuses = [
      (await send(person.token, lockUrl, { bike_id: randomUUID() })).statusCode,
      (await send(person.token, unlockUrl)).statusCode,
      (await send(person.token, `/api/docks//${dock}/locks/${lock}/unlock`)).statusCode,
      (await send(person.token, lockUrl, { bike_id: randomUUID() })).statusCode,
    ];
    expect(statuses).toEqual([404, 404, 404, 429]);
    expect((await send(other.token, unlockUrl)).statusCode).toBe(404);
  });
});
