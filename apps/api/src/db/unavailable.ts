/*
 * "The database cannot answer right now": a restart, a failover, a network cut, a hung server or a
 * full connection table. It passes by itself, so a request answers 503 service_unavailable with
 * Retry-After, a background pass tries again on its next turn and start-up waits for it; anything
 * else is a fault of ours.
 */

/** Node's socket and DNS errors on the way to the server. */
const NETWORK_ERRORS = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EPIPE',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EAI_AGAIN',
]);

/** SQLSTATEs of a server that is away, going away, full or no longer the primary. */
const UNAVAILABLE_SQLSTATES: Record<string, string> = {
  '57P01': 'admin_shutdown',
  '57P02': 'crash_shutdown',
  '57P03': 'cannot_connect_now',
  '53300': 'too_many_connections',
  // statement_timeout (DATABASE_STATEMENT_TIMEOUT_MS): an overloaded or locked database, not a bad request.
  '57014': 'query_canceled',
  // The session sat in a transaction longer than DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS and was ended.
  '25P03': 'idle_in_transaction_timeout',
  // A write reached a server that became a read-only standby in a failover (its address moves next).
  '25006': 'read_only_transaction',
};

/** node-postgres and pg-pool say these in words only (no code). */
const CLIENT_MESSAGES: Array<[RegExp, string]> = [
  [/^Connection terminated/, 'connection_terminated'],
  [/^timeout exceeded when trying to connect$/, 'connect_timeout'],
  [/^timeout expired$/, 'connect_timeout'],
  [/^Query read timeout$/, 'query_timeout'],
  [/is not queryable$/, 'connection_lost'],
  [/^Cannot use a pool after calling end on the pool$/, 'pool_closed'],
];

function reasonOf(error: { code?: unknown; message?: unknown }): string | null {
  const code = typeof error.code === 'string' ? error.code : '';
  if (NETWORK_ERRORS.has(code)) return code;
  // Class 08: connection exception (connection failure, protocol violation on the way, and the like).
  if (/^08[0-9A-Z]{3}$/.test(code)) return `connection_exception_${code}`;
  const sqlstate = UNAVAILABLE_SQLSTATES[code];
  if (sqlstate) return `${sqlstate}_${code}`;
  const message = typeof error.message === 'string' ? error.message : '';
  for (const [pattern, reason] of CLIENT_MESSAGES) {
    if (pattern.test(message)) return reason;
  }
  return null;
}

/**
 * Why the database cannot answer right now, as a short fixed word fit for a log line (never the
 * statement or its values), or null when the error is something else. Follows `cause` (Drizzle wraps
 * every failed query) and the several errors of a connection attempt to each of a host's addresses.
 */
export function databaseUnavailableReason(error: unknown): string | null {
  const seen = new Set<unknown>();
  const pending: unknown[] = [error];
  while (pending.length > 0) {
    const current = pending.shift();
    if (typeof current !== 'object' || current === null || seen.has(current)) continue;
    seen.add(current);
    const reason = reasonOf(current as { code?: unknown; message?: unknown });
    if (reason) return reason;
    const { cause, errors } = current as { cause?: unknown; errors?: unknown };
    pending.push(cause);
    if (Array.isArray(errors)) pending.push(...errors);
  }
  return null;
}
