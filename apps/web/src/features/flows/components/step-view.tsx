import { parseContentBody } from '@nbr/domain/content-markup';
import {
  checkFlowAnswer,
  FLOW_ANSWER_VALIDATION,
  type FlowAnswers,
  type FlowBlock,
  type FlowQuestion,
  type FlowStep,
  flowImagePath,
} from '@nbr/domain/flows';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { RichText } from '../../../components/rich-text.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../flows.module.css';
import { flowText } from '../lib/flow-text.ts';

/** What a field holds while the person types: yes/no as 'yes' | 'no', everything else as text. */
type FieldValues = Record<string, string>;

function fieldValuesOf(step: FlowStep, answers: FlowAnswers): FieldValues {
  const values: FieldValues = {};
  for (const question of step.questions) {
    const answer = answers[question.id];
    if (typeof answer === 'boolean') values[question.id] = answer ? 'yes' : 'no';
    else if (typeof answer === 'string') values[question.id] = answer;
  }
  return values;
}

/** The answers to send: empty fields left out, yes/no as booleans. */
export function answersOf(step: FlowStep, values: FieldValues): FlowAnswers {
  const answers: Record<string, string | boolean> = {};
  for (const question of step.questions) {
    const value = values[question.id]?.trim() ?? '';
    if (value === '') continue;
    answers[question.id] = question.kind === 'yes_no' ? value === 'yes' : value;
  }
  return answers;
}

/** Each question's validation code, from the same rule the API applies. */
export function answerProblems(step: FlowStep, answers: FlowAnswers): Record<string, string> {
  const problems: Record<string, string> = {};
  for (const question of step.questions) {
    const problem = checkFlowAnswer(question, answers[question.id]);
    if (problem) problems[question.id] = FLOW_ANSWER_VALIDATION[problem];
  }
  return problems;
}

/** Blocks have no id of their own: each is keyed by what it shows, repeats counted. */
function keyedBlocks(blocks: readonly FlowBlock[]): Array<{ key: string; block: FlowBlock }> {
  const seen = new Map<string, number>();
  return blocks.map((block) => {
    const base = block.kind === 'text' ? `text:${block.text.da}` : `image:${block.file_id}`;
    const count = (seen.get(base) ?? 0) + 1;
    seen.set(base, count);
    return { key: `${base}#${count}`, block };
  });
}

function Block({ block, language }: { block: FlowBlock; language: string }) {
  if (block.kind === 'image') {
    return (
      <img
        className={styles.image}
        src={flowImagePath(block.file_id)}
        alt={flowText(block.alt, language)}
        loading="lazy"
        decoding="async"
      />
    );
  }
  return (
    <div className={styles.block}>
      {parseContentBody(flowText(block.text, language)).map((section) => (
        <section key={section.id}>
          {section.heading ? <h3 className={styles.blockHeading}>{section.heading}</h3> : null}
          {section.paragraphs.map((paragraph) => (
            <p key={paragraph}>
              <RichText text={paragraph} />
            </p>
          ))}
          {section.items.length ? (
            <ul>
              {section.items.map((item) => (
                <li key={item}>
                  <RichText text={item} />
                </li>
              ))}
            </ul>
          ) : null}
        </section>
      ))}
    </div>
  );
}

function QuestionField({
  question,
  language,
  value,
  error,
  onChange,
}: {
  question: FlowQuestion;
  language: string;
  value: string;
  error: string | null;
  onChange: (value: string) => void;
}) {
  const { t } = useTranslation('flows');
  const label = flowText(question.label, language);
  const isOptional = !question.required;
  switch (question.kind) {
    case 'choice':
      return (
        <RadioGroup
          label={label}
          value={value || null}
          onChange={onChange}
          error={error}
          isRequired={question.required}
          options={(question.choices ?? []).map((choice) => ({
            value: choice.id,
            label: flowText(choice.label, language),
          }))}
        />
      );
    case 'yes_no':
      return (
        <RadioGroup
          label={label}
          value={value || null}
          onChange={onChange}
          error={error}
          isRequired={question.required}
          options={[
            { value: 'yes', label: t('answer.yes') },
            { value: 'no', label: t('answer.no') },
          ]}
        />
      );
    case 'email':
      return (
        <TextField
          label={label}
          type="email"
          autoComplete="email"
          value={value}
          onChange={onChange}
          error={error}
          isOptional={isOptional}
        />
      );
    case 'postcode':
      return (
        <TextField
          label={label}
          inputMode="numeric"
          autoComplete="postal-code"
          maxLength={4}
          value={value}
          onChange={onChange}
          error={error}
          isOptional={isOptional}
        />
      );
    case 'text':
      return (
        <TextField label={label} value={value} onChange={onChange} error={error} isOptional={isOptional} />
      );
  }
}

export interface StepViewProps {
  step: FlowStep;
  language: string;
  answers: FlowAnswers;
  /** Saves the answers; answers the server's problems by question, or null when saved. */
  onSubmit: (answers: FlowAnswers) => Promise<Record<string, string> | null>;
  /** A failure that is not about one answer (the network, the server). */
  error: string | null;
  pending: boolean;
  submitLabel: string;
  /** A step with nothing to answer whose action waits shows only the action. */
  hideSubmit?: boolean;
  /** Shown under the questions (the step's action, when it waits). */
  children?: ReactNode;
}

/** One step: its blocks, its questions and the button that saves them. */
export function StepView({
  step,
  language,
  answers,
  onSubmit,
  error,
  pending,
  submitLabel,
  hideSubmit = false,
  children,
}: StepViewProps) {
  const { t } = useTranslation(['flows', 'common']);
  const [values, setValues] = useState<FieldValues>(() => fieldValuesOf(step, answers));
  const [problems, setProblems] = useState<Record<string, string>>({});
  const [summary, setSummary] = useState<string | null>(null);

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const given = answersOf(step, values);
    const found = answerProblems(step, given);
    setProblems(found);
    if (Object.keys(found).length > 0) {
      setSummary(t('step.fixAnswers'));
      return;
    }
    setSummary(null);
    const refused = await onSubmit(given);
    if (refused) {
      setProblems(refused);
      setSummary(t('step.fixAnswers'));
    }
  };

  return (
    <div className={styles.step}>
      {keyedBlocks(step.blocks).map(({ key, block }) => (
        <Block key={key} block={block} language={language} />
      ))}
      <Form onSubmit={(event) => void submit(event)} aria-label={flowText(step.title, language)}>
        <ErrorSummary message={summary ?? error} />
        {step.questions.map((question) => (
          <QuestionField
            key={question.id}
            question={question}
            language={language}
            value={values[question.id] ?? ''}
            error={problems[question.id] ?? null}
            onChange={(value) => setValues((current) => ({ ...current, [question.id]: value }))}
          />
        ))}
        {children}
        {hideSubmit ? null : (
          <FormActions>
            <Button type="submit" isPending={pending}>
              {submitLabel}
            </Button>
          </FormActions>
        )}
      </Form>
    </div>
  );
}
