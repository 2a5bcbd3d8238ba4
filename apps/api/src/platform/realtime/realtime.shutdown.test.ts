import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { signUpUser } from '../../test/identity-helpers.ts';
import { listen, openSocket } from '../../test/realtime-helpers.ts';
import { CLOSE_GOING_AWAY } from './realtime.routes.ts';

/*
 * An instance that shuts down closes its websockets with 1001 "going away" (RFC 6455), so a browser
 * knows to reconnect (to another instance) rather than treat it as an error; without a code the
 * browser sees 1005 (issue 26, problem 8).
 */
describe('the websocket when the instance shuts down', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t?.close());

  it('closes with 1001', async () => {
    const baseUrl = await listen(t.app);
    const person = await signUpUser(t.app);
    const { socket } = await openSocket(t.app, baseUrl, person.token);
    const closed = new Promise<{ code: number; reason: string }>((resolve) =>
      socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })),
    );
    await t.app.close();
    expect(await closed).toEqual({ code: CLOSE_GOING_AWAY, reason: 'server_shutting_down' });
    expect(CLOSE_GOING_AWAY).toBe(1001);
  });
});
