import { and, count, eq, isNull, lt, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { flowWalks } from '../../db/schema/flows.ts';

export type FlowWalkRow = typeof flowWalks.$inferSelect;

export async function insertFlowWalk(executor: Executor, row: FlowWalkRow): Promise<void> {
  await executor.insert(flowWalks).values(row);
}

/** The walk, locked for the change its caller makes. */
export async function lockFlowWalk(executor: Executor, id: string): Promise<FlowWalkRow | null> {
  const [row] = await executor.select().from(flowWalks).where(eq(flowWalks.id, id)).for('update');
  return row ?? null;
}

export async function findFlowWalk(executor: Executor, id: string): Promise<FlowWalkRow | null> {
  const [row] = await executor.select().from(flowWalks).where(eq(flowWalks.id, id));
  return row ?? null;
}

export async function updateFlowWalk(
  executor: Executor,
  id: string,
  values: Partial<
    Pick<FlowWalkRow, 'answers' | 'reached' | 'completed' | 'finishedAt' | 'partyId' | 'updatedAt'>
  >,
): Promise<void> {
  await executor.update(flowWalks).set(values).where(eq(flowWalks.id, id));
}

/** The funnel's counts of one version: walks begun, finished, and reaching each step. */
export async function countFlowWalks(
  executor: Executor,
  flowId: string,
  version: number,
): Promise<{ started: number; finished: number; reached: Map<string, number> }> {
  const where = and(eq(flowWalks.flowId, flowId), eq(flowWalks.version, version));
  const [totals] = await executor
    .select({
      started: count(),
      finished: sql<number>`count(${flowWalks.finishedAt})::int`,
    })
    .from(flowWalks)
    .where(where);
  const steps = await executor
    .select({ memo: sql<string>`step`, walks: sql<number>`count(*)::int` })
    .from(sql`${flowWalks}, unnest(${flowWalks.reached}) as step`)
    .where(where)
    .groupBy(sql`step`);
  return {
    started: Number(totals?.started ?? 0),
    finished: Number(totals?.finished ?? 0),
    reached: new Map(steps.map((row) => [row.memo, Number(row.walks)])),
  };
}

/** A person's walks, for their personal data export. */
export async function listFlowWalksOfParty(executor: Executor, partyId: string): Promise<FlowWalkRow[]> {
  return executor.select().from(flowWalks).where(eq(flowWalks.partyId, partyId)).orderBy(flowWalks.createdAt);
}

/** Deletes a person's walks (account deletion). */
export async function deleteFlowWalksOfParty(executor: Executor, partyId: string): Promise<void> {
  await executor.delete(flowWalks).where(eq(flowWalks.partyId, partyId));
}

/**
 * Clears the answers of visitors' walks not changed since `before` (their counts stay for the funnel).
 * Answers the number of walks cleared.
 */
export async function clearVisitorWalkAnswers(executor: Executor, before: Date): Promise<number> {
  const cleared = await executor
    .update(flowWalks)
    .set({ answers: {} })
    .where(
      and(
        isNull(flowWalks.partyId),
        lt(flowWalks.updatedAt, before),
        sql`${flowWalks.answers} <> '{}'::jsonb`,
      ),
    )
    .returning({ id: flowWalks.id });
  return cleared.length;
}
