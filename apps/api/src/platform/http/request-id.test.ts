import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';

/*
 * Request ids: taken from X-Request-Id or a W3C traceparent, else a UUID; sent back on every answer
 * and carried by every log line of the request (reqId). With tracing on, the trace continues the
 * caller's (telemetry.test.ts).
 */

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;
const TRACE_ID = '4bf92f3577b34da6a3ce929d0e0e4736';

describe('request ids', () => {
  let t: TestApp;
  const lines: Array<{ reqId?: string; msg?: string }> = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(JSON.parse(line)) },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  async function idOf(headers: Record<string, string>, url = '/api/health') {
    const response = await t.app.inject({ method: 'GET', url, headers });
    const id = response.headers['x-request-id'];
    expect(typeof id).toBe('string');
    return String(id);
  }

  it('are new UUIDs when the request brings none, sent back and on every log line of the request', async () => {
    const first = await idOf({});
    const second = await idOf({});
    expect(first).toMatch(UUID);
    expect(second).toMatch(UUID);
    expect(second).not.toBe(first);
    const logged = lines.filter((line) => line.reqId === first).map((line) => line.msg);
    expect(logged).toEqual(expect.arrayContaining(['incoming request', 'request completed']));
  });

  it('are taken from X-Request-Id when it is short and safe', async () => {
    expect(await idOf({ 'x-request-id': 'lb-7f3a.19:2' })).toBe('lb-7f3a.19:2');
    expect(lines.some((line) => line.reqId === 'lb-7f3a.19:2')).toBe(true);
    for (const unsafe of ['a'.repeat(65), 'two words', 'x"}{"level":60', '', 'æøå']) {
      expect(await idOf({ 'x-request-id': unsafe })).toMatch(UUID);
    }
  });

  it('are the trace id of a valid traceparent, and X-Request-Id comes first', async () => {
    const traceparent = `00-${TRACE_ID}-00f067aa0ba902b7-01`;
    expect(await idOf({ traceparent })).toBe(TRACE_ID);
    expect(await idOf({ traceparent: `01-${TRACE_ID}-00f067aa0ba902b7-01-later-field` })).toBe(TRACE_ID);
    expect(await idOf({ traceparent, 'x-request-id': 'from-the-proxy' })).toBe('from-the-proxy');
    const invalid = [
      `ff-${TRACE_ID}-00f067aa0ba902b7-01`, // version ff is invalid
      `00-${TRACE_ID}-00f067aa0ba902b7-01-extra`, // version 00 has exactly four fields
      `00-${'0'.repeat(32)}-00f067aa0ba902b7-01`, // all-zero trace id
      `00-${TRACE_ID}-${'0'.repeat(16)}-01`, // all-zero parent id
      `00-${TRACE_ID.toUpperCase()}-00f067aa0ba902b7-01`, // upper-case hex
      `00-${TRACE_ID}-00f067aa0ba902b7`, // no flags
    ];
    for (const traceparent of invalid) expect(await idOf({ traceparent })).toMatch(UUID);
  });

  it('are sent back on errors and on addresses nothing answers', async () => {
    const notFound = await t.app.inject({ method: 'GET', url: '/api/no-such-thing' });
    expect(notFound.statusCode).toBe(404);
    expect(notFound.headers['x-request-id']).toMatch(UUID);
    const invalid = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      headers: { 'x-request-id': 'bad-login-1' },
      payload: { email: 'not an address' },
    });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.headers['x-request-id']).toBe('bad-login-1');
  });
});
