import {
  FLOW_END,
  type FlowAction,
  type FlowBlock,
  type FlowCondition,
  type FlowDefinition,
  type FlowQuestion,
  type FlowQuestionKind,
  type FlowStep,
} from '@nbr/domain/flows';

/*
 * The flow editor's changes, as pure functions of the draft (a plain FlowDefinition, the editor's one
 * source of truth): each answers a new definition and leaves the one it was given as it was. A rename
 * carries along everything that names the renamed thing (routes to a step, conditions on a question or
 * a choice), so staff never have to chase references by hand.
 */

/** A text in the flow's languages as the editor holds it: Danish always, the others only when written. */
export type FlowLabel = FlowStep['title'];
export type FlowLanguage = keyof FlowLabel;
export const FLOW_LANGUAGES: readonly FlowLanguage[] = ['da', 'en', 'no'];

/** The label with one language's text set; an emptied en or no is left out (Danish stays, even empty). */
export function setLabel<T extends { da: string; en?: string; no?: string }>(
  label: T,
  language: FlowLanguage,
  text: string,
): T {
  if (language === 'da' || text !== '') return { ...label, [language]: text };
  const { [language]: _removed, ...rest } = label;
  return rest as T;
}

/** The item at `from` moved to `to` (both within the list); the list as it was when either is outside. */
export function moveItem<T>(items: readonly T[], from: number, to: number): T[] {
  const copy = [...items];
  if (from < 0 || from >= copy.length || to < 0 || to >= copy.length) return copy;
  const [item] = copy.splice(from, 1);
  copy.splice(to, 0, item as T);
  return copy;
}

/** The list with the item at `index` replaced by `change(item)`. */
export function updateItem<T>(items: readonly T[], index: number, change: (item: T) => T): T[] {
  return items.map((item, at) => (at === index ? change(item) : item));
}

export function removeItem<T>(items: readonly T[], index: number): T[] {
  return items.filter((_, at) => at !== index);
}

/** The first of `base-1`, `base-2`… (joined by `separator`) that `taken` does not hold. */
export function freeName(base: string, taken: Iterable<string>, separator = '-'): string {
  const used = new Set(taken);
  for (let number = 1; ; number += 1) {
    const candidate = `${base}${separator}${number}`;
    if (!used.has(candidate)) return candidate;
  }
}

/** Every question of the flow, in the order they are asked, with the index of its step. */
export function flowQuestions(
  definition: FlowDefinition,
): Array<{ question: FlowQuestion; stepIndex: number }> {
  return definition.steps.flatMap((step, stepIndex) =>
    step.questions.map((question) => ({ question, stepIndex })),
  );
}

/** A new flow's first draft: one step that ends the flow. */
export function newFlowDefinition(title: string): FlowDefinition {
  return {
    title: { da: title },
    steps: [
      {
        memo: 'start',
        title: { da: title },
        blocks: [],
        questions: [],
        action: null,
        routes: [],
        otherwise: FLOW_END,
      },
    ],
  };
}

/**
 * A new step at the end. The step that ended the flow before (the last one, when it went to the end)
 * now goes on to it, so a flow built step by step walks through its steps in order.
 */
export function addStep(definition: FlowDefinition, title: string): FlowDefinition {
  // Named by its number (step-3 for the third), or the next number free.
  const memos = new Set(definition.steps.map((step) => step.memo));
  let number = definition.steps.length + 1;
  while (memos.has(`step-${number}`)) number += 1;
  const memo = `step-${number}`;
  const step: FlowStep = {
    memo,
    title: { da: title },
    blocks: [],
    questions: [],
    action: null,
    routes: [],
    otherwise: FLOW_END,
  };
  const last = definition.steps.length - 1;
  const steps = definition.steps.map((existing, index) =>
    index === last && existing.otherwise === FLOW_END ? { ...existing, otherwise: memo } : existing,
  );
  return { ...definition, steps: [...steps, step] };
}

/**
 * The flow without the step. Routes and `otherwise`s that went to it are left as they are: saving
 * names each of them, so nothing is quietly sent somewhere staff did not choose.
 */
export function removeStep(definition: FlowDefinition, index: number): FlowDefinition {
  return { ...definition, steps: removeItem(definition.steps, index) };
}

export function moveStep(definition: FlowDefinition, from: number, to: number): FlowDefinition {
  return { ...definition, steps: moveItem(definition.steps, from, to) };
}

export function updateStep(
  definition: FlowDefinition,
  index: number,
  change: (step: FlowStep) => FlowStep,
): FlowDefinition {
  return { ...definition, steps: updateItem(definition.steps, index, change) };
}

/** The step at `index` renamed, with every route and `otherwise` that went to its old memo following it. */
export function renameStep(definition: FlowDefinition, index: number, memo: string): FlowDefinition {
  const old = definition.steps[index]?.memo;
  if (old === undefined || old === memo) return definition;
  // Another step with the old memo (a repeat, refused on save) keeps its routes.
  const shared = definition.steps.some((step, at) => at !== index && step.memo === old);
  const follow = (target: string) => (!shared && target === old ? memo : target);
  return {
    ...definition,
    steps: definition.steps.map((step, at) => ({
      ...step,
      memo: at === index ? memo : step.memo,
      routes: step.routes.map((route) => ({ ...route, go_to: follow(route.go_to) })),
      otherwise: follow(step.otherwise),
    })),
  };
}

/** The step's action; the survey id goes with answer_survey (kept while it stays, dropped otherwise). */
export function setAction(step: FlowStep, action: FlowAction | null): FlowStep {
  if (action === 'answer_survey') return { ...step, action, survey_id: step.survey_id ?? null };
  const { survey_id: _dropped, ...rest } = step;
  return { ...rest, action };
}

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/i;

/**
 * The survey id staff typed or pasted: the id itself, or an invitation link (…/survey?id=<uuid>) with
 * it. Anything else is kept as typed (trimmed), for saving to name it; empty is no survey (null).
 */
export function surveyIdFrom(input: string): string | null {
  const text = input.trim();
  if (text === '') return null;
  const fromLink = /[?&]id=([^&#\s]+)/.exec(text)?.[1];
  const candidate = fromLink ? decodeURIComponent(fromLink) : text;
  const match = UUID.exec(candidate);
  return match && (match[0].length === candidate.length || fromLink) ? match[0].toLowerCase() : text;
}

export function addTextBlock(step: FlowStep): FlowStep {
  const block: FlowBlock = { kind: 'text', text: { da: '' } };
  return { ...step, blocks: [...step.blocks, block] };
}

/** A new question at the end of the step: a text question with a free id. */
export function addQuestion(definition: FlowDefinition, stepIndex: number): FlowDefinition {
  const id = freeName(
    'question',
    flowQuestions(definition).map(({ question }) => question.id),
    '_',
  );
  const question: FlowQuestion = { id, kind: 'text', label: { da: '' }, required: false };
  return updateStep(definition, stepIndex, (step) => ({ ...step, questions: [...step.questions, question] }));
}

function defaultChoices(): NonNullable<FlowQuestion['choices']> {
  return [
    { id: 'choice_1', label: { da: '' } },
    { id: 'choice_2', label: { da: '' } },
  ];
}

/**
 * The question as another kind: a choice question gets two choices to fill in (or keeps its own),
 * any other kind has none.
 */
export function setQuestionKind(question: FlowQuestion, kind: FlowQuestionKind): FlowQuestion {
  if (kind === 'choice') return { ...question, kind, choices: question.choices ?? defaultChoices() };
  const { choices: _dropped, ...rest } = question;
  return { ...rest, kind };
}

export function addChoice(question: FlowQuestion): FlowQuestion {
  const choices = question.choices ?? [];
  const id = freeName(
    'choice',
    choices.map((choice) => choice.id),
    '_',
  );
  return { ...question, choices: [...choices, { id, label: { da: '' } }] };
}

/** Every condition of the flow changed by `change` (answering the condition as it is leaves it). */
function mapConditions(
  definition: FlowDefinition,
  change: (condition: FlowCondition) => FlowCondition,
): FlowDefinition {
  return {
    ...definition,
    steps: definition.steps.map((step) => ({
      ...step,
      routes: step.routes.map((route) => ({ ...route, when: route.when.map(change) })),
    })),
  };
}

/** The question renamed, with the conditions on it following it. */
export function renameQuestion(
  definition: FlowDefinition,
  stepIndex: number,
  questionIndex: number,
  id: string,
): FlowDefinition {
  const old = definition.steps[stepIndex]?.questions[questionIndex]?.id;
  if (old === undefined || old === id) return definition;
  const shared = flowQuestions(definition).filter(({ question }) => question.id === old).length > 1;
  const renamed = updateStep(definition, stepIndex, (step) => ({
    ...step,
    questions: updateItem(step.questions, questionIndex, (question) => ({ ...question, id })),
  }));
  if (shared) return renamed;
  return mapConditions(renamed, (condition) =>
    condition.question === old ? { ...condition, question: id } : condition,
  );
}

/** The choice renamed, with the conditions that test for it following it. */
export function renameChoice(
  definition: FlowDefinition,
  stepIndex: number,
  questionIndex: number,
  choiceIndex: number,
  id: string,
): FlowDefinition {
  const question = definition.steps[stepIndex]?.questions[questionIndex];
  const old = question?.choices?.[choiceIndex]?.id;
  if (!question || old === undefined || old === id) return definition;
  const renamed = updateStep(definition, stepIndex, (step) => ({
    ...step,
    questions: updateItem(step.questions, questionIndex, (current) => ({
      ...current,
      choices: updateItem(current.choices ?? [], choiceIndex, (choice) => ({ ...choice, id })),
    })),
  }));
  return mapConditions(renamed, (condition) => {
    if (condition.question !== question.id) return condition;
    if (condition.test === 'equals' && condition.value === old) return { ...condition, value: id };
    if (condition.test === 'one_of') {
      return { ...condition, values: condition.values.map((value) => (value === old ? id : value)) };
    }
    return condition;
  });
}

/** A fresh condition on the question: its first choice, yes, or "answered" for a free text. */
export function conditionFor(question: FlowQuestion): FlowCondition {
  switch (question.kind) {
    case 'choice':
      return { test: 'equals', question: question.id, value: question.choices?.[0]?.id ?? '' };
    case 'yes_no':
      return { test: 'equals', question: question.id, value: true };
    default:
      return { test: 'answered', question: question.id };
  }
}

/** The condition with another test, its value carried over where it fits. */
export function setConditionTest(
  condition: FlowCondition,
  test: FlowCondition['test'],
  question: FlowQuestion | undefined,
): FlowCondition {
  if (test === condition.test) return condition;
  const current =
    condition.test === 'equals' ? [condition.value] : condition.test === 'one_of' ? condition.values : [];
  switch (test) {
    case 'answered':
      return { test, question: condition.question };
    case 'one_of': {
      const values = current.filter((value): value is string => typeof value === 'string');
      const first = question?.choices?.[0]?.id;
      return { test, question: condition.question, values: values.length ? values : first ? [first] : [] };
    }
    case 'equals': {
      const value =
        current[0] ??
        (question?.kind === 'yes_no'
          ? true
          : question?.kind === 'choice'
            ? (question.choices?.[0]?.id ?? '')
            : '');
      return { test, question: condition.question, value };
    }
  }
}

/** A new route for the step: on its own (or else the flow's first earlier) question, to the end. */
export function addRoute(definition: FlowDefinition, stepIndex: number): FlowDefinition {
  const asked = flowQuestions(definition).filter((entry) => entry.stepIndex <= stepIndex);
  const question = asked[asked.length - 1]?.question;
  if (!question) return definition;
  return updateStep(definition, stepIndex, (step) => ({
    ...step,
    routes: [...step.routes, { when: [conditionFor(question)], go_to: FLOW_END }],
  }));
}

/** Where a place of the draft is on the page: the id of its element (steps.1.routes.0.go_to → flow-steps-1-routes-0-go_to). */
export function placeId(path: string): string {
  return `flow-${path.replace(/\./g, '-')}`;
}

/** The place (a path in the definition) of a 422 issue's loc: ['body', 'definition', 'steps', 1, 'memo'] → steps.1.memo. */
export function problemPath(loc: ReadonlyArray<string | number>): string {
  const parts = [...loc];
  if (parts[0] === 'body') parts.shift();
  if (parts[0] === 'definition') parts.shift();
  return parts.join('.');
}

/**
 * The nearest place on the page for a problem's path: the path itself when it is shown, else the
 * closest enclosing one (a problem in a label's missing language is shown at the label).
 */
export function nearestPlace(path: string, isShown: (path: string) => boolean): string | null {
  const parts = path === '' ? [] : path.split('.');
  while (parts.length > 0) {
    const candidate = parts.join('.');
    if (isShown(candidate)) return candidate;
    parts.pop();
  }
  return null;
}

/** The value as JSON with every object's keys in order and undefined left out, for comparing. */
function canonical(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value)
        .filter(([, entry]) => entry !== undefined)
        .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
        .map(([key, entry]) => [key, canonical(entry)]),
    );
  }
  return value;
}

/** Whether two definitions say the same (the stored one comes back with its keys in another order). */
export function sameDefinition(a: FlowDefinition, b: FlowDefinition): boolean {
  return JSON.stringify(canonical(a)) === JSON.stringify(canonical(b));
}
