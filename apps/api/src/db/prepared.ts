import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from './client.ts';

/**
 * A statement built once per database and sent as a named prepared statement: PostgreSQL parses
 * and plans it once per connection instead of on every call, and the query builder does its work
 * once (both cost more than running a small statement). For statements on hot paths; `build` ends
 * with `.prepare('<unique name>')` and takes its values as `sql.placeholder`s. A transaction builds
 * its own on each call (drizzle binds a prepared statement to one session). PgBouncer keeps track of
 * named statements only when told to (docs/operations.md).
 */
export function preparedPerDatabase<Statement>(
  build: (executor: Executor) => Statement,
): (executor: Executor) => Statement {
  const byDatabase = new WeakMap<Executor, Statement>();
  return (executor) => {
    if (is(executor, PgTransaction)) return build(executor);
    let statement = byDatabase.get(executor);
    if (!statement) {
      statement = build(executor);
      byDatabase.set(executor, statement);
    }
    return statement;
  };
}
