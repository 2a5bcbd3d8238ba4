import { describe, expect, it } from 'vitest';
import {
  checkFlowAnswer,
  checkFlowDefinition,
  type FlowDefinition,
  FlowDefinitionSchema,
  type FlowQuestion,
  type FlowStep,
  flowPath,
  isFlowMemoFree,
  nextFlowStep,
  RESERVED_FLOW_MEMOS,
} from './flows.ts';

const step = (memo: string, overrides: Partial<FlowStep> = {}): FlowStep => ({
  memo,
  title: { da: `Trin ${memo}` },
  blocks: [],
  questions: [],
  action: null,
  routes: [],
  otherwise: 'end',
  ...overrides,
});

const commute: FlowQuestion = {
  id: 'commute',
  kind: 'choice',
  label: { da: 'Hvordan kommer du på arbejde?', no: 'Hvordan kommer du deg på jobb?' },
  required: true,
  choices: [
    { id: 'bike', label: { da: 'Cykel' } },
    { id: 'car', label: { da: 'Bil' } },
    { id: 'bus', label: { da: 'Bus' } },
  ],
};

/** Asks how one commutes; cyclists register their bike, the others hear about the dock first. */
const campaign = (): FlowDefinition => ({
  title: { da: 'Cykeldag 2027' },
  steps: [
    step('velkommen', {
      blocks: [{ kind: 'text', text: { da: '## Velkommen\nTilmeld din cykel i dag.' } }],
      questions: [commute],
      routes: [{ when: [{ test: 'equals', question: 'commute', value: 'bike' }], go_to: 'registrer' }],
      otherwise: 'parkering',
    }),
    step('parkering', {
      questions: [
        { id: 'would_cycle', kind: 'yes_no', label: { da: 'Ville du cykle med en dock?' }, required: true },
      ],
      routes: [{ when: [{ test: 'equals', question: 'would_cycle', value: false }], go_to: 'end' }],
      otherwise: 'registrer',
    }),
    step('registrer', { action: 'register_bike', otherwise: 'tak' }),
    step('tak', { blocks: [{ kind: 'text', text: { da: 'Tak!' } }] }),
  ],
});

describe('a flow definition', () => {
  it('accepts a campaign whose steps all lead somewhere and end', () => {
    const definition = FlowDefinitionSchema.parse(campaign());
    expect(checkFlowDefinition(definition)).toEqual([]);
  });

  it('refuses a step that points nowhere, naming the step and the place', () => {
    const definition = campaign();
    definition.steps[2] = step('registrer', { action: 'register_bike', otherwise: 'takk' });
    expect(checkFlowDefinition(definition)).toEqual([
      { code: 'flow_target_unknown', path: 'steps.2.otherwise', subject: 'takk' },
      { code: 'flow_step_unreachable', path: 'steps.3', subject: 'tak' },
    ]);
  });

  it('refuses a loop, however long', () => {
    const definition = campaign();
    definition.steps[3] = step('tak', { otherwise: 'parkering' });
    // tak → parkering → registrer → tak: named where the walk from the first step closes it.
    expect(checkFlowDefinition(definition)).toEqual([
      { code: 'flow_loop', path: 'steps.1', subject: 'registrer' },
    ]);
    const selfLoop = campaign();
    selfLoop.steps[3] = step('tak', {
      routes: [{ when: [{ test: 'answered', question: 'commute' }], go_to: 'tak' }],
    });
    expect(checkFlowDefinition(selfLoop)).toEqual([{ code: 'flow_loop', path: 'steps.3', subject: 'tak' }]);
  });

  it('refuses an unknown action and a malformed memo by its shape', () => {
    const unknownAction = { ...campaign(), steps: [{ ...step('a'), action: 'pay_everything' }] };
    expect(FlowDefinitionSchema.safeParse(unknownAction).success).toBe(false);
    const badMemo = { ...campaign(), steps: [step('Velkommen Her')] };
    expect(FlowDefinitionSchema.safeParse(badMemo).success).toBe(false);
  });

  it('refuses repeated memos and ids, and conditions on what was not asked before', () => {
    const definition = campaign();
    definition.steps.push(
      step('tak', {
        questions: [{ ...commute }],
        routes: [
          { when: [{ test: 'equals', question: 'later', value: 'x' }], go_to: 'end' },
          { when: [{ test: 'one_of', question: 'commute', values: ['bike', 'boat'] }], go_to: 'end' },
        ],
      }),
    );
    definition.steps[0] = step('velkommen', {
      questions: [commute],
      routes: [{ when: [{ test: 'answered', question: 'would_cycle' }], go_to: 'parkering' }],
      otherwise: 'parkering',
    });
    expect(checkFlowDefinition(definition).map(({ code, subject }) => [code, subject])).toEqual([
      ['flow_step_memo_repeated', 'tak'],
      ['flow_question_id_repeated', 'commute'],
      ['flow_condition_question_later', 'would_cycle'],
      ['flow_condition_question_unknown', 'later'],
      ['flow_condition_value_unknown', 'boat'],
    ]);
  });

  it('asks for at least two choices of a choice question, and none of the others', () => {
    const definition = campaign();
    definition.steps[3] = step('tak', {
      questions: [
        {
          id: 'one',
          kind: 'choice',
          label: { da: 'Én' },
          required: false,
          choices: [{ id: 'a', label: { da: 'A' } }],
        },
        { id: 'mail', kind: 'email', label: { da: 'E-mail' }, required: false, choices: [] },
      ],
    });
    expect(checkFlowDefinition(definition).map(({ code, subject }) => [code, subject])).toEqual([
      ['flow_choices_missing', 'one'],
      ['flow_choices_not_allowed', 'mail'],
    ]);
  });

  it('asks for the survey of an answer_survey action, and for none elsewhere', () => {
    const surveyId = '0190b4a6-1c2d-7e3f-8a9b-0c1d2e3f4a5b';
    const codes = (steps: FlowStep[]) =>
      checkFlowDefinition({ title: { da: 'x' }, steps }).map((problem) => [problem.code, problem.path]);
    expect(codes([step('a', { action: 'answer_survey' })])).toEqual([
      ['flow_survey_missing', 'steps.0.survey_id'],
    ]);
    expect(codes([step('a', { action: 'sign_up', survey_id: surveyId })])).toEqual([
      ['flow_survey_not_allowed', 'steps.0.survey_id'],
    ]);
    expect(codes([step('a', { action: 'answer_survey', survey_id: surveyId })])).toEqual([]);
  });

  it('compares a yes/no condition with true or false only', () => {
    const definition = campaign();
    const parking = definition.steps[1]!;
    definition.steps[1] = {
      ...parking,
      routes: [{ when: [{ test: 'equals', question: 'would_cycle', value: 'nej' }], go_to: 'end' }],
    };
    expect(checkFlowDefinition(definition)).toEqual([
      { code: 'flow_condition_value_unknown', path: 'steps.1.routes.0.when.0', subject: 'nej' },
    ]);
  });
});

describe('walking a flow', () => {
  it('follows the first route whose conditions hold, else the step’s otherwise', () => {
    const definition = campaign();
    expect(nextFlowStep(definition, 'velkommen', { commute: 'bike' })).toBe('registrer');
    expect(nextFlowStep(definition, 'velkommen', { commute: 'car' })).toBe('parkering');
    expect(nextFlowStep(definition, 'parkering', { commute: 'car', would_cycle: false })).toBeNull();
    expect(nextFlowStep(definition, 'tak', {})).toBeNull();
  });

  it('passes the steps a walker’s answers lead through', () => {
    const definition = campaign();
    expect(flowPath(definition, { commute: 'bike' })).toEqual(['velkommen', 'registrer', 'tak']);
    expect(flowPath(definition, { commute: 'bus', would_cycle: true })).toEqual([
      'velkommen',
      'parkering',
      'registrer',
      'tak',
    ]);
    expect(flowPath(definition, { commute: 'car', would_cycle: false })).toEqual(['velkommen', 'parkering']);
  });

  it('throws for a step the flow does not have', () => {
    expect(() => nextFlowStep(campaign(), 'nowhere', {})).toThrow();
  });
});

describe('an answer', () => {
  it('is needed for a required question only', () => {
    expect(checkFlowAnswer(commute, undefined)).toBe('required');
    expect(checkFlowAnswer(commute, '  ')).toBe('required');
    expect(checkFlowAnswer({ ...commute, required: false }, undefined)).toBeNull();
  });

  it('is one of a choice question’s choices', () => {
    expect(checkFlowAnswer(commute, 'bike')).toBeNull();
    expect(checkFlowAnswer(commute, 'boat')).toBe('unknown_choice');
  });

  it('is an e-mail address, a four-digit postal code, yes or no, or text of a bounded length', () => {
    const ask = (kind: FlowQuestion['kind']): FlowQuestion => ({
      id: 'q',
      kind,
      label: { da: 'Q' },
      required: true,
    });
    expect(checkFlowAnswer(ask('email'), 'anna@example.dk')).toBeNull();
    expect(checkFlowAnswer(ask('email'), 'anna@example')).toBe('invalid_email');
    expect(checkFlowAnswer(ask('postcode'), '8000')).toBeNull();
    expect(checkFlowAnswer(ask('postcode'), '0150')).toBeNull();
    expect(checkFlowAnswer(ask('postcode'), '800')).toBe('invalid_postcode');
    expect(checkFlowAnswer(ask('yes_no'), false)).toBeNull();
    expect(checkFlowAnswer(ask('yes_no'), 'ja')).toBe('wrong_type');
    expect(checkFlowAnswer(ask('text'), 'x'.repeat(1000))).toBeNull();
    expect(checkFlowAnswer(ask('text'), 'x'.repeat(1001))).toBe('too_long');
    expect(checkFlowAnswer(ask('text'), true)).toBe('wrong_type');
  });
});

describe('isFlowMemoFree', () => {
  it('frees a well-formed memo, with or without an owner part', () => {
    expect(isFlowMemoFree('cykeldag-2027')).toBe(true);
    expect(isFlowMemoFree('aarhus.cykeldag-2027')).toBe(true);
  });

  it('refuses every top-level address of the web app, the regions and the API', () => {
    for (const memo of ['app', 'login', 'signup', 'search', 'webshop', 'flows', 'survey', 'backoffice']) {
      expect(isFlowMemoFree(memo)).toBe(false);
    }
    for (const memo of [
      'insurance',
      'sticker-id',
      'stolen-bike-map',
      'dk',
      'no',
      'api',
      'dev',
      'forsikringsfordel',
    ]) {
      expect(isFlowMemoFree(memo)).toBe(false);
    }
    for (const memo of RESERVED_FLOW_MEMOS) expect(isFlowMemoFree(memo)).toBe(false);
  });

  it('refuses a malformed or too long memo', () => {
    for (const memo of ['', 'Cykeldag', 'cykel dag', '-cykel', 'cykel-', 'a..b', 'a.b.c', 'cykel/dag']) {
      expect(isFlowMemoFree(memo)).toBe(false);
    }
    expect(isFlowMemoFree('a'.repeat(81))).toBe(false);
    expect(isFlowMemoFree('a'.repeat(80))).toBe(true);
  });
});
