import { z } from 'zod';

/*
 * Flows (issue 29 §2): a short campaign of steps defined as data by staff, walked by visitors and
 * signed-in people at /flows/{memo}/{stepMemo} (and the poster address /{memo}). A flow is a
 * versioned document; this file holds its shape, the rules a definition must keep to be saved
 * (checkFlowDefinition), how an answer is checked (checkFlowAnswer), and how the next step follows
 * from the answers so far (nextFlowStep). The API, the backoffice editor and the walker all use
 * these, so a definition that saves is one the walker can walk.
 *
 * A step shows content blocks (text in the content pages' markup, content-markup.ts, or an image),
 * asks questions, may end in one action, and goes on: to the first of its routes whose conditions
 * all hold for the answers so far, else to its `otherwise` (a step, or the end).
 */

/** A flow's memo: its address, lower-case words joined by - with an optional owner part before a dot (aarhus.cykeldag-2027). */
export const FLOW_MEMO_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)?$/;
export const FLOW_MEMO_MAX_LENGTH = 80;
/** A step's memo, its part of the address: lower-case words joined by -. */
export const STEP_MEMO_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const STEP_MEMO_MAX_LENGTH = 40;

export const FLOW_STEPS_MAX = 30;
export const FLOW_BLOCKS_PER_STEP_MAX = 20;
export const FLOW_QUESTIONS_PER_STEP_MAX = 10;
export const FLOW_CHOICES_MAX = 12;
export const FLOW_ROUTES_PER_STEP_MAX = 10;
export const FLOW_TEXT_MAX_LENGTH = 4000;
export const FLOW_LABEL_MAX_LENGTH = 300;
/** The longest free-text answer a visitor may give. */
export const FLOW_TEXT_ANSWER_MAX_LENGTH = 1000;

export const FLOW_QUESTION_KINDS = ['choice', 'text', 'email', 'postcode', 'yes_no'] as const;
export type FlowQuestionKind = (typeof FLOW_QUESTION_KINDS)[number];

/** What a step may end in: each is carried out by a screen of its own that comes back to the flow. */
export const FLOW_ACTIONS = [
  'sign_up',
  'sign_in',
  'register_bike',
  'redeem_voucher',
  'start_purchase',
  'give_consent',
  'answer_survey',
] as const;
export type FlowAction = (typeof FLOW_ACTIONS)[number];

/** Actions that need an account: a visitor is asked to sign up or in first and comes back. */
export const FLOW_ACTIONS_NEEDING_ACCOUNT: ReadonlySet<FlowAction> = new Set([
  'register_bike',
  'redeem_voucher',
  'start_purchase',
  'give_consent',
]);

/** A text in the flow's languages: Danish always (the default), English and Norwegian when written. */
export const FlowTextSchema = z.object({
  da: z.string().trim().min(1).max(FLOW_TEXT_MAX_LENGTH),
  en: z.string().trim().min(1).max(FLOW_TEXT_MAX_LENGTH).optional(),
  no: z.string().trim().min(1).max(FLOW_TEXT_MAX_LENGTH).optional(),
});
export type FlowText = z.infer<typeof FlowTextSchema>;

const FlowLabelSchema = z.object({
  da: z.string().trim().min(1).max(FLOW_LABEL_MAX_LENGTH),
  en: z.string().trim().min(1).max(FLOW_LABEL_MAX_LENGTH).optional(),
  no: z.string().trim().min(1).max(FLOW_LABEL_MAX_LENGTH).optional(),
});

/** A question's or a choice's id: what answers and conditions name it by. */
const FlowIdSchema = z.string().regex(/^[a-z][a-z0-9_]{0,39}$/);

export const FlowBlockSchema = z.discriminatedUnion('kind', [
  /** Running text in the content pages' markup (content-markup.ts). */
  z.object({ kind: z.literal('text'), text: FlowTextSchema }),
  /** An image from the flow's uploaded files, with its text for screen readers. */
  z.object({ kind: z.literal('image'), file_id: z.uuid(), alt: FlowLabelSchema }),
]);
export type FlowBlock = z.infer<typeof FlowBlockSchema>;

export const FlowQuestionSchema = z.object({
  id: FlowIdSchema,
  kind: z.enum(FLOW_QUESTION_KINDS),
  label: FlowLabelSchema,
  required: z.boolean(),
  /** choice only: the choices, by id. */
  choices: z
    .array(z.object({ id: FlowIdSchema, label: FlowLabelSchema }))
    .max(FLOW_CHOICES_MAX)
    .optional(),
});
export type FlowQuestion = z.infer<typeof FlowQuestionSchema>;

/** A condition on an earlier answer (of this step or one before it). */
export const FlowConditionSchema = z.discriminatedUnion('test', [
  /** The answer is this value: a choice's id, yes/no as true/false, or a text compared as typed. */
  z.object({ test: z.literal('equals'), question: FlowIdSchema, value: z.union([z.string(), z.boolean()]) }),
  /** The answer is one of these choices. */
  z.object({ test: z.literal('one_of'), question: FlowIdSchema, values: z.array(z.string()).min(1) }),
  /** The question was answered at all. */
  z.object({ test: z.literal('answered'), question: FlowIdSchema }),
]);
export type FlowCondition = z.infer<typeof FlowConditionSchema>;

/** Where a step goes on: a step's memo, or the end of the flow. */
export const FLOW_END = 'end';
const FlowTargetSchema = z.string().max(STEP_MEMO_MAX_LENGTH);

export const FlowStepSchema = z.object({
  memo: z.string().max(STEP_MEMO_MAX_LENGTH).regex(STEP_MEMO_PATTERN),
  title: FlowLabelSchema,
  blocks: z.array(FlowBlockSchema).max(FLOW_BLOCKS_PER_STEP_MAX),
  questions: z.array(FlowQuestionSchema).max(FLOW_QUESTIONS_PER_STEP_MAX),
  action: z.enum(FLOW_ACTIONS).nullable(),
  /** The survey an `answer_survey` action opens (its invitation's survey id); only with that action. */
  survey_id: z.string().uuid().nullable().optional(),
  /** Tried in order: the first whose conditions all hold decides. */
  routes: z
    .array(z.object({ when: z.array(FlowConditionSchema).min(1), go_to: FlowTargetSchema }))
    .max(FLOW_ROUTES_PER_STEP_MAX),
  /** Where the step goes when no route decides. */
  otherwise: FlowTargetSchema,
});
export type FlowStep = z.infer<typeof FlowStepSchema>;

/** A flow's definition: a draft, or one published version (never changed once published). */
export const FlowDefinitionSchema = z.object({
  title: FlowLabelSchema,
  steps: z.array(FlowStepSchema).min(1).max(FLOW_STEPS_MAX),
});
export type FlowDefinition = z.infer<typeof FlowDefinitionSchema>;

/** The answers so far, by question id: a choice's id, yes/no as a boolean, else the text as given. */
export type FlowAnswers = Readonly<Record<string, string | boolean>>;

/**
 * A rule a definition breaks, with where (`path`, as zod names a place: steps.2.routes.0.go_to) and
 * what it names (a step's or a question's id), for the editor to say plainly.
 */
export interface FlowDefinitionProblem {
  code:
    | 'flow_step_memo_repeated'
    | 'flow_question_id_repeated'
    | 'flow_target_unknown'
    | 'flow_loop'
    | 'flow_step_unreachable'
    | 'flow_condition_question_unknown'
    | 'flow_condition_question_later'
    | 'flow_condition_value_unknown'
    | 'flow_choices_missing'
    | 'flow_choices_not_allowed'
    | 'flow_choice_id_repeated'
    | 'flow_survey_missing'
    | 'flow_survey_not_allowed';
  path: string;
  /** The step, question or choice the problem is about. */
  subject: string;
}

/**
 * Every rule a definition breaks beyond its shape (FlowDefinitionSchema): memos and ids unique, every
 * route and `otherwise` going to a step that exists (or the end), no loop (a flow always ends), every step
 * reachable from the first, conditions only on questions asked on the way there (this step or an
 * earlier one) and, for choices, only on choices that exist. Empty when it may be saved.
 */
export function checkFlowDefinition(definition: FlowDefinition): FlowDefinitionProblem[] {
  const problems: FlowDefinitionProblem[] = [];
  const stepIndex = new Map<string, number>();
  const questions = new Map<string, { question: FlowQuestion; stepIndex: number }>();

  definition.steps.forEach((step, index) => {
    if (step.action === 'answer_survey' && !step.survey_id) {
      problems.push({ code: 'flow_survey_missing', path: `steps.${index}.survey_id`, subject: step.memo });
    }
    if (step.action !== 'answer_survey' && step.survey_id) {
      problems.push({
        code: 'flow_survey_not_allowed',
        path: `steps.${index}.survey_id`,
        subject: step.memo,
      });
    }
    if (stepIndex.has(step.memo)) {
      problems.push({ code: 'flow_step_memo_repeated', path: `steps.${index}.memo`, subject: step.memo });
    } else {
      stepIndex.set(step.memo, index);
    }
    step.questions.forEach((question, questionIndex) => {
      const path = `steps.${index}.questions.${questionIndex}`;
      if (questions.has(question.id)) {
        problems.push({ code: 'flow_question_id_repeated', path: `${path}.id`, subject: question.id });
      } else {
        questions.set(question.id, { question, stepIndex: index });
      }
      const choices = question.choices ?? [];
      if (question.kind === 'choice' && choices.length < 2) {
        problems.push({ code: 'flow_choices_missing', path: `${path}.choices`, subject: question.id });
      }
      if (question.kind !== 'choice' && question.choices !== undefined) {
        problems.push({ code: 'flow_choices_not_allowed', path: `${path}.choices`, subject: question.id });
      }
      const seen = new Set<string>();
      choices.forEach((choice, choiceIndex) => {
        if (seen.has(choice.id)) {
          problems.push({
            code: 'flow_choice_id_repeated',
            path: `${path}.choices.${choiceIndex}.id`,
            subject: choice.id,
          });
        }
        seen.add(choice.id);
      });
    });
  });

  definition.steps.forEach((step, index) => {
    const targets = [
      ...step.routes.map((route, routeIndex) => ({
        target: route.go_to,
        path: `steps.${index}.routes.${routeIndex}.go_to`,
      })),
      { target: step.otherwise, path: `steps.${index}.otherwise` },
    ];
    for (const { target, path } of targets) {
      if (target !== FLOW_END && !stepIndex.has(target)) {
        problems.push({ code: 'flow_target_unknown', path, subject: target });
      }
    }
    step.routes.forEach((route, routeIndex) => {
      route.when.forEach((condition, conditionIndex) => {
        const path = `steps.${index}.routes.${routeIndex}.when.${conditionIndex}`;
        const asked = questions.get(condition.question);
        if (!asked) {
          problems.push({ code: 'flow_condition_question_unknown', path, subject: condition.question });
          return;
        }
        if (asked.stepIndex > index) {
          problems.push({ code: 'flow_condition_question_later', path, subject: condition.question });
          return;
        }
        const choiceIds = new Set((asked.question.choices ?? []).map((choice) => choice.id));
        const values =
          condition.test === 'equals'
            ? [condition.value]
            : condition.test === 'one_of'
              ? condition.values
              : [];
        for (const value of values) {
          const known =
            asked.question.kind === 'choice'
              ? typeof value === 'string' && choiceIds.has(value)
              : asked.question.kind === 'yes_no'
                ? typeof value === 'boolean'
                : typeof value === 'string';
          if (!known) {
            problems.push({ code: 'flow_condition_value_unknown', path, subject: String(value) });
          }
        }
      });
    });
  });

  // Loops and unreachable steps, on the steps' graph (known targets only: unknown ones are named above).
  // A loop is named where it closes: the step (path) that leads back to one on the way to it (subject).
  const edges = definition.steps.map((step) =>
    [...step.routes.map((route) => route.go_to), step.otherwise]
      .filter((target) => target !== FLOW_END)
      .map((target) => stepIndex.get(target))
      .filter((target): target is number => target !== undefined),
  );
  const state = new Array<'new' | 'open' | 'done'>(definition.steps.length).fill('new');
  const reported = new Set<number>();
  const visit = (index: number): void => {
    state[index] = 'open';
    for (const next of edges[index] ?? []) {
      if (state[next] === 'open') {
        if (!reported.has(next)) {
          reported.add(next);
          const memo = definition.steps[next]?.memo ?? '';
          problems.push({ code: 'flow_loop', path: `steps.${index}`, subject: memo });
        }
      } else if (state[next] === 'new') {
        visit(next);
      }
    }
    state[index] = 'done';
  };
  visit(0);
  definition.steps.forEach((step, index) => {
    // A repeated memo is named once, above.
    if (state[index] === 'new' && stepIndex.get(step.memo) === index) {
      problems.push({ code: 'flow_step_unreachable', path: `steps.${index}`, subject: step.memo });
    }
  });
  return problems;
}

/** Does the condition hold for these answers? */
export function conditionHolds(condition: FlowCondition, answers: FlowAnswers): boolean {
  const answer = answers[condition.question];
  switch (condition.test) {
    case 'answered':
      return answer !== undefined && answer !== '';
    case 'equals':
      return answer === condition.value;
    case 'one_of':
      return typeof answer === 'string' && condition.values.includes(answer);
  }
}

/**
 * Where the step goes on with these answers: the memo of the next step, or null at the end. The
 * definition is one checkFlowDefinition accepted; a step memo it does not know throws.
 */
export function nextFlowStep(
  definition: FlowDefinition,
  stepMemo: string,
  answers: FlowAnswers,
): string | null {
  const step = definition.steps.find((candidate) => candidate.memo === stepMemo);
  if (!step) throw new Error(`no step ${stepMemo} in the flow`);
  const route = step.routes.find((candidate) =>
    candidate.when.every((condition) => conditionHolds(condition, answers)),
  );
  const target = route ? route.go_to : step.otherwise;
  return target === FLOW_END ? null : target;
}

/** The steps a walker with these answers passes through, from the first to the end, in order. */
export function flowPath(definition: FlowDefinition, answers: FlowAnswers): string[] {
  const path: string[] = [];
  let memo: string | null = definition.steps[0]?.memo ?? null;
  // A checked definition has no loop; the bound keeps an unchecked one from running for ever.
  while (memo !== null && path.length <= definition.steps.length) {
    path.push(memo);
    memo = nextFlowStep(definition, memo, answers);
  }
  return path;
}

/** Postal codes as the flows ask for them: four digits in Denmark and in Norway. */
const POSTCODE_PATTERN = /^\d{4}$/;
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type FlowAnswerProblem =
  | 'required'
  | 'invalid_email'
  | 'invalid_postcode'
  | 'unknown_choice'
  | 'too_long'
  | 'wrong_type';

/** The validation code (the API's 422 `type`, the web's common:validation.<code>) of each problem. */
export const FLOW_ANSWER_VALIDATION: Readonly<Record<FlowAnswerProblem, string>> = {
  required: 'required',
  invalid_email: 'invalid_email',
  invalid_postcode: 'invalid_zip_code',
  unknown_choice: 'invalid_value',
  too_long: 'too_long',
  wrong_type: 'invalid_value',
};

/**
 * Is this a good answer to the question? Null when it is; otherwise why not. A missing answer
 * (undefined or an empty text) is a problem only for a required question.
 */
export function checkFlowAnswer(
  question: FlowQuestion,
  answer: string | boolean | undefined,
): FlowAnswerProblem | null {
  if (answer === undefined || answer === '') return question.required ? 'required' : null;
  if (question.kind === 'yes_no') return typeof answer === 'boolean' ? null : 'wrong_type';
  if (typeof answer !== 'string') return 'wrong_type';
  const text = answer.trim();
  if (text === '') return question.required ? 'required' : null;
  switch (question.kind) {
    case 'choice':
      return (question.choices ?? []).some((choice) => choice.id === text) ? null : 'unknown_choice';
    case 'email':
      return text.length <= 254 && EMAIL_PATTERN.test(text) ? null : 'invalid_email';
    case 'postcode':
      return POSTCODE_PATTERN.test(text) ? null : 'invalid_postcode';
    case 'text':
      return text.length <= FLOW_TEXT_ANSWER_MAX_LENGTH ? null : 'too_long';
  }
}

/**
 * The web app's top-level addresses (SPEC §2's first path segments, the regions, and the API's and
 * the development tools' own): a flow's poster address /{memo} must never shadow one of them. The web
 * app's paths test checks that the first part of every address it has is here.
 */
export const RESERVED_FLOW_MEMOS: ReadonlySet<string> = new Set([
  '404',
  'accessibility',
  'advisory-board',
  'api',
  'app',
  'backoffice',
  'certifikat',
  'checkout',
  'dev',
  'dk',
  'find-distributor',
  'flows',
  'forgot-passw-check-mail',
  'forgot-password',
  'forsikrings-indtegning',
  'forsikringsfordel',
  'go-to-webshop',
  'hvordan',
  'insurance',
  'insurance-stop',
  'insurance-verification',
  'login',
  'no',
  'org-bike-search',
  'organisation-payment-complete-redirect',
  'our-mission',
  'pre-registration',
  'pre-registration-insurance-warning',
  'privacy',
  'purchase',
  'purchase-complete-redirect',
  'purchase-failed',
  'purchase-naf',
  'purchase-subscription-redirect',
  'redeem',
  'reset-password',
  'reset-password-succes',
  'search',
  'signup',
  'signup-complete',
  'sticker-id',
  'stolen-bike-map',
  'successfully-deleted',
  'support',
  'survey',
  'terms',
  'verification-begin-redirect',
  'verification-complete-redirect',
  'verify-email',
  'verify-receipt',
  'webshop',
]);

/**
 * Whether a memo may name a flow: well formed and not a top-level address of the web app. Only the
 * part before an owner's dot can collide (aarhus.x is never a route), so only a plain memo is checked.
 */
export function isFlowMemoFree(memo: string): boolean {
  if (memo.length > FLOW_MEMO_MAX_LENGTH || !FLOW_MEMO_PATTERN.test(memo)) return false;
  return !RESERVED_FLOW_MEMOS.has(memo);
}

export const FlowMemoSchema = z.string().max(FLOW_MEMO_MAX_LENGTH).regex(FLOW_MEMO_PATTERN);

export const FlowMemoParamsSchema = z.object({ memo: FlowMemoSchema });
/** The visitors' address takes any text: a memo that is not well formed is simply not found (404). */
export const PublicFlowParamsSchema = z.object({ memo: z.string().min(1).max(200) });

/** POST /api/backoffice/flows: a new flow with its first draft. */
export const CreateFlowInputSchema = z.object({ memo: FlowMemoSchema, definition: FlowDefinitionSchema });
export type CreateFlowInput = z.infer<typeof CreateFlowInputSchema>;

/** PUT /api/backoffice/flows/{memo}/draft. */
export const SaveFlowDraftInputSchema = z.object({ definition: FlowDefinitionSchema });
export type SaveFlowDraftInput = z.infer<typeof SaveFlowDraftInputSchema>;

/** A row of the staff list. */
export const StaffFlowSummarySchema = z.object({
  id: z.uuid(),
  memo: z.string(),
  title: z.string(),
  published_version: z.number().int().nullable(),
  draft_updated_at: z.string(),
});
export type StaffFlowSummary = z.infer<typeof StaffFlowSummarySchema>;

export const StaffFlowVersionSchema = z.object({
  version: z.number().int(),
  published_at: z.string(),
  published_by: z.uuid().nullable(),
});

/** One flow for staff: its draft and its published versions (newest first). */
export const StaffFlowSchema = z.object({
  id: z.uuid(),
  memo: z.string(),
  draft: FlowDefinitionSchema,
  draft_updated_at: z.string(),
  published_version: z.number().int().nullable(),
  created_at: z.string(),
  versions: z.array(StaffFlowVersionSchema),
});
export type StaffFlow = z.infer<typeof StaffFlowSchema>;

/** GET /api/flows/{memo}: the running version, for visitors (no staff fields). */
export const PublicFlowSchema = z.object({
  memo: z.string(),
  version: z.number().int(),
  definition: FlowDefinitionSchema,
});
export type PublicFlow = z.infer<typeof PublicFlowSchema>;

/** GET /api/backoffice/flows/{memo}/funnel?version=N: how far the walks of one published version came. */
export const FlowFunnelQuerySchema = z.object({ version: z.coerce.number().int().min(1).optional() });

export const FlowFunnelSchema = z.object({
  memo: z.string(),
  /** The version counted: the one asked for, else the running one, else the newest. */
  version: z.number().int(),
  /** Walks begun. */
  started: z.number().int(),
  /** Walks that reached the end. */
  finished: z.number().int(),
  /** The version's steps in order, with the number of walks that reached each. */
  steps: z.array(z.object({ memo: z.string(), title: z.string(), reached: z.number().int() })),
});
export type FlowFunnel = z.infer<typeof FlowFunnelSchema>;

/*
 * Walks (issue 29 §2): one visitor's or person's way through one published version of a flow. The walk
 * keeps its version, so a newer version never changes a walk under its walker; the answers are saved per
 * step, and the walker comes back to the first step on its path not yet done.
 */

/** The header that carries a walk's token: whoever holds it continues the walk (a visitor has nothing else). */
export const FLOW_WALK_TOKEN_HEADER = 'x-flow-walk-token';

/**
 * Where a walk stands: `open` lists the steps the walker may open (its path up to and including the
 * first step not done), `resume` is that first step, null when the path is done to its end.
 */
export function flowWalkProgress(
  definition: FlowDefinition,
  answers: FlowAnswers,
  completed: readonly string[],
): { open: string[]; resume: string | null } {
  const done = new Set(completed);
  const open: string[] = [];
  let memo: string | null = definition.steps[0]?.memo ?? null;
  while (memo !== null && open.length <= definition.steps.length) {
    open.push(memo);
    if (!done.has(memo)) return { open, resume: memo };
    memo = nextFlowStep(definition, memo, answers);
  }
  return { open, resume: null };
}

const FlowAnswerValueSchema = z.union([z.string().max(FLOW_TEXT_ANSWER_MAX_LENGTH + 100), z.boolean()]);

export const FlowWalkSchema = z.object({
  id: z.uuid(),
  memo: z.string(),
  /** The published version this walk follows, for good. */
  version: z.number().int(),
  definition: FlowDefinitionSchema,
  answers: z.record(z.string(), FlowAnswerValueSchema),
  /** Steps whose questions were answered and whose action (if any) came back done. */
  completed: z.array(z.string()),
  /** The first step on the path not yet done; null when the walk is finished. */
  resume_step: z.string().nullable(),
  finished: z.boolean(),
});
export type FlowWalk = z.infer<typeof FlowWalkSchema>;

/** POST /api/flows/{memo}/walks: the new walk and its token (shown this once; only its hash is kept). */
export const FlowWalkStartedSchema = z.object({ walk: FlowWalkSchema, token: z.string() });
export type FlowWalkStarted = z.infer<typeof FlowWalkStartedSchema>;

export const FlowWalkParamsSchema = z.object({ walk_id: z.uuid() });
export const FlowWalkStepParamsSchema = z.object({
  walk_id: z.uuid(),
  step_memo: z.string().max(STEP_MEMO_MAX_LENGTH),
});
export const FlowWalkHeadersSchema = z.object({ [FLOW_WALK_TOKEN_HEADER]: z.string().min(20).max(200) });

/** PUT /api/flows/walks/{walkId}/steps/{stepMemo}: the step's answers, by question id. */
export const FlowStepAnswersInputSchema = z.object({
  answers: z.record(z.string().max(60), FlowAnswerValueSchema),
});
export type FlowStepAnswersInput = z.infer<typeof FlowStepAnswersInputSchema>;

/** POST /api/backoffice/flows/images: an image for a flow's image block, re-encoded as the register keeps pictures. */
export const FlowImageSchema = z.object({
  file_id: z.uuid(),
  /** Where visitors' browsers fetch it: /api/flows/images/{file_id}. */
  url: z.string(),
});
export type FlowImage = z.infer<typeof FlowImageSchema>;

/** The address of a flow's image, for an image block's file id. */
export function flowImagePath(fileId: string): string {
  return `/api/flows/images/${fileId}`;
}
