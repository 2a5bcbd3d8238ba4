import { and, asc, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { flows, flowVersions } from '../../db/schema/flows.ts';

export type FlowRow = typeof flows.$inferSelect;
export type FlowVersionRow = typeof flowVersions.$inferSelect;

export async function listFlows(executor: Executor): Promise<FlowRow[]> {
  return executor.select().from(flows).orderBy(asc(flows.memo));
}

export async function findFlowByMemo(executor: Executor, memo: string): Promise<FlowRow | null> {
  const [row] = await executor.select().from(flows).where(eq(flows.memo, memo));
  return row ?? null;
}

export async function findFlowById(executor: Executor, id: string): Promise<FlowRow | null> {
  const [row] = await executor.select().from(flows).where(eq(flows.id, id));
  return row ?? null;
}

export async function lockFlowByMemo(executor: Executor, memo: string): Promise<FlowRow | null> {
  const [row] = await executor.select().from(flows).where(eq(flows.memo, memo)).for('update');
  return row ?? null;
}

export async function insertFlow(executor: Executor, row: FlowRow): Promise<void> {
  await executor.insert(flows).values(row);
}

export async function updateFlow(
  executor: Executor,
  id: string,
  values: Partial<Pick<FlowRow, 'draft' | 'draftUpdatedAt' | 'publishedVersion' | 'updatedAt'>>,
): Promise<void> {
  await executor.update(flows).set(values).where(eq(flows.id, id));
}

/** The flow's published versions, newest first (without their definitions). */
export async function listFlowVersions(executor: Executor, flowId: string) {
  return executor
    .select({
      version: flowVersions.version,
      publishedAt: flowVersions.publishedAt,
      publishedByPartyId: flowVersions.publishedByPartyId,
    })
    .from(flowVersions)
    .where(eq(flowVersions.flowId, flowId))
    .orderBy(desc(flowVersions.version));
}

export async function latestFlowVersionNumber(executor: Executor, flowId: string): Promise<number> {
  const [row] = await executor
    .select({ version: flowVersions.version })
    .from(flowVersions)
    .where(eq(flowVersions.flowId, flowId))
    .orderBy(desc(flowVersions.version))
    .limit(1);
  return row?.version ?? 0;
}

export async function insertFlowVersion(executor: Executor, row: FlowVersionRow): Promise<void> {
  await executor.insert(flowVersions).values(row);
}

export async function findFlowVersion(
  executor: Executor,
  flowId: string,
  version: number,
): Promise<FlowVersionRow | null> {
  const [row] = await executor
    .select()
    .from(flowVersions)
    .where(and(eq(flowVersions.flowId, flowId), eq(flowVersions.version, version)));
  return row ?? null;
}

/** The unique memo refused a flow another request created at the same moment. */
export function isMemoTakenError(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505')
      return current.constraint === undefined || current.constraint === 'flows_memo_key';
    current = current.cause as typeof current;
  }
  return false;
}
