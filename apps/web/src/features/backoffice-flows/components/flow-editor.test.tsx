import type { FlowDefinition } from '@nbr/domain/flows';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import i18next from 'i18next';
import { useState } from 'react';
import { initReactI18next } from 'react-i18next';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { placeId } from '../flow-editing.ts';
import { FlowEditor, type Problems } from './flow-editor.tsx';
import { describePlace } from './place-names.ts';

/*
 * Issue 29 §2: the editor shows each problem of a refused save where it is (its path in the
 * definition), and its changes go to the one definition the page holds.
 */

type Tree = { [key: string]: string | Tree };
const locales = import.meta.glob<Tree>('../../../locales/da/*.json', { eager: true, import: 'default' });
const load = (namespace: string) => locales[`../../../locales/da/${namespace}.json`] as Tree;

beforeAll(async () => {
  await i18next.use(initReactI18next).init({
    lng: 'da',
    resources: { da: { common: load('common'), 'backoffice-flows': load('backoffice-flows') } },
    defaultNS: 'common',
    interpolation: { escapeValue: false },
  });
});

afterEach(cleanup);

const definition: FlowDefinition = {
  title: { da: 'Cykeldag' },
  steps: [
    {
      memo: 'start',
      title: { da: 'Start' },
      blocks: [{ kind: 'text', text: { da: 'Hej' } }],
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
      routes: [{ when: [{ test: 'equals', question: 'bike', value: 'yes' }], go_to: 'gone' }],
      otherwise: 'thanks',
    },
    {
      memo: 'thanks',
      title: { da: 'Tak' },
      blocks: [],
      questions: [],
      action: 'answer_survey',
      survey_id: null,
      routes: [],
      otherwise: 'start',
    },
  ],
};

/** Two bare steps: the second answers a survey and ends the flow. */
const small: FlowDefinition = {
  title: { da: 'Kort' },
  steps: [
    { ...definition.steps[0]!, blocks: [], questions: [], routes: [] },
    { ...definition.steps[1]!, otherwise: 'end' },
  ],
};

/** The editor over its own state, as the page holds it; `seen` gets every definition it is given. */
function Editor({
  problems = new Map(),
  seen,
  start = definition,
}: {
  problems?: Problems;
  seen?: FlowDefinition[];
  start?: FlowDefinition;
}) {
  const [current, setCurrent] = useState(start);
  return (
    <FlowEditor
      definition={current}
      onChange={(next) => {
        seen?.push(next);
        setCurrent(next);
      }}
      problems={problems}
      readOnly={false}
    />
  );
}

function place(path: string): HTMLElement {
  const element = document.getElementById(placeId(path));
  if (!element) throw new Error(`no place ${path}`);
  return element;
}

describe('the flow editor', () => {
  it('shows each problem at its place: a field’s under the field, a step’s at the step', () => {
    render(
      <Editor
        problems={
          new Map([
            ['steps.0.routes.0.go_to', ['Ingen trin hedder “gone”.']],
            ['steps.1', ['Forløbet kan køre i ring ved “start”.']],
            ['steps.0.questions.0.label.da', ['Skriv spørgsmålet.']],
          ])
        }
      />,
    );
    expect(within(place('steps.0.routes.0.go_to')).getByText('Ingen trin hedder “gone”.')).toBeTruthy();
    expect(within(place('steps.1')).getByText('Forløbet kan køre i ring ved “start”.')).toBeTruthy();
    const label = within(place('steps.0.questions.0.label.da')).getByRole('textbox');
    expect(label.getAttribute('aria-invalid')).toBe('true');
    // A target that does not exist is shown as it is, not as an empty choice.
    expect(within(place('steps.0.routes.0.go_to')).getAllByText(/“gone”/).length).toBeGreaterThan(0);
  }, 20_000);

  it('renames a step and its routes follow; a pasted invitation link becomes the survey id', () => {
    const seen: FlowDefinition[] = [];
    render(<Editor seen={seen} start={small} />);
    const memo = within(place('steps.1.memo')).getByRole('textbox');
    fireEvent.change(memo, { target: { value: 'tak' } });
    expect(seen.at(-1)?.steps[0]?.otherwise).toBe('tak');

    const id = '4b9a3f0e-1c1d-4e7a-9a53-2f6f8e1b0c55';
    const survey = within(place('steps.1.survey_id')).getByRole('textbox');
    fireEvent.change(survey, { target: { value: `https://cykelregister.dk/survey?id=${id}` } });
    expect(seen.at(-1)?.steps[1]?.survey_id).toBe(id);
    expect((survey as HTMLInputElement).value).toBe(id);
  }, 20_000);

  it('adds a step that the last one goes on to, and removes it again', () => {
    const seen: FlowDefinition[] = [];
    render(<Editor seen={seen} start={small} />);
    fireEvent.click(screen.getByRole('button', { name: 'Tilføj trin' }));
    expect(seen.at(-1)?.steps.map((step) => step.memo)).toEqual(['start', 'thanks', 'step-3']);
    expect(screen.getByRole('region', { name: /^Trin 3:/ })).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Fjern trin: Trin 3' }));
    expect(seen.at(-1)?.steps).toHaveLength(2);
  }, 20_000);

  it('names a problem’s place in words for the list on top', () => {
    const t = i18next.getFixedT('da', 'backoffice-flows');
    expect(describePlace('steps.0.routes.0.go_to', definition, t)).toBe('Trin 1 (start) › Vej 1 › Går til');
    expect(describePlace('steps.0.questions.0.choices.1.label.da', definition, t)).toBe(
      'Trin 1 (start) › Spørgsmål 1 (bike) › Svarmulighed 2 › Tekst › Dansk',
    );
    expect(describePlace('title.da', definition, t)).toBe('Forløbets titel › Dansk');
    expect(describePlace('', definition, t)).toBe('Forløbet');
  });
});
