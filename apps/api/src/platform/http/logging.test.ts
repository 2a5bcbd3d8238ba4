import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { enqueueMail } from '../mail/outbox.ts';
import type { MailTransport } from '../mail/transport.ts';
import { serializeError } from './logging.ts';

/*
 * No SQL value reaches a log line: a failed query is logged with its SQL text, SQLSTATE code and
 * constraint, never its parameters, PostgreSQL's detail (`Key (email)=(…) already exists`) or a
 * quoted value; the same for background passes and the mail worker, which log through children of
 * the same logger. Nor does what people search for: a URL's query values are redacted.
 */

const EMAIL = 'karen.blik@example.dk';
const FRAME_NUMBER = 'WTU4471902X';

/** A mail server that refuses the recipient, naming it, as SMTP servers do. */
const refusingTransport: MailTransport = {
  name: 'refusing',
  async send(mail) {
    throw Object.assign(
      new Error(
        `Can't send mail - all recipients were rejected: 550 5.1.1 <${mail.to}>: Recipient address rejected`,
      ),
      {
        code: 'EENVELOPE',
        rejected: [mail.to],
        response: `550 5.1.1 <${mail.to}>: Recipient address rejected`,
      },
    );
  },
  async close() {},
};

describe('errors in the logs', () => {
  let t: TestApp;
  const lines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line) => lines.push(line) },
      mailTransport: refusingTransport,
      extend: (app) => {
        // Routes that fail as a repository's query would, with a person's data in the parameters.
        app.post('/api/test-logging/twice', { config: { access: 'public' } }, async () => {
          for (let attempt = 0; attempt < 2; attempt += 1) {
            await app.db.execute(
              sql`insert into logging_test_people (email, frame_number) values (${EMAIL}, ${FRAME_NUMBER})`,
            );
          }
          return {};
        });
        app.post('/api/test-logging/cast', { config: { access: 'public' } }, async () => {
          await app.db.execute(sql`select ${EMAIL}::uuid`);
          return {};
        });
      },
    });
    await t.database.exec(
      'create table logging_test_people (email text not null unique, frame_number text not null)',
    );
  });
  afterAll(async () => {
    await t?.close();
  });

  const linesWith = (message: string) => lines.filter((line) => JSON.parse(line).msg === message);

  it('keeps the SQL text, code and constraint of a unique violation and drops the values', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/test-logging/twice' });
    expect(response.statusCode).toBe(500);
    const [line] = linesWith('request failed');
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain(FRAME_NUMBER);
    expect(line).not.toContain('already exists');
    const { err } = JSON.parse(line ?? '{}');
    expect(err.type).toBe('DrizzleQueryError');
    expect(err.message).toBe(
      'Failed query: insert into logging_test_people (email, frame_number) values ($1, $2)',
    );
    expect(err.stack).toContain('    at ');
    expect(err).not.toHaveProperty('params');
    expect(err.cause).toMatchObject({ code: '23505', constraint: 'logging_test_people_email_key' });
    expect(err.cause.message).toContain('duplicate key value violates unique constraint');
    expect(err.cause).not.toHaveProperty('detail');
  });

  it('drops the value PostgreSQL quotes in a data exception', async () => {
    lines.length = 0;
    const response = await t.app.inject({ method: 'POST', url: '/api/test-logging/cast' });
    expect(response.statusCode).toBe(500);
    const [line] = linesWith('request failed');
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    const { err } = JSON.parse(line ?? '{}');
    expect(err.cause).toMatchObject({
      code: '22P02',
      message: 'invalid input syntax for type uuid: "[redacted]"',
    });
  });

  it('holds a background pass’s log lines to the same rule', async () => {
    lines.length = 0;
    const error = await t.app.db
      .execute(sql`select ${EMAIL}::uuid`)
      .then(() => null)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    t.app.log
      .child({ component: 'order-reconciliation' })
      .error({ err: error }, 'order reconciliation failed');
    const [line] = linesWith('order reconciliation failed');
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    expect(JSON.parse(line ?? '{}').err.cause.code).toBe('22P02');
  });

  it('logs what people search for by the parameter’s name only', async () => {
    lines.length = 0;
    await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${FRAME_NUMBER}&foo=${encodeURIComponent(EMAIL)}`,
    });
    const [line] = linesWith('incoming request');
    expect(JSON.parse(line ?? '{}').req.url).toBe('/api/search?q=[redacted]&foo=[redacted]');
    expect(lines.join('\n')).not.toContain(FRAME_NUMBER);
  });

  it('leaves the recipient out of the mail worker’s failures', async () => {
    lines.length = 0;
    await enqueueMail(t.database.db, {
      to: EMAIL,
      language: 'da',
      template: 'logging_test',
      subject: 'Test',
      text: 'Test',
      html: '<p>Test</p>',
    });
    const report = await t.app.mailWorker.runOnce();
    expect(report.retried).toBe(1);
    const [line] = linesWith('mail delivery failed; will retry');
    expect(line).toBeDefined();
    expect(line).not.toContain(EMAIL);
    expect(JSON.parse(line ?? '{}').err).toMatchObject({
      code: 'EENVELOPE',
      message:
        "Can't send mail - all recipients were rejected: 550 5.1.1 <[email]>: Recipient address rejected",
    });
  });
});

describe('serializeError', () => {
  it('keeps file paths with an @ in stacks, and follows causes and aggregated errors', () => {
    const inner = Object.assign(new Error(`connect ECONNREFUSED 127.0.0.1:5432`), {
      code: 'ECONNREFUSED',
      address: '127.0.0.1',
      port: 5432,
    });
    const outer = new AggregateError([inner], `no connection for ${EMAIL}`);
    outer.stack = `AggregateError: no connection for ${EMAIL}\n    at connect (/app/node_modules/@fastify/otel/index.js:1:1)`;
    const serialized = serializeError(outer);
    expect(serialized.message).toBe('no connection for [email]');
    expect(serialized.stack).toContain('/app/node_modules/@fastify/otel/index.js');
    expect(serialized.stack).not.toContain(EMAIL);
    expect(serialized.aggregateErrors).toEqual([
      expect.objectContaining({ code: 'ECONNREFUSED', address: '127.0.0.1', port: 5432 }),
    ]);
  });
});
