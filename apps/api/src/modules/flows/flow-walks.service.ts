import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  checkFlowAnswer,
  FLOW_ANSWER_VALIDATION,
  type FlowAnswers,
  type FlowDefinition,
  type FlowFunnel,
  type FlowStep,
  type FlowStepAnswersInput,
  type FlowWalk,
  type FlowWalkStarted,
  flowWalkProgress,
} from '@nbr/domain/flows';
import type { Executor } from '../../db/client.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError, type FieldIssue, ValidationError } from '../../platform/errors.ts';
import { uuidv7 } from '../../platform/ids.ts';
import * as walks from './flow-walks.repository.ts';
import * as repository from './flows.repository.ts';
import type { FlowsDeps } from './flows.service.ts';

/*
 * Walks through flows (issue 29 §2). A walk follows the version that was running when it began, for good:
 * publishing a new version never changes a walk under its walker. Whoever holds the walk's token (a
 * visitor has nothing else; a signed-in walker is also named on the walk) saves the answers of one step
 * at a time and may open only the steps on the path their answers lead along, up to the first one not
 * done (flowWalkProgress): a step is done when its questions are answered and its action, if it has one,
 * came back done. A visitor's answers are cleared FLOW_WALK_ANSWERS_KEPT_DAYS after the walk's last change.
 */

/** How long a visitor's answers are kept after their walk's last change; the funnel's counts stay. */
export const FLOW_WALK_ANSWERS_KEPT_DAYS = 30;

function hashToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

function tokenMatches(token: string, hash: string): boolean {
  const given = Buffer.from(hashToken(token), 'hex');
  const kept = Buffer.from(hash, 'hex');
  return given.length === kept.length && timingSafeEqual(given, kept);
}

interface LoadedWalk {
  row: walks.FlowWalkRow;
  memo: string;
  definition: FlowDefinition;
}

/** The walk and its version's definition; flow_walk_not_found for an unknown walk or a wrong token alike. */
async function loadWalk(
  executor: Executor,
  walkId: string,
  token: string,
  lock: boolean,
): Promise<LoadedWalk> {
  const row = lock ? await walks.lockFlowWalk(executor, walkId) : await walks.findFlowWalk(executor, walkId);
  if (!row || !tokenMatches(token, row.tokenHash)) throw new AppError('flow_walk_not_found');
  const flow = await repository.findFlowById(executor, row.flowId);
  const version = await repository.findFlowVersion(executor, row.flowId, row.version);
  if (!flow || !version) throw new AppError('flow_walk_not_found');
  return { row, memo: flow.memo, definition: version.definition as FlowDefinition };
}

function presentWalk({ row, memo, definition }: LoadedWalk): FlowWalk {
  const answers = row.answers as FlowAnswers;
  const { resume } = flowWalkProgress(definition, answers, row.completed);
  return {
    id: row.id,
    memo,
    version: row.version,
    definition,
    answers: { ...answers },
    completed: row.completed,
    resume_step: row.finishedAt ? null : resume,
    finished: row.finishedAt !== null,
  };
}

/** POST /api/flows/{memo}/walks: a walk through the running version, and its token (shown this once). */
export async function startFlowWalk(
  deps: FlowsDeps,
  auth: RequestAuth | null,
  memo: string,
): Promise<FlowWalkStarted> {
  const flow = await repository.findFlowByMemo(deps.db, memo);
  if (!flow || flow.publishedVersion === null) throw new AppError('flow_not_found');
  const version = await repository.findFlowVersion(deps.db, flow.id, flow.publishedVersion);
  if (!version) throw new AppError('flow_not_found');
  const definition = version.definition as FlowDefinition;
  const token = randomBytes(32).toString('base64url');
  const now = new Date();
  const row: walks.FlowWalkRow = {
    id: uuidv7(),
    flowId: flow.id,
    version: version.version,
    partyId: auth?.partyId ?? null,
    tokenHash: hashToken(token),
    answers: {},
    reached: definition.steps[0] ? [definition.steps[0].memo] : [],
    completed: [],
    finishedAt: null,
    createdAt: now,
    updatedAt: now,
  };
  await walks.insertFlowWalk(deps.db, row);
  return { walk: presentWalk({ row, memo: flow.memo, definition }), token };
}

/** GET /api/flows/walks/{walkId}: the walk as its token holder left it. */
export async function getFlowWalk(deps: FlowsDeps, walkId: string, token: string): Promise<FlowWalk> {
  return presentWalk(await loadWalk(deps.db, walkId, token, false));
}

/** The step, once the walk may open it: not finished, and on its path up to the first step not done. */
function openStep(walk: LoadedWalk, stepMemo: string): FlowStep {
  if (walk.row.finishedAt) throw new AppError('flow_walk_finished');
  const { open } = flowWalkProgress(walk.definition, walk.row.answers as FlowAnswers, walk.row.completed);
  const step = walk.definition.steps.find((candidate) => candidate.memo === stepMemo);
  if (!step || !open.includes(stepMemo)) throw new AppError('flow_step_not_open');
  return step;
}

/** Saves the walk's progress: done steps, the steps reached for the funnel, finished at the end. */
async function saveProgress(
  executor: Executor,
  walk: LoadedWalk,
  auth: RequestAuth | null,
  answers: FlowAnswers,
  completed: string[],
): Promise<LoadedWalk> {
  const now = new Date();
  const { resume } = flowWalkProgress(walk.definition, answers, completed);
  const reached =
    resume && !walk.row.reached.includes(resume) ? [...walk.row.reached, resume] : walk.row.reached;
  const values = {
    answers,
    completed,
    reached,
    finishedAt: resume === null ? now : null,
    // A walker who signed in on the way is named on the walk from then on.
    partyId: walk.row.partyId ?? auth?.partyId ?? null,
    updatedAt: now,
  };
  await walks.updateFlowWalk(executor, walk.row.id, values);
  return { ...walk, row: { ...walk.row, ...values } };
}

/**
 * PUT /api/flows/walks/{walkId}/steps/{stepMemo}: the step's answers (every question of the step; an
 * answer left out or empty clears it). The step is done unless its action still has to come back.
 */
export async function answerFlowStep(
  deps: FlowsDeps,
  auth: RequestAuth | null,
  walkId: string,
  token: string,
  stepMemo: string,
  input: FlowStepAnswersInput,
): Promise<FlowWalk> {
  return deps.db.transaction(async (tx) => {
    const walk = await loadWalk(tx, walkId, token, true);
    const step = openStep(walk, stepMemo);
    const issues: FieldIssue[] = [];
    const asked = new Set(step.questions.map((question) => question.id));
    for (const id of Object.keys(input.answers)) {
      if (!asked.has(id)) issues.push({ loc: ['body', 'answers', id], type: 'unrecognized_key' });
    }
    const answers: Record<string, string | boolean> = { ...(walk.row.answers as FlowAnswers) };
    for (const question of step.questions) {
      const given = input.answers[question.id];
      const problem = checkFlowAnswer(question, given);
      if (problem)
        issues.push({ loc: ['body', 'answers', question.id], type: FLOW_ANSWER_VALIDATION[problem] });
      const value = typeof given === 'string' ? given.trim() : given;
      if (value === undefined || value === '') delete answers[question.id];
      else answers[question.id] = value;
    }
    if (issues.length > 0) throw new ValidationError(issues);
    const done = step.action === null || walk.row.completed.includes(step.memo);
    const completed =
      done && !walk.row.completed.includes(step.memo)
        ? [...walk.row.completed, step.memo]
        : walk.row.completed;
    return presentWalk(await saveProgress(tx, walk, auth, answers, completed));
  });
}

/**
 * POST /api/flows/walks/{walkId}/steps/{stepMemo}/action: the step's action came back done (its own
 * screen carried it out). An action that needs an account, and signing up or in, needs a signed-in walker.
 */
export async function completeFlowStepAction(
  deps: FlowsDeps,
  auth: RequestAuth | null,
  walkId: string,
  token: string,
  stepMemo: string,
): Promise<FlowWalk> {
  return deps.db.transaction(async (tx) => {
    const walk = await loadWalk(tx, walkId, token, true);
    const step = openStep(walk, stepMemo);
    if (step.action === null) throw new AppError('flow_step_has_no_action');
    if (step.action !== 'answer_survey' && !auth) throw new AppError('not_authenticated');
    const answers = walk.row.answers as FlowAnswers;
    if (step.questions.some((question) => checkFlowAnswer(question, answers[question.id]) !== null)) {
      throw new AppError('flow_step_not_answered');
    }
    const completed = walk.row.completed.includes(step.memo)
      ? walk.row.completed
      : [...walk.row.completed, step.memo];
    return presentWalk(await saveProgress(tx, walk, auth, { ...answers }, completed));
  });
}

/**
 * GET /api/backoffice/flows/{memo}/funnel: the walks of one version — begun, reaching each step,
 * finished. The version asked for, else the running one, else the newest.
 */
export async function getFlowFunnel(deps: FlowsDeps, memo: string, asked?: number): Promise<FlowFunnel> {
  const flow = await repository.findFlowByMemo(deps.db, memo);
  if (!flow) throw new AppError('flow_not_found');
  const number =
    asked ?? flow.publishedVersion ?? (await repository.latestFlowVersionNumber(deps.db, flow.id));
  const version = number > 0 ? await repository.findFlowVersion(deps.db, flow.id, number) : null;
  if (!version) throw new AppError('flow_version_not_found');
  const definition = version.definition as FlowDefinition;
  const counts = await walks.countFlowWalks(deps.db, flow.id, version.version);
  return {
    memo: flow.memo,
    version: version.version,
    started: counts.started,
    finished: counts.finished,
    steps: definition.steps.map((step) => ({
      memo: step.memo,
      title: step.title.da,
      reached: counts.reached.get(step.memo) ?? 0,
    })),
  };
}

/** Clears the answers of visitors' walks left alone longer than FLOW_WALK_ANSWERS_KEPT_DAYS. */
export async function clearStaleVisitorAnswers(deps: FlowsDeps, now: Date): Promise<{ cleared: number }> {
  const before = new Date(now.getTime() - FLOW_WALK_ANSWERS_KEPT_DAYS * 24 * 60 * 60_000);
  return { cleared: await walks.clearVisitorWalkAnswers(deps.db, before) };
}
