import {
  type CreateFlowInput,
  checkFlowDefinition,
  FLOW_MEMO_PATTERN,
  type FlowDefinition,
  isFlowMemoFree,
  type PublicFlow,
  type StaffFlow,
  type StaffFlowSummary,
} from '@nbr/domain/flows';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, ValidationError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { presentPublicFlow, presentStaffFlow, presentStaffFlowSummary } from './flows.presenter.ts';
import * as repository from './flows.repository.ts';

/*
 * Flows (issue 29 §2): staff keep a draft per flow and publish it as a new version, which is never
 * changed afterwards; visitors read only the published version. A definition is saved (and published)
 * only when checkFlowDefinition finds nothing; its problems answer 422 with each one's code and path.
 * Every change is audited.
 */

export interface FlowsDeps {
  db: Database;
}

/** Refuses a definition that breaks a rule: one 422 entry per problem, at its place in the body. */
function assertDefinitionSound(definition: FlowDefinition, at: Array<string | number>): void {
  const problems = checkFlowDefinition(definition);
  if (problems.length === 0) return;
  throw new ValidationError(
    problems.map((problem) => ({
      loc: [...at, ...problem.path.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part))],
      type: problem.code,
      params: { subject: problem.subject },
    })),
  );
}

async function staffFlow(executor: Executor, row: repository.FlowRow): Promise<StaffFlow> {
  return presentStaffFlow(row, await repository.listFlowVersions(executor, row.id));
}

/** GET /api/backoffice/flows. */
export async function listFlowsForStaff(deps: FlowsDeps): Promise<StaffFlowSummary[]> {
  return (await repository.listFlows(deps.db)).map(presentStaffFlowSummary);
}

/** GET /api/backoffice/flows/{memo}. */
export async function getFlowForStaff(deps: FlowsDeps, memo: string): Promise<StaffFlow> {
  const row = await repository.findFlowByMemo(deps.db, memo);
  if (!row) throw new AppError('flow_not_found');
  return staffFlow(deps.db, row);
}

/** POST /api/backoffice/flows: a new, unpublished flow. */
export async function createFlow(
  deps: FlowsDeps,
  auth: RequestAuth,
  input: CreateFlowInput,
): Promise<StaffFlow> {
  if (!isFlowMemoFree(input.memo)) {
    throw new ValidationError([{ loc: ['body', 'memo'], type: 'flow_memo_reserved' }]);
  }
  assertDefinitionSound(input.definition, ['body', 'definition']);
  const now = new Date();
  const row: repository.FlowRow = {
    id: uuidv7(),
    memo: input.memo,
    draft: input.definition,
    draftUpdatedAt: now,
    publishedVersion: null,
    createdAt: now,
    updatedAt: now,
    createdByPartyId: auth.identityPartyId,
  };
  try {
    await deps.db.transaction(async (tx) => {
      if (await repository.findFlowByMemo(tx, input.memo)) throw new AppError('flow_memo_taken');
      await repository.insertFlow(tx, row);
      await recordAuditEventBy(tx, auth, {
        action: 'flow.created',
        targetPartyId: null,
        details: { flow_id: row.id, memo: row.memo, draft: input.definition },
        now,
      });
    });
  } catch (error) {
    if (repository.isMemoTakenError(error)) throw new AppError('flow_memo_taken');
    throw error;
  }
  return presentStaffFlow(row, []);
}

/** PUT /api/backoffice/flows/{memo}/draft: replaces the draft; the published version is untouched. */
export async function saveFlowDraft(
  deps: FlowsDeps,
  auth: RequestAuth,
  memo: string,
  definition: FlowDefinition,
): Promise<StaffFlow> {
  assertDefinitionSound(definition, ['body', 'definition']);
  return deps.db.transaction(async (tx) => {
    const before = await repository.lockFlowByMemo(tx, memo);
    if (!before) throw new AppError('flow_not_found');
    const now = new Date();
    await repository.updateFlow(tx, before.id, { draft: definition, draftUpdatedAt: now, updatedAt: now });
    await recordAuditEventBy(tx, auth, {
      action: 'flow.draft_saved',
      targetPartyId: null,
      details: { flow_id: before.id, memo, before: before.draft, after: definition },
      now,
    });
    return staffFlow(tx, { ...before, draft: definition, draftUpdatedAt: now, updatedAt: now });
  });
}

/** POST /api/backoffice/flows/{memo}/publish: the draft becomes version n+1 and runs from now on. */
export async function publishFlow(deps: FlowsDeps, auth: RequestAuth, memo: string): Promise<StaffFlow> {
  return deps.db.transaction(async (tx) => {
    const flow = await repository.lockFlowByMemo(tx, memo);
    if (!flow) throw new AppError('flow_not_found');
    const definition = flow.draft as FlowDefinition;
    // The draft was checked when saved; checked again so a rule added since cannot publish a bad one.
    assertDefinitionSound(definition, ['draft']);
    const now = new Date();
    const version = (await repository.latestFlowVersionNumber(tx, flow.id)) + 1;
    await repository.insertFlowVersion(tx, {
      flowId: flow.id,
      version,
      definition,
      publishedAt: now,
      publishedByPartyId: auth.identityPartyId,
    });
    await repository.updateFlow(tx, flow.id, { publishedVersion: version, updatedAt: now });
    await recordAuditEventBy(tx, auth, {
      action: 'flow.published',
      targetPartyId: null,
      details: { flow_id: flow.id, memo, version, before: flow.publishedVersion },
      now,
    });
    return staffFlow(tx, { ...flow, publishedVersion: version, updatedAt: now });
  });
}

/** POST /api/backoffice/flows/{memo}/unpublish: visitors no longer find it; its versions are kept. */
export async function unpublishFlow(deps: FlowsDeps, auth: RequestAuth, memo: string): Promise<StaffFlow> {
  return deps.db.transaction(async (tx) => {
    const flow = await repository.lockFlowByMemo(tx, memo);
    if (!flow) throw new AppError('flow_not_found');
    if (flow.publishedVersion === null) return staffFlow(tx, flow);
    const now = new Date();
    await repository.updateFlow(tx, flow.id, { publishedVersion: null, updatedAt: now });
    await recordAuditEventBy(tx, auth, {
      action: 'flow.unpublished',
      targetPartyId: null,
      details: { flow_id: flow.id, memo, before: flow.publishedVersion },
      now,
    });
    return staffFlow(tx, { ...flow, publishedVersion: null, updatedAt: now });
  });
}

/** GET /api/flows/{memo}: the running version, or flow_not_found when unknown or unpublished. */
export async function getPublishedFlow(deps: FlowsDeps, memo: string): Promise<PublicFlow> {
  const flow = await repository.findFlowByMemo(deps.db, memo);
  if (!flow || flow.publishedVersion === null) throw new AppError('flow_not_found');
  const version = await repository.findFlowVersion(deps.db, flow.id, flow.publishedVersion);
  if (!version) throw new AppError('flow_not_found');
  return presentPublicFlow(flow, version);
}

/**
 * Whether a web address is a flow's page that visitors can open, for the server's 200 or 404
 * (platform/http/web-app.ts): `/flows/{memo}`, `/flows/{memo}/{stepMemo}` and the short address
 * `/{memo}` answer true or false; any other address, and a first segment the app has a screen for
 * (RESERVED_FLOW_MEMOS), is not a flow's (undefined).
 */
export async function findFlowPage(deps: FlowsDeps, pathname: string): Promise<boolean | undefined> {
  const segments = pathname.replace(/\/+$/, '').split('/').slice(1);
  const [first = '', memo = '', step] = segments;
  if (first === 'flows' && memo && segments.length <= 3) return publishedFlowHasStep(deps, memo, step);
  if (segments.length === 1 && first && isFlowMemoFree(first)) return publishedFlowHasStep(deps, first);
  return undefined;
}

async function publishedFlowHasStep(deps: FlowsDeps, memo: string, stepMemo?: string): Promise<boolean> {
  if (!FLOW_MEMO_PATTERN.test(memo)) return false;
  try {
    const flow = await getPublishedFlow(deps, memo);
    return stepMemo === undefined || flow.definition.steps.some((step) => step.memo === stepMemo);
  } catch (error) {
    if (error instanceof AppError && error.code === 'flow_not_found') return false;
    throw error;
  }
}
