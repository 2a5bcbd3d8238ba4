/**
 * How the API uses a PostgreSQL server: pool size and the timeouts that keep a hung or restarting
 * database from holding requests forever. config.ts reads them from DATABASE_* variables; PGlite has
 * no pool and no network, and ignores them.
 */
export interface PostgresSettings {
  /** Connections this instance opens at most (DATABASE_POOL_MAX). */
  maxConnections: number;
  /**
   * A request that has no connection by then gives up (DATABASE_CONNECT_TIMEOUT_MS): opening one,
   * or waiting for a free one while the pool is full.
   */
  connectTimeoutMs: number;
  /**
   * PostgreSQL cancels a statement running longer (`statement_timeout`, DATABASE_STATEMENT_TIMEOUT_MS);
   * the client stops waiting a little later, for a database that does not answer at all. 0: no limit.
   */
  statementTimeoutMs: number;
  /**
   * PostgreSQL ends a session that sits in an open transaction doing nothing this long
   * (`idle_in_transaction_session_timeout`, DATABASE_IDLE_IN_TRANSACTION_TIMEOUT_MS). 0: no limit.
   */
  idleInTransactionTimeoutMs: number;
  /**
   * A pooler in transaction mode (PgBouncer) sits in front (DATABASE_BEHIND_POOLER): the API sends no
   * session settings when it connects, since PgBouncer refuses unknown startup parameters; the two
   * server-side timeouts are then set on the database role (docs/operations.md).
   */
  behindPooler: boolean;
}

export const DEFAULT_POSTGRES_SETTINGS: PostgresSettings = {
  maxConnections: 10,
  connectTimeoutMs: 5_000,
  statementTimeoutMs: 30_000,
  idleInTransactionTimeoutMs: 60_000,
  behindPooler: false,
};

/**
 * How much longer than `statement_timeout` the client waits for an answer: PostgreSQL's own
 * cancellation comes first whenever the server still runs; this one ends the wait on a hung one.
 */
export const CLIENT_QUERY_TIMEOUT_MARGIN_MS = 2_000;
