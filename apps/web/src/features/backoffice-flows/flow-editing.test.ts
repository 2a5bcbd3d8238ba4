import { checkFlowDefinition, type FlowDefinition, FlowDefinitionSchema } from '@nbr/domain/flows';
import { describe, expect, it } from 'vitest';
import {
  addChoice,
  addQuestion,
  addRoute,
  addStep,
  conditionFor,
  freeName,
  moveItem,
  moveStep,
  nearestPlace,
  newFlowDefinition,
  placeId,
  problemPath,
  removeStep,
  renameChoice,
  renameQuestion,
  renameStep,
  sameDefinition,
  setAction,
  setConditionTest,
  setLabel,
  setQuestionKind,
  surveyIdFrom,
  updateStep,
} from './flow-editing.ts';

/** Two steps: `start` asks `bike` (a choice) and goes to `thanks` when it is `yes`, else to the end. */
function twoSteps(): FlowDefinition {
  return {
    title: { da: 'Cykeldag' },
    steps: [
      {
        memo: 'start',
        title: { da: 'Start' },
        blocks: [],
        questions: [
          {
            id: 'bike',
            kind: 'choice',
            label: { da: 'Har du en cykel?' },
            required: true,
            choices: [
              { id: 'yes', label: { da: 'Ja' } },
              { id: 'no', label: { da: 'Nej' } },
            ],
          },
        ],
        action: null,
        routes: [{ when: [{ test: 'equals', question: 'bike', value: 'yes' }], go_to: 'thanks' }],
        otherwise: 'end',
      },
      {
        memo: 'thanks',
        title: { da: 'Tak' },
        blocks: [],
        questions: [],
        action: null,
        routes: [],
        otherwise: 'end',
      },
    ],
  };
}

describe('the flow editor’s changes', () => {
  it('keeps a new flow and steps added one by one valid and walked in order', () => {
    let definition = newFlowDefinition('Cykeldag');
    expect(checkFlowDefinition(definition)).toEqual([]);
    definition = addStep(addStep(definition, 'To'), 'Tre');
    expect(definition.steps.map((step) => [step.memo, step.otherwise])).toEqual([
      ['start', 'step-2'],
      ['step-2', 'step-3'],
      ['step-3', 'end'],
    ]);
    expect(FlowDefinitionSchema.safeParse(definition).success).toBe(true);
    expect(checkFlowDefinition(definition)).toEqual([]);
  });

  it('moves an item within the list and ignores a move past either end', () => {
    expect(moveItem(['a', 'b', 'c'], 0, 1)).toEqual(['b', 'a', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 1)).toEqual(['a', 'c', 'b']);
    expect(moveItem(['a', 'b', 'c'], 0, -1)).toEqual(['a', 'b', 'c']);
    expect(moveItem(['a', 'b', 'c'], 2, 3)).toEqual(['a', 'b', 'c']);
    const definition = twoSteps();
    expect(moveStep(definition, 1, 0).steps.map((step) => step.memo)).toEqual(['thanks', 'start']);
    expect(definition.steps[0]?.memo).toBe('start');
  });

  it('renames a step and the routes and otherwise that go to it follow', () => {
    let definition = twoSteps();
    definition = updateStep(definition, 0, (step) => ({ ...step, otherwise: 'thanks' }));
    const renamed = renameStep(definition, 1, 'tak');
    expect(renamed.steps[1]?.memo).toBe('tak');
    expect(renamed.steps[0]?.routes[0]?.go_to).toBe('tak');
    expect(renamed.steps[0]?.otherwise).toBe('tak');
    expect(checkFlowDefinition(renamed)).toEqual([]);
    expect(definition.steps[1]?.memo).toBe('thanks');
  });

  it('leaves the routes of a repeated memo alone when one of the two is renamed', () => {
    const definition = updateStep(twoSteps(), 1, (step) => ({ ...step, memo: 'start' }));
    const renamed = renameStep(definition, 1, 'other');
    expect(renamed.steps.map((step) => step.memo)).toEqual(['start', 'other']);
    expect(renamed.steps[0]?.routes[0]?.go_to).toBe('thanks');
  });

  it('leaves routes to a removed step for saving to name', () => {
    const removed = removeStep(twoSteps(), 1);
    expect(removed.steps).toHaveLength(1);
    expect(checkFlowDefinition(removed)).toEqual([
      { code: 'flow_target_unknown', path: 'steps.0.routes.0.go_to', subject: 'thanks' },
    ]);
  });

  it('renames a question and a choice, and the conditions on them follow', () => {
    let definition = renameQuestion(twoSteps(), 0, 0, 'has_bike');
    expect(definition.steps[0]?.routes[0]?.when[0]).toEqual({
      test: 'equals',
      question: 'has_bike',
      value: 'yes',
    });
    definition = renameChoice(definition, 0, 0, 0, 'ja');
    expect(definition.steps[0]?.questions[0]?.choices?.[0]?.id).toBe('ja');
    expect(definition.steps[0]?.routes[0]?.when[0]).toEqual({
      test: 'equals',
      question: 'has_bike',
      value: 'ja',
    });
    expect(checkFlowDefinition(definition)).toEqual([]);
  });

  it('gives a choice question choices and takes them from any other kind', () => {
    const text = { id: 'q', kind: 'text' as const, label: { da: 'Q' }, required: false };
    const choice = setQuestionKind(text, 'choice');
    expect(choice.choices).toHaveLength(2);
    expect(addChoice(choice).choices?.map((entry) => entry.id)).toEqual(['choice_1', 'choice_2', 'choice_3']);
    expect(setQuestionKind(choice, 'yes_no')).toEqual({ ...text, kind: 'yes_no' });
    expect('choices' in setQuestionKind(choice, 'email')).toBe(false);
  });

  it('adds questions with free ids across the flow', () => {
    const definition = addQuestion(addQuestion(twoSteps(), 1), 1);
    expect(definition.steps[1]?.questions.map((question) => question.id)).toEqual([
      'question_1',
      'question_2',
    ]);
    expect(freeName('step', ['step-1', 'step-3'])).toBe('step-2');
  });

  it('keeps the survey id with answer_survey only', () => {
    const step = twoSteps().steps[1]!;
    const survey = setAction(step, 'answer_survey');
    expect(survey).toMatchObject({ action: 'answer_survey', survey_id: null });
    const withId = { ...survey, survey_id: '4b9a3f0e-1c1d-4e7a-9a53-2f6f8e1b0c55' };
    expect(setAction(withId, 'answer_survey').survey_id).toBe(withId.survey_id);
    const other = setAction(withId, 'sign_up');
    expect(other.action).toBe('sign_up');
    expect('survey_id' in other).toBe(false);
    expect(setAction(other, null).action).toBeNull();
  });

  it('reads the survey id from the id itself or a pasted invitation link', () => {
    const id = '4b9a3f0e-1c1d-4e7a-9a53-2f6f8e1b0c55';
    expect(surveyIdFrom(id)).toBe(id);
    expect(surveyIdFrom(` ${id.toUpperCase()} `)).toBe(id);
    expect(surveyIdFrom(`https://cykelregister.dk/survey?id=${id}`)).toBe(id);
    expect(surveyIdFrom(`https://cykelregister.dk/survey?lang=da&id=${id}#top`)).toBe(id);
    expect(surveyIdFrom('not an id')).toBe('not an id');
    expect(surveyIdFrom(`${id}x`)).toBe(`${id}x`);
    expect(surveyIdFrom('   ')).toBeNull();
  });

  it('sets a language’s text and leaves an emptied en or no out', () => {
    expect(setLabel({ da: 'Ja' }, 'en', 'Yes')).toEqual({ da: 'Ja', en: 'Yes' });
    expect(setLabel({ da: 'Ja', en: 'Yes' }, 'en', '')).toEqual({ da: 'Ja' });
    expect(setLabel({ da: 'Ja' }, 'da', '')).toEqual({ da: '' });
  });

  it('makes conditions and routes on questions asked so far', () => {
    const definition = twoSteps();
    const question = definition.steps[0]!.questions[0]!;
    expect(conditionFor(question)).toEqual({ test: 'equals', question: 'bike', value: 'yes' });
    expect(conditionFor({ ...question, kind: 'yes_no', choices: undefined })).toEqual({
      test: 'equals',
      question: 'bike',
      value: true,
    });
    expect(conditionFor({ ...question, kind: 'postcode' })).toEqual({ test: 'answered', question: 'bike' });
    const equals = conditionFor(question);
    expect(setConditionTest(equals, 'one_of', question)).toEqual({
      test: 'one_of',
      question: 'bike',
      values: ['yes'],
    });
    expect(setConditionTest(equals, 'answered', question)).toEqual({ test: 'answered', question: 'bike' });
    expect(setConditionTest({ test: 'answered', question: 'bike' }, 'equals', question)).toEqual(equals);

    const withRoute = addRoute(definition, 1);
    expect(withRoute.steps[1]?.routes).toEqual([{ when: [equals], go_to: 'end' }]);
    expect(checkFlowDefinition(withRoute)).toEqual([]);
    // No question asked yet: nothing to route on.
    expect(addRoute(newFlowDefinition('x'), 0)).toEqual(newFlowDefinition('x'));
  });

  it('finds a problem’s place on the page from its loc', () => {
    expect(problemPath(['body', 'definition', 'steps', 1, 'routes', 0, 'go_to'])).toBe(
      'steps.1.routes.0.go_to',
    );
    expect(problemPath(['body', 'memo'])).toBe('memo');
    expect(placeId('steps.1.routes.0.go_to')).toBe('flow-steps-1-routes-0-go_to');
    const shown = new Set(['steps.1', 'steps.1.title.da']);
    expect(nearestPlace('steps.1.title.da', (path) => shown.has(path))).toBe('steps.1.title.da');
    expect(nearestPlace('steps.1.questions.0.label', (path) => shown.has(path))).toBe('steps.1');
    expect(nearestPlace('title', (path) => shown.has(path))).toBeNull();
  });

  it('compares definitions whatever the order of their keys', () => {
    const definition = twoSteps();
    const reordered = JSON.parse(
      JSON.stringify({
        steps: definition.steps.map((step) => Object.fromEntries(Object.entries(step).reverse())),
        title: definition.title,
      }),
    ) as FlowDefinition;
    expect(sameDefinition(definition, reordered)).toBe(true);
    expect(
      sameDefinition(definition, {
        ...definition,
        steps: [{ ...definition.steps[0]!, survey_id: undefined }, definition.steps[1]!],
      }),
    ).toBe(true);
    expect(sameDefinition(definition, renameStep(definition, 1, 'tak'))).toBe(false);
  });
});
