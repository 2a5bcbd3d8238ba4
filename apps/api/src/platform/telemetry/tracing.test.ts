import type { ReadableSpan } from '@opentelemetry/sdk-trace';
import { describe, expect, it } from 'vitest';
import { redactSpan } from './tracing.ts';

/** The parts of an ended span that redactSpan reads and rewrites. */
function spanWith(fields: Pick<ReadableSpan, 'attributes' | 'status' | 'events'>): ReadableSpan {
  return fields as ReadableSpan;
}

describe('redactSpan', () => {
  it('drops a failed query’s parameters from the status and the recorded exception', () => {
    const message = 'Failed query: insert into people (email) values ($1)\nparams: karen.blik@example.dk';
    const span = spanWith({
      attributes: { 'http.route': '/api/people' },
      status: { code: 2, message },
      events: [
        {
          name: 'exception',
          time: [0, 0],
          attributes: {
            'exception.message': message,
            'exception.stacktrace': `Error: ${message}\n    at query (/app/node_modules/drizzle-orm/pg-core/session.js:1:1)`,
          },
        },
      ],
    });
    redactSpan(span);
    expect(span.status.message).toBe('Failed query: insert into people (email) values ($1)');
    expect(span.events[0]?.attributes).toEqual({
      'exception.message': 'Failed query: insert into people (email) values ($1)',
      'exception.stacktrace':
        'Error: Failed query: insert into people (email) values ($1)\n    at query (/app/node_modules/drizzle-orm/pg-core/session.js:1:1)',
    });
  });

  it('drops the quoted value from a PostgreSQL span’s error', () => {
    const span = spanWith({
      attributes: { 'db.system.name': 'postgresql' },
      status: { code: 2, message: 'invalid input syntax for type uuid: "WTU4471902X"' },
      events: [],
    });
    redactSpan(span);
    expect(span.status.message).toBe('invalid input syntax for type uuid: "[redacted]"');
  });
});
