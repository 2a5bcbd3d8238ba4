import { describe, expect, it } from 'vitest';
import { databaseUnavailableReason } from './unavailable.ts';

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code });

/** Drizzle wraps a failed query with its statement and values; the reason must come from the cause. */
const wrapped = (cause: unknown) =>
  new Error('Failed query: select * from persons where email = $1\nparams: anna@example.org', { cause });

describe('databaseUnavailableReason', () => {
  it.each([
    ['connection refused', withCode('ECONNREFUSED'), 'ECONNREFUSED'],
    ['connection reset', withCode('ECONNRESET'), 'ECONNRESET'],
    ['TCP timeout', withCode('ETIMEDOUT'), 'ETIMEDOUT'],
    ['a host name that does not resolve during a failover', withCode('EAI_AGAIN'), 'EAI_AGAIN'],
    ['connection exception (class 08)', withCode('08006'), 'connection_exception_08006'],
    ['admin shutdown', withCode('57P01'), 'admin_shutdown_57P01'],
    ['crash shutdown', withCode('57P02'), 'crash_shutdown_57P02'],
    ['cannot connect now (starting up, shutting down)', withCode('57P03'), 'cannot_connect_now_57P03'],
    ['too many connections', withCode('53300'), 'too_many_connections_53300'],
    ['statement_timeout', withCode('57014'), 'query_canceled_57014'],
    ['idle-in-transaction timeout', withCode('25P03'), 'idle_in_transaction_timeout_25P03'],
    ['a write on a standby after a failover', withCode('25006'), 'read_only_transaction_25006'],
    ['the server went away', new Error('Connection terminated unexpectedly'), 'connection_terminated'],
    ['no free connection in time', new Error('timeout exceeded when trying to connect'), 'connect_timeout'],
    [
      'no connection in time',
      new Error('Connection terminated due to connection timeout', { cause: new Error('timeout expired') }),
      'connection_terminated',
    ],
    ['a hung server', new Error('Query read timeout'), 'query_timeout'],
    [
      'a connection that failed earlier',
      new Error('Client has encountered a connection error and is not queryable'),
      'connection_lost',
    ],
    ['wrapped by Drizzle', wrapped(withCode('57P01')), 'admin_shutdown_57P01'],
    [
      'each address refused',
      new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')]),
      'ECONNREFUSED',
    ],
  ])('%s → %s', (_what, error, reason) => {
    expect(databaseUnavailableReason(error)).toBe(reason);
  });

  it.each([
    ['a unique violation', wrapped(withCode('23505'))],
    ['a syntax error', withCode('42601')],
    ['a wrong password', withCode('28P01')],
    ['a database that does not exist', withCode('3D000')],
    ['a plain bug', new TypeError('cannot read properties of undefined')],
    ['not an error', 'ECONNREFUSED'],
    ['nothing', undefined],
  ])('%s is not the database being away', (_what, error) => {
    expect(databaseUnavailableReason(error)).toBeNull();
  });

  it('survives a cause that points back at itself', () => {
    const error = new Error('loop') as Error & { cause?: unknown };
    error.cause = error;
    expect(databaseUnavailableReason(error)).toBeNull();
  });
});
