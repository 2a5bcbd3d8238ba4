import {
  FLOW_ACTIONS,
  FLOW_BLOCKS_PER_STEP_MAX,
  FLOW_CHOICES_MAX,
  FLOW_END,
  FLOW_LABEL_MAX_LENGTH,
  FLOW_QUESTION_KINDS,
  FLOW_QUESTIONS_PER_STEP_MAX,
  FLOW_ROUTES_PER_STEP_MAX,
  FLOW_STEPS_MAX,
  FLOW_TEXT_MAX_LENGTH,
  type FlowAction,
  type FlowBlock,
  type FlowCondition,
  type FlowDefinition,
  type FlowQuestion,
  type FlowQuestionKind,
  type FlowStep,
  STEP_MEMO_MAX_LENGTH,
} from '@nbr/domain/flows';
import { createContext, type ReactNode, useContext } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Select } from '../../../ui/select.tsx';
import { TextAreaField } from '../../../ui/text-area-field.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import styles from '../backoffice-flows.module.css';
import {
  addChoice,
  addQuestion,
  addRoute,
  addStep,
  addTextBlock,
  conditionFor,
  FLOW_LANGUAGES,
  type FlowLabel,
  flowQuestions,
  moveItem,
  moveStep,
  placeId,
  removeItem,
  removeStep,
  renameChoice,
  renameQuestion,
  renameStep,
  setAction,
  setConditionTest,
  setLabel,
  setQuestionKind,
  surveyIdFrom,
  updateItem,
  updateStep,
} from '../flow-editing.ts';

/*
 * The draft's editor: the whole definition on one page, step by step, each change a pure function of
 * flow-editing.ts applied to the one definition the page holds. The problems of the last save are shown
 * where they are (by their path in the definition); every place that can have one carries its id.
 */

export type Problems = ReadonlyMap<string, readonly string[]>;

interface EditorContextValue {
  definition: FlowDefinition;
  change: (next: FlowDefinition) => void;
  problems: Problems;
  readOnly: boolean;
}

const EditorContext = createContext<EditorContextValue | null>(null);

function useEditor(): EditorContextValue {
  const value = useContext(EditorContext);
  if (!value) throw new Error('useEditor outside FlowEditor');
  return value;
}

/** The messages for exactly this place, as one text for a field (null when there are none). */
function useProblemText(path: string): string | null {
  const messages = useEditor().problems.get(path);
  return messages?.length ? messages.join(' ') : null;
}

/** A place of the definition on the page: the target of the summary's links, with its own problems. */
function Place({ path, children, className }: { path: string; children: ReactNode; className?: string }) {
  return (
    <div id={placeId(path)} tabIndex={-1} className={[styles.place, className].filter(Boolean).join(' ')}>
      {children}
    </div>
  );
}

/** The problems of a place that is not one field (a step, a route, a condition), as a list. */
function PlaceProblems({ path }: { path: string }) {
  const messages = useEditor().problems.get(path);
  if (!messages?.length) return null;
  return (
    <ul className={styles.placeProblems}>
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

export function FlowEditor({
  definition,
  onChange,
  problems,
  readOnly,
}: {
  definition: FlowDefinition;
  onChange: (next: FlowDefinition) => void;
  problems: Problems;
  readOnly: boolean;
}) {
  const { t } = useTranslation('backoffice-flows');
  return (
    <EditorContext.Provider value={{ definition, change: onChange, problems, readOnly }}>
      <div className={styles.editor}>
        <LabelFields
          path="title"
          legend={t('editor.flowTitle')}
          value={definition.title}
          onChange={(title) => onChange({ ...definition, title })}
        />
        <PlaceProblems path="steps" />
        <ol className={styles.steps} aria-label={t('editor.steps')}>
          {/* Items are known by their place (steps.1…): memos and ids are what staff edit. */}
          {definition.steps.map((step, index) => (
            <StepEditor key={placeId(`steps.${index}`)} step={step} index={index} />
          ))}
        </ol>
        {readOnly ? null : (
          <div>
            <Button
              variant="secondary"
              isDisabled={definition.steps.length >= FLOW_STEPS_MAX}
              onPress={() => onChange(addStep(definition, t('editor.newStepTitle')))}
            >
              {t('editor.addStep')}
            </Button>
          </div>
        )}
      </div>
    </EditorContext.Provider>
  );
}

/** A text in da, en and no: Danish is needed, the others are shown in Danish until written. */
function LabelFields({
  path,
  legend,
  value,
  onChange,
  multiline = false,
  description,
}: {
  path: string;
  legend: string;
  value: FlowLabel;
  onChange: (next: FlowLabel) => void;
  multiline?: boolean;
  description?: string;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  return (
    <Place path={path}>
      <fieldset className={styles.label}>
        <legend className={styles.legend}>{legend}</legend>
        {description ? <p className={styles.help}>{description}</p> : null}
        <PlaceProblems path={path} />
        <div className={multiline ? styles.languagesStacked : styles.languages}>
          {FLOW_LANGUAGES.map((language) => (
            <LanguageField
              key={language}
              path={`${path}.${language}`}
              label={t(`languages.${language}`)}
              isOptional={language !== 'da'}
              value={value[language] ?? ''}
              onChange={(text) => onChange(setLabel(value, language, text))}
              multiline={multiline}
              readOnly={readOnly}
            />
          ))}
        </div>
      </fieldset>
    </Place>
  );
}

function LanguageField({
  path,
  label,
  isOptional,
  value,
  onChange,
  multiline,
  readOnly,
}: {
  path: string;
  label: string;
  isOptional: boolean;
  value: string;
  onChange: (text: string) => void;
  multiline: boolean;
  readOnly: boolean;
}) {
  const { t } = useTranslation('backoffice-flows');
  const error = useProblemText(path);
  return (
    <Place path={path}>
      {multiline ? (
        <TextAreaField
          label={isOptional ? t('editor.optionalLanguage', { language: label }) : label}
          value={value}
          onChange={onChange}
          maxLength={FLOW_TEXT_MAX_LENGTH}
          rows={5}
          error={error}
          isReadOnly={readOnly}
        />
      ) : (
        <TextField
          label={label}
          isOptional={isOptional}
          value={value}
          onChange={onChange}
          maxLength={FLOW_LABEL_MAX_LENGTH}
          error={error}
          isReadOnly={readOnly}
        />
      )}
    </Place>
  );
}

/** Move up, move down and remove, for any item of a list (named for screen readers by `name`). */
function ItemTools({
  name,
  index,
  count,
  onMove,
  onRemove,
  removeLabel,
}: {
  name: string;
  index: number;
  count: number;
  onMove: (to: number) => void;
  onRemove?: () => void;
  removeLabel: string;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  if (readOnly) return null;
  return (
    <div className={styles.tools}>
      <Button
        variant="quiet"
        size="small"
        isDisabled={index === 0}
        aria-label={t('editor.moveUpNamed', { name })}
        onPress={() => onMove(index - 1)}
      >
        {t('editor.moveUp')}
      </Button>
      <Button
        variant="quiet"
        size="small"
        isDisabled={index === count - 1}
        aria-label={t('editor.moveDownNamed', { name })}
        onPress={() => onMove(index + 1)}
      >
        {t('editor.moveDown')}
      </Button>
      {onRemove ? (
        <Button variant="quiet" size="small" aria-label={`${removeLabel}: ${name}`} onPress={onRemove}>
          {removeLabel}
        </Button>
      ) : null}
    </div>
  );
}

function StepEditor({ step, index }: { step: FlowStep; index: number }) {
  const { t } = useTranslation('backoffice-flows');
  const { definition, change, readOnly } = useEditor();
  const path = `steps.${index}`;
  const name = t('editor.stepName', { number: index + 1 });
  const headingId = `${placeId(path)}-heading`;
  const memoError = useProblemText(`${path}.memo`);
  const update = (next: (current: FlowStep) => FlowStep) => change(updateStep(definition, index, next));
  return (
    <li className={styles.step}>
      <section aria-labelledby={headingId}>
        <Place path={path} className={styles.stepInner}>
          <div className={styles.stepHeader}>
            <h3 id={headingId} className={styles.stepHeading}>
              {name}: {step.title.da || step.memo}
            </h3>
            <ItemTools
              name={name}
              index={index}
              count={definition.steps.length}
              onMove={(to) => change(moveStep(definition, index, to))}
              onRemove={definition.steps.length > 1 ? () => change(removeStep(definition, index)) : undefined}
              removeLabel={t('editor.removeStep')}
            />
          </div>
          <PlaceProblems path={path} />
          <Place path={`${path}.memo`}>
            <TextField
              label={t('editor.stepMemo')}
              description={t('editor.stepMemoHelp')}
              value={step.memo}
              onChange={(memo) => change(renameStep(definition, index, memo.trim().toLowerCase()))}
              maxLength={STEP_MEMO_MAX_LENGTH}
              spellCheck="false"
              autoComplete="off"
              error={memoError}
              isReadOnly={readOnly}
            />
          </Place>
          <LabelFields
            path={`${path}.title`}
            legend={t('editor.stepTitle')}
            value={step.title}
            onChange={(title) => update((current) => ({ ...current, title }))}
          />
          <BlocksEditor step={step} path={path} update={update} />
          <QuestionsEditor step={step} index={index} />
          <ActionEditor step={step} path={path} update={update} />
          <RoutesEditor step={step} index={index} />
        </Place>
      </section>
    </li>
  );
}

type UpdateStep = (change: (current: FlowStep) => FlowStep) => void;

function BlocksEditor({ step, path, update }: { step: FlowStep; path: string; update: UpdateStep }) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  const setBlock = (at: number, block: FlowBlock) =>
    update((current) => ({ ...current, blocks: updateItem(current.blocks, at, () => block) }));
  return (
    <div className={styles.group}>
      <h4 className={styles.groupHeading}>{t('editor.blocks')}</h4>
      {step.blocks.length === 0 ? <p className={styles.help}>{t('editor.noBlocks')}</p> : null}
      <details className={styles.markupHelp}>
        <summary>{t('editor.markupHelpTitle')}</summary>
        <ul>
          <li>{t('editor.markupHeading')}</li>
          <li>{t('editor.markupItem')}</li>
          <li>{t('editor.markupParagraph')}</li>
          <li>{t('editor.markupLinks')}</li>
        </ul>
      </details>
      {step.blocks.map((block, at) => {
        const blockPath = `${path}.blocks.${at}`;
        const name = t('editor.blockName', { number: at + 1 });
        return (
          <Place key={blockPath} path={blockPath} className={styles.item}>
            <div className={styles.itemHeader}>
              <h5 className={styles.itemHeading}>
                {name} · {t(`editor.blockKinds.${block.kind}`)}
              </h5>
              <ItemTools
                name={name}
                index={at}
                count={step.blocks.length}
                onMove={(to) =>
                  update((current) => ({ ...current, blocks: moveItem(current.blocks, at, to) }))
                }
                onRemove={() => update((current) => ({ ...current, blocks: removeItem(current.blocks, at) }))}
                removeLabel={t('editor.removeBlock')}
              />
            </div>
            <PlaceProblems path={blockPath} />
            {block.kind === 'text' ? (
              <LabelFields
                path={`${blockPath}.text`}
                legend={t('editor.blockText')}
                value={block.text}
                multiline
                onChange={(text) => setBlock(at, { ...block, text })}
              />
            ) : (
              <ImageBlockFields block={block} path={blockPath} onChange={(next) => setBlock(at, next)} />
            )}
          </Place>
        );
      })}
      {readOnly ? null : (
        <div>
          <Button
            variant="secondary"
            size="small"
            isDisabled={step.blocks.length >= FLOW_BLOCKS_PER_STEP_MAX}
            onPress={() => update(addTextBlock)}
          >
            {t('editor.addTextBlock')}
          </Button>
        </div>
      )}
    </div>
  );
}

/** An image block (from the flow's files): its file id and its text for screen readers. */
function ImageBlockFields({
  block,
  path,
  onChange,
}: {
  block: Extract<FlowBlock, { kind: 'image' }>;
  path: string;
  onChange: (next: FlowBlock) => void;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  const error = useProblemText(`${path}.file_id`);
  return (
    <>
      <Place path={`${path}.file_id`}>
        <TextField
          label={t('editor.imageFile')}
          description={t('editor.imageFileHelp')}
          value={block.file_id}
          onChange={(fileId) => onChange({ ...block, file_id: fileId.trim() })}
          error={error}
          isReadOnly={readOnly}
        />
      </Place>
      <LabelFields
        path={`${path}.alt`}
        legend={t('editor.imageAlt')}
        value={block.alt}
        onChange={(alt) => onChange({ ...block, alt })}
      />
    </>
  );
}

function QuestionsEditor({ step, index }: { step: FlowStep; index: number }) {
  const { t } = useTranslation('backoffice-flows');
  const { definition, change, readOnly } = useEditor();
  const path = `steps.${index}`;
  return (
    <div className={styles.group}>
      <h4 className={styles.groupHeading}>{t('editor.questions')}</h4>
      {step.questions.length === 0 ? <p className={styles.help}>{t('editor.noQuestions')}</p> : null}
      {step.questions.map((question, at) => {
        const questionPath = `${path}.questions.${at}`;
        return (
          <QuestionEditor
            key={questionPath}
            question={question}
            stepIndex={index}
            index={at}
            path={questionPath}
          />
        );
      })}
      {readOnly ? null : (
        <div>
          <Button
            variant="secondary"
            size="small"
            isDisabled={step.questions.length >= FLOW_QUESTIONS_PER_STEP_MAX}
            onPress={() => change(addQuestion(definition, index))}
          >
            {t('editor.addQuestion')}
          </Button>
        </div>
      )}
    </div>
  );
}

function QuestionEditor({
  question,
  stepIndex,
  index,
  path,
}: {
  question: FlowQuestion;
  stepIndex: number;
  index: number;
  path: string;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { definition, change, readOnly } = useEditor();
  const step = definition.steps[stepIndex];
  const idError = useProblemText(`${path}.id`);
  const kindError = useProblemText(`${path}.kind`);
  const name = t('editor.questionName', { number: index + 1 });
  const update = (next: (current: FlowQuestion) => FlowQuestion) =>
    change(
      updateStep(definition, stepIndex, (current) => ({
        ...current,
        questions: updateItem(current.questions, index, next),
      })),
    );
  const setQuestions = (next: (questions: FlowQuestion[]) => FlowQuestion[]) =>
    change(
      updateStep(definition, stepIndex, (current) => ({ ...current, questions: next(current.questions) })),
    );
  return (
    <Place path={path} className={styles.item}>
      <div className={styles.itemHeader}>
        <h5 className={styles.itemHeading}>
          {name} · {question.id}
        </h5>
        <ItemTools
          name={name}
          index={index}
          count={step?.questions.length ?? 0}
          onMove={(to) => setQuestions((questions) => moveItem(questions, index, to))}
          onRemove={() => setQuestions((questions) => removeItem(questions, index))}
          removeLabel={t('editor.removeQuestion')}
        />
      </div>
      <PlaceProblems path={path} />
      <div className={styles.pair}>
        <Place path={`${path}.kind`}>
          <Select
            label={t('editor.questionKind')}
            options={FLOW_QUESTION_KINDS.map((kind) => ({ value: kind, label: t(`questionKinds.${kind}`) }))}
            value={question.kind}
            onChange={(kind) => update((current) => setQuestionKind(current, kind as FlowQuestionKind))}
            error={kindError}
            isDisabled={readOnly}
          />
        </Place>
        <Place path={`${path}.id`}>
          <TextField
            label={t('editor.questionId')}
            description={t('editor.idHelp')}
            value={question.id}
            onChange={(id) => change(renameQuestion(definition, stepIndex, index, id.trim().toLowerCase()))}
            maxLength={40}
            spellCheck="false"
            autoComplete="off"
            error={idError}
            isReadOnly={readOnly}
          />
        </Place>
      </div>
      <LabelFields
        path={`${path}.label`}
        legend={t('editor.questionLabel')}
        value={question.label}
        onChange={(label) => update((current) => ({ ...current, label }))}
      />
      <Checkbox
        isSelected={question.required}
        onChange={(required) => update((current) => ({ ...current, required }))}
        isReadOnly={readOnly}
      >
        {t('editor.required')}
      </Checkbox>
      {question.kind === 'choice' || question.choices ? (
        <ChoicesEditor question={question} stepIndex={stepIndex} index={index} path={path} update={update} />
      ) : null}
    </Place>
  );
}

function ChoicesEditor({
  question,
  stepIndex,
  index,
  path,
  update,
}: {
  question: FlowQuestion;
  stepIndex: number;
  index: number;
  path: string;
  update: (next: (current: FlowQuestion) => FlowQuestion) => void;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { definition, change, readOnly, problems } = useEditor();
  const choices = question.choices ?? [];
  return (
    <Place path={`${path}.choices`} className={styles.choices}>
      <p className={styles.choicesHeading}>{t('editor.choices')}</p>
      <PlaceProblems path={`${path}.choices`} />
      <ol className={styles.choiceList}>
        {choices.map((choice, at) => {
          const choicePath = `${path}.choices.${at}`;
          const name = t('editor.choiceName', { number: at + 1 });
          const idError = problems.get(`${choicePath}.id`)?.join(' ') ?? null;
          return (
            <li key={choicePath} className={styles.choice}>
              <Place path={choicePath}>
                <div className={styles.itemHeader}>
                  <span className={styles.choiceName}>{name}</span>
                  <ItemTools
                    name={name}
                    index={at}
                    count={choices.length}
                    onMove={(to) => update((current) => ({ ...current, choices: moveItem(choices, at, to) }))}
                    onRemove={() => update((current) => ({ ...current, choices: removeItem(choices, at) }))}
                    removeLabel={t('editor.removeChoice')}
                  />
                </div>
                <PlaceProblems path={choicePath} />
                <Place path={`${choicePath}.id`}>
                  <TextField
                    label={t('editor.choiceId')}
                    value={choice.id}
                    onChange={(id) =>
                      change(renameChoice(definition, stepIndex, index, at, id.trim().toLowerCase()))
                    }
                    maxLength={40}
                    spellCheck="false"
                    autoComplete="off"
                    error={idError}
                    isReadOnly={readOnly}
                  />
                </Place>
                <LabelFields
                  path={`${choicePath}.label`}
                  legend={t('editor.choiceLabel')}
                  value={choice.label}
                  onChange={(label) =>
                    update((current) => ({
                      ...current,
                      choices: updateItem(current.choices ?? [], at, (entry) => ({ ...entry, label })),
                    }))
                  }
                />
              </Place>
            </li>
          );
        })}
      </ol>
      {readOnly || question.kind !== 'choice' ? null : (
        <div>
          <Button
            variant="secondary"
            size="small"
            isDisabled={choices.length >= FLOW_CHOICES_MAX}
            onPress={() => update(addChoice)}
          >
            {t('editor.addChoice')}
          </Button>
        </div>
      )}
    </Place>
  );
}

const NO_ACTION = 'none';

function ActionEditor({ step, path, update }: { step: FlowStep; path: string; update: UpdateStep }) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  const actionError = useProblemText(`${path}.action`);
  const surveyError = useProblemText(`${path}.survey_id`);
  return (
    <div className={styles.group}>
      <h4 className={styles.groupHeading}>{t('editor.action')}</h4>
      <Place path={`${path}.action`}>
        <Select
          label={t('editor.actionLabel')}
          description={t('editor.actionHelp')}
          options={[
            { value: NO_ACTION, label: t('actions.none') },
            ...FLOW_ACTIONS.map((action) => ({ value: action, label: t(`actions.${action}`) })),
          ]}
          value={step.action ?? NO_ACTION}
          onChange={(value) =>
            update((current) => setAction(current, value === NO_ACTION ? null : (value as FlowAction)))
          }
          error={actionError}
          isDisabled={readOnly}
        />
      </Place>
      {step.action === 'answer_survey' || step.survey_id ? (
        <Place path={`${path}.survey_id`}>
          <TextField
            label={t('editor.surveyId')}
            description={t('editor.surveyIdHelp')}
            value={step.survey_id ?? ''}
            onChange={(input) => update((current) => ({ ...current, survey_id: surveyIdFrom(input) }))}
            spellCheck="false"
            autoComplete="off"
            error={surveyError}
            isReadOnly={readOnly}
          />
        </Place>
      ) : null}
    </div>
  );
}

/** The choices of where a step may go: every step (by title and memo), the end, and an unknown target as it is. */
function useTargetOptions(current: readonly string[]) {
  const { t } = useTranslation('backoffice-flows');
  const { definition } = useEditor();
  const options = [
    ...definition.steps.map((step, index) => ({
      value: step.memo,
      label: t('editor.targetStep', {
        number: index + 1,
        title: step.title.da || step.memo,
        memo: step.memo,
      }),
    })),
    { value: FLOW_END, label: t('editor.targetEnd') },
  ];
  const known = new Set(options.map((option) => option.value));
  for (const target of current) {
    if (!known.has(target)) {
      known.add(target);
      options.push({ value: target, label: t('editor.targetUnknown', { memo: target }) });
    }
  }
  return options;
}

function RoutesEditor({ step, index }: { step: FlowStep; index: number }) {
  const { t } = useTranslation('backoffice-flows');
  const { definition, change, readOnly } = useEditor();
  const path = `steps.${index}`;
  const targets = useTargetOptions([...step.routes.map((route) => route.go_to), step.otherwise]);
  const otherwiseError = useProblemText(`${path}.otherwise`);
  const asked = flowQuestions(definition).filter((entry) => entry.stepIndex <= index);
  const update: UpdateStep = (next) => change(updateStep(definition, index, next));
  return (
    <div className={styles.group}>
      <h4 className={styles.groupHeading}>{t('editor.routes')}</h4>
      <p className={styles.help}>{t('editor.routesHelp')}</p>
      {step.routes.map((route, at) => {
        const routePath = `${path}.routes.${at}`;
        const name = t('editor.routeName', { number: at + 1 });
        return (
          <Place key={routePath} path={routePath} className={styles.item}>
            <div className={styles.itemHeader}>
              <h5 className={styles.itemHeading}>{name}</h5>
              <ItemTools
                name={name}
                index={at}
                count={step.routes.length}
                onMove={(to) =>
                  update((current) => ({ ...current, routes: moveItem(current.routes, at, to) }))
                }
                onRemove={() => update((current) => ({ ...current, routes: removeItem(current.routes, at) }))}
                removeLabel={t('editor.removeRoute')}
              />
            </div>
            <PlaceProblems path={routePath} />
            <PlaceProblems path={`${routePath}.when`} />
            {route.when.map((condition, conditionAt) => (
              <ConditionEditor
                key={placeId(`${routePath}.when.${conditionAt}`)}
                path={`${routePath}.when.${conditionAt}`}
                number={conditionAt + 1}
                condition={condition}
                asked={asked.map((entry) => entry.question)}
                onChange={(next) =>
                  update((current) => ({
                    ...current,
                    routes: updateItem(current.routes, at, (entry) => ({
                      ...entry,
                      when: updateItem(entry.when, conditionAt, () => next),
                    })),
                  }))
                }
                onRemove={
                  route.when.length > 1
                    ? () =>
                        update((current) => ({
                          ...current,
                          routes: updateItem(current.routes, at, (entry) => ({
                            ...entry,
                            when: removeItem(entry.when, conditionAt),
                          })),
                        }))
                    : undefined
                }
              />
            ))}
            {readOnly || !asked[0] ? null : (
              <div>
                <Button
                  variant="quiet"
                  size="small"
                  onPress={() =>
                    update((current) => ({
                      ...current,
                      routes: updateItem(current.routes, at, (entry) => ({
                        ...entry,
                        when: [...entry.when, conditionFor(asked[asked.length - 1]!.question)],
                      })),
                    }))
                  }
                >
                  {t('editor.addCondition')}
                </Button>
              </div>
            )}
            <TargetSelect
              path={`${routePath}.go_to`}
              label={t('editor.goTo')}
              value={route.go_to}
              options={targets}
              onChange={(go_to) =>
                update((current) => ({
                  ...current,
                  routes: updateItem(current.routes, at, (entry) => ({ ...entry, go_to })),
                }))
              }
            />
          </Place>
        );
      })}
      {readOnly ? null : asked.length === 0 ? (
        <p className={styles.help}>{t('editor.routesNeedQuestion')}</p>
      ) : (
        <div>
          <Button
            variant="secondary"
            size="small"
            isDisabled={step.routes.length >= FLOW_ROUTES_PER_STEP_MAX}
            onPress={() => change(addRoute(definition, index))}
          >
            {t('editor.addRoute')}
          </Button>
        </div>
      )}
      <Place path={`${path}.otherwise`}>
        <Select
          label={step.routes.length ? t('editor.otherwise') : t('editor.next')}
          options={targets}
          value={step.otherwise}
          onChange={(otherwise) => update((current) => ({ ...current, otherwise }))}
          error={otherwiseError}
          isDisabled={readOnly}
        />
      </Place>
    </div>
  );
}

function TargetSelect({
  path,
  label,
  value,
  options,
  onChange,
}: {
  path: string;
  label: string;
  value: string;
  options: Array<{ value: string; label: string }>;
  onChange: (target: string) => void;
}) {
  const { readOnly } = useEditor();
  const error = useProblemText(path);
  return (
    <Place path={path}>
      <Select
        label={label}
        options={options}
        value={value}
        onChange={onChange}
        error={error}
        isDisabled={readOnly}
      />
    </Place>
  );
}

const YES = 'true';
const NO = 'false';

/** One condition: which earlier question, which test, and the value it is tested for. */
function ConditionEditor({
  path,
  number,
  condition,
  asked,
  onChange,
  onRemove,
}: {
  path: string;
  number: number;
  condition: FlowCondition;
  asked: readonly FlowQuestion[];
  onChange: (next: FlowCondition) => void;
  onRemove?: () => void;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  const question = asked.find((candidate) => candidate.id === condition.question);
  const valueProblem = useProblemText(`${path}.value`);
  const valuesProblem = useProblemText(`${path}.values`);
  const valueError = valueProblem ?? valuesProblem;
  const questionOptions = asked.map((candidate) => ({
    value: candidate.id,
    label: `${candidate.label.da || candidate.id} (${candidate.id})`,
  }));
  if (!question) {
    questionOptions.push({
      value: condition.question,
      label: t('editor.questionUnknown', { id: condition.question }),
    });
  }
  const tests: Array<FlowCondition['test']> =
    question?.kind === 'choice' ? ['equals', 'one_of', 'answered'] : ['equals', 'answered'];
  if (!tests.includes(condition.test)) tests.push(condition.test);
  const name = t('editor.conditionName', { number });
  return (
    <Place path={path} className={styles.condition}>
      <fieldset className={styles.conditionFields}>
        <legend className={styles.legend}>{name}</legend>
        <PlaceProblems path={path} />
        <div className={styles.conditionRow}>
          <Select
            label={t('editor.conditionQuestion')}
            options={questionOptions}
            value={condition.question}
            onChange={(id) => {
              const picked = asked.find((candidate) => candidate.id === id);
              if (picked) onChange(conditionFor(picked));
            }}
            isDisabled={readOnly}
          />
          <Select
            label={t('editor.conditionTest')}
            options={tests.map((test) => ({ value: test, label: t(`tests.${test}`) }))}
            value={condition.test}
            onChange={(test) =>
              onChange(setConditionTest(condition, test as FlowCondition['test'], question))
            }
            isDisabled={readOnly}
          />
          <ConditionValue condition={condition} question={question} onChange={onChange} error={valueError} />
        </div>
      </fieldset>
      {onRemove && !readOnly ? (
        <Button
          variant="quiet"
          size="small"
          aria-label={`${t('editor.removeCondition')}: ${name}`}
          onPress={onRemove}
        >
          {t('editor.removeCondition')}
        </Button>
      ) : null}
    </Place>
  );
}

function ConditionValue({
  condition,
  question,
  onChange,
  error,
}: {
  condition: FlowCondition;
  question: FlowQuestion | undefined;
  onChange: (next: FlowCondition) => void;
  error: string | null;
}) {
  const { t } = useTranslation('backoffice-flows');
  const { readOnly } = useEditor();
  if (condition.test === 'answered') return null;
  const choices = (question?.choices ?? []).map((choice) => ({
    value: choice.id,
    label: `${choice.label.da || choice.id} (${choice.id})`,
  }));
  if (condition.test === 'one_of') {
    if (question?.kind === 'choice') {
      return (
        <fieldset className={styles.conditionFields}>
          <legend className={styles.legend}>{t('editor.conditionValues')}</legend>
          {error ? <p className={styles.placeProblems}>{error}</p> : null}
          {choices.map((choice) => (
            <Checkbox
              key={choice.value}
              isSelected={condition.values.includes(choice.value)}
              onChange={(selected) =>
                onChange({
                  ...condition,
                  values: selected
                    ? [...condition.values, choice.value]
                    : condition.values.filter((value) => value !== choice.value),
                })
              }
              isReadOnly={readOnly}
            >
              {choice.label}
            </Checkbox>
          ))}
        </fieldset>
      );
    }
    return (
      <TextField
        label={t('editor.conditionValues')}
        description={t('editor.conditionValuesHelp')}
        value={condition.values.join(', ')}
        onChange={(text) =>
          onChange({
            ...condition,
            values: text
              .split(',')
              .map((value) => value.trim())
              .filter(Boolean),
          })
        }
        error={error}
        isReadOnly={readOnly}
      />
    );
  }
  if (question?.kind === 'choice') {
    const options = [...choices];
    if (typeof condition.value === 'string' && !options.some((option) => option.value === condition.value)) {
      options.push({ value: condition.value, label: t('editor.choiceUnknown', { id: condition.value }) });
    }
    return (
      <Select
        label={t('editor.conditionValue')}
        options={options}
        value={String(condition.value)}
        onChange={(value) => onChange({ ...condition, value })}
        error={error}
        isDisabled={readOnly}
      />
    );
  }
  if (question?.kind === 'yes_no') {
    return (
      <Select
        label={t('editor.conditionValue')}
        options={[
          { value: YES, label: t('editor.yes') },
          { value: NO, label: t('editor.no') },
        ]}
        value={condition.value === true ? YES : condition.value === false ? NO : null}
        onChange={(value) => onChange({ ...condition, value: value === YES })}
        error={error}
        isDisabled={readOnly}
      />
    );
  }
  return (
    <TextField
      label={t('editor.conditionValue')}
      value={String(condition.value)}
      onChange={(value) => onChange({ ...condition, value })}
      error={error}
      isReadOnly={readOnly}
    />
  );
}
