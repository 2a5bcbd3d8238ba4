import type { Executor } from '../../db/client.ts';
import { deleteFlowWalksOfParty, listFlowWalksOfParty } from './flow-walks.repository.ts';
import { findFlowById } from './flows.repository.ts';

/*
 * What the use cases need of flows (issue 29 §2): a person's walks for their export, and forgetting
 * them with the account. A visitor's walk names no one; its answers are cleared after their retention.
 */

/** Flows' section of the personal data export: the person's walks with the answers they gave. */
export async function flowsPersonalData(executor: Executor, partyId: string) {
  const rows = await listFlowWalksOfParty(executor, partyId);
  const memos = new Map<string, string>();
  for (const row of rows) {
    if (!memos.has(row.flowId)) memos.set(row.flowId, (await findFlowById(executor, row.flowId))?.memo ?? '');
  }
  return {
    flow_walks: rows.map((row) => ({
      id: row.id,
      flow: memos.get(row.flowId) ?? '',
      version: row.version,
      answers: row.answers,
      steps_done: row.completed,
      finished_at: row.finishedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    })),
  };
}

/** Account deletion: the person's walks go, with their answers (the funnel counts them no more). */
export async function forgetFlowWalksOf(executor: Executor, partyId: string): Promise<void> {
  await deleteFlowWalksOfParty(executor, partyId);
}
