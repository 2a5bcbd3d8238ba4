import {
  checkFlowAnswer,
  type FlowAction,
  type FlowAnswers,
  type FlowDefinition,
  type FlowStep,
  flowPath,
  flowWalkProgress,
  nextFlowStep,
} from '@nbr/domain/flows';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError, isApiError } from '../../../lib/api-client.ts';
import { errorMessage, issueField } from '../../../lib/api-errors.ts';
import {
  FLOW_ACTION_DONE_PARAM,
  FLOW_ACTION_DONE_VALUE,
  rememberFlowReturn,
} from '../../../lib/flow-return.ts';
import { rememberRedirect } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useAnswerStep } from '../api/answer-step.ts';
import { useCompleteStepAction } from '../api/complete-step-action.ts';
import { useFlowDraft } from '../api/get-flow-draft.ts';
import { useWalk } from '../api/get-walk.ts';
import { useGrantNewsletterConsent } from '../api/grant-newsletter-consent.ts';
import { StepView } from '../components/step-view.tsx';
import styles from '../flows.module.css';
import { flowText } from '../lib/flow-text.ts';
import { PREVIEW_PARAM, PREVIEW_VALUE, readPreviewAnswers, storePreviewAnswers } from '../lib/preview.ts';
import { readStoredWalk, type StoredWalk, storeWalk } from '../lib/walk-store.ts';

const stepHref = (memo: string, stepMemo: string) =>
  paths.flows.step.getHref({ fullyQualifiedFlowMemo: memo, stepMemo });

/** "Step 2 of 3": where the step is on the path the answers lead along. */
function StepHeader({
  definition,
  answers,
  step,
}: {
  definition: FlowDefinition;
  answers: FlowAnswers;
  step: FlowStep;
}) {
  const { t, i18n } = useTranslation('flows');
  const path = flowPath(definition, answers);
  const position = path.indexOf(step.memo) + 1;
  return (
    <header className={styles.stepHeader}>
      {position > 0 && path.length > 1 ? (
        <p className={styles.progress}>{t('step.progress', { position, count: path.length })}</p>
      ) : null}
      <h2 className={styles.stepTitle}>{flowText(step.title, i18n.language)}</h2>
    </header>
  );
}

/** The previous step on the walk's path, for the back link (the browser's back works too). */
function previousStep(definition: FlowDefinition, answers: FlowAnswers, stepMemo: string): string | null {
  const path = flowPath(definition, answers);
  const index = path.indexOf(stepMemo);
  return index > 0 ? (path[index - 1] ?? null) : null;
}

/** Where an action's own screen is, for the actions another screen carries out. */
function actionHref(action: FlowAction, step: FlowStep): string | null {
  switch (action) {
    case 'register_bike':
      return paths.app.registerBike.getHref();
    case 'redeem_voucher':
      return paths.app.bikesRegisterRedeem.getHref();
    case 'start_purchase':
      return paths.public.webshop.getHref();
    case 'answer_survey':
      return step.survey_id ? paths.surveys.survey.getHref({ id: step.survey_id }) : null;
    default:
      return null;
  }
}

const SIGN_IN_ACTIONS: ReadonlySet<FlowAction> = new Set(['sign_up', 'sign_in']);

/**
 * /flows/{memo}/{stepMemo}: one step of this browser's walk. The answers are saved when the person
 * goes on; the next step is the one the flow's routes choose. A step the walk has not come to leads
 * to the step it is at; deep links to the steps already passed work, and back and forward keep the
 * answers. With `?preview=draft`, staff walk the draft without saving anything.
 */
export function Component() {
  const { fullyQualifiedFlowMemo: memo = '', stepMemo = '' } = useParams();
  const [search] = useSearchParams();
  if (search.get(PREVIEW_PARAM) === PREVIEW_VALUE) return <PreviewStep memo={memo} stepMemo={stepMemo} />;
  const stored = readStoredWalk(memo);
  // No walk in this browser yet: the flow's address begins one.
  if (!stored) return <Navigate to={paths.flows.flow.getHref({ fullyQualifiedFlowMemo: memo })} replace />;
  return <LiveStep key={`${stored.walkId}:${stepMemo}`} memo={memo} stepMemo={stepMemo} stored={stored} />;
}

function LiveStep({ memo, stepMemo, stored }: { memo: string; stepMemo: string; stored: StoredWalk }) {
  const { t, i18n } = useTranslation(['flows', 'common']);
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const { isLoggedIn } = useSession();
  const walk = useWalk(stored);
  const answer = useAnswerStep(stored);
  const complete = useCompleteStepAction(stored);
  const [failure, setFailure] = useState<string | null>(null);
  const completing = useRef(false);
  const comingBack = search.get(FLOW_ACTION_DONE_PARAM) === FLOW_ACTION_DONE_VALUE;
  const here = stepHref(memo, stepMemo);

  const data = walk.data;
  const step = data?.definition.steps.find((candidate) => candidate.memo === stepMemo) ?? null;
  const progress = data ? flowWalkProgress(data.definition, data.answers, data.completed) : null;
  // The action is offered once the step's own questions are answered and saved (at once without any).
  const waitsForAction = Boolean(
    step?.action &&
      data?.resume_step === stepMemo &&
      !data.completed.includes(stepMemo) &&
      step.questions.every((question) => checkFlowAnswer(question, data.answers[question.id]) === null),
  );

  const goOn = (resume: string | null) => {
    void navigate(
      resume ? stepHref(memo, resume) : paths.flows.flow.getHref({ fullyQualifiedFlowMemo: memo }),
    );
  };

  const completeAction = async () => {
    setFailure(null);
    try {
      const updated = await complete.mutateAsync(stepMemo);
      goOn(updated.resume_step);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  // Back from the action's own screen (or from signing up or in): record it and go on, once.
  useEffect(() => {
    if (!comingBack || !data || !step?.action || completing.current) return;
    const needsAccount = step.action !== 'answer_survey';
    if (needsAccount && !isLoggedIn) return;
    completing.current = true;
    setSearch({}, { replace: true });
    if (data.completed.includes(stepMemo)) return;
    void completeAction();
  });

  if (walk.isPending) return <LoadingState label={t('step.loading')} />;
  if (walk.isError) {
    if (isApiError(walk.error) && walk.error.code === 'flow_walk_not_found') {
      storeWalk(memo, null);
      return <Navigate to={paths.flows.flow.getHref({ fullyQualifiedFlowMemo: memo })} replace />;
    }
    return (
      <LoadErrorPage
        title={t('start.title')}
        alertTitle={t('step.loadFailed')}
        error={walk.error}
        retry={() => void walk.refetch()}
      />
    );
  }
  const walkNow = walk.data;
  // A step this version does not have: the 404 page, as the server answered.
  if (!step) throw new ApiError({ status: 404, code: 'not_found' });
  if (walkNow.finished)
    return <Navigate to={paths.flows.flow.getHref({ fullyQualifiedFlowMemo: memo })} replace />;
  if (!progress?.open.includes(stepMemo)) {
    return <Navigate to={stepHref(memo, walkNow.resume_step ?? progress?.open[0] ?? stepMemo)} replace />;
  }

  const submit = async (answers: FlowAnswers): Promise<Record<string, string> | null> => {
    setFailure(null);
    try {
      const updated = await answer.mutateAsync({ stepMemo, answers });
      if (updated.resume_step !== stepMemo) goOn(updated.resume_step);
      return null;
    } catch (error) {
      if (isApiError(error) && error.status === 422) {
        const problems: Record<string, string> = {};
        for (const issue of error.issues) {
          const field = issueField(issue.loc)?.replace(/^answers\./, '');
          if (field) problems[field] = issue.type;
        }
        if (Object.keys(problems).length > 0) return problems;
      }
      setFailure(errorMessage(error, t));
      return null;
    }
  };

  const previous = previousStep(walkNow.definition, walkNow.answers, stepMemo);
  return (
    <PageLayout title={flowText(walkNow.definition.title, i18n.language)} width="form">
      <StepHeader definition={walkNow.definition} answers={walkNow.answers} step={step} />
      <StepView
        key={stepMemo}
        step={step}
        language={i18n.language}
        answers={walkNow.answers}
        onSubmit={submit}
        error={failure}
        pending={answer.isPending}
        submitLabel={
          step.action && !walkNow.completed.includes(stepMemo) ? t('step.saveAnswers') : t('step.next')
        }
        hideSubmit={waitsForAction && step.questions.length === 0}
      >
        {waitsForAction && step.action ? (
          <ActionPanel
            step={step}
            action={step.action}
            isLoggedIn={isLoggedIn}
            here={here}
            pending={complete.isPending}
            onDone={() => void completeAction()}
          />
        ) : null}
      </StepView>
      {previous ? (
        <p className={styles.back}>
          <Link href={stepHref(memo, previous)}>{t('step.back')}</Link>
        </p>
      ) : null}
    </PageLayout>
  );
}

/**
 * The step's action, once its answers are saved: signing up or in comes back here by itself; an action
 * that needs an account asks for one first; the others open their own screen, which leads back.
 */
function ActionPanel({
  step,
  action,
  isLoggedIn,
  here,
  pending,
  onDone,
}: {
  step: FlowStep;
  action: FlowAction;
  isLoggedIn: boolean;
  here: string;
  pending: boolean;
  onDone: () => void;
}) {
  const { t } = useTranslation('flows');
  const navigate = useNavigate();
  const consent = useGrantNewsletterConsent();
  // Signing up or in is the action itself: coming back marks it done. Another action waits for its
  // own screen, so the person comes back to the step, signed in, to begin it.
  const toAccount = (href: string) => {
    rememberRedirect(
      SIGN_IN_ACTIONS.has(action) ? `${here}?${FLOW_ACTION_DONE_PARAM}=${FLOW_ACTION_DONE_VALUE}` : here,
    );
    void navigate(href);
  };

  if (SIGN_IN_ACTIONS.has(action) && isLoggedIn) {
    return (
      <Alert tone="info" title={t(`action.${action}.title`)}>
        <p>{t('action.alreadySignedIn')}</p>
        <Button onPress={onDone} isPending={pending}>
          {t('step.next')}
        </Button>
      </Alert>
    );
  }
  if (SIGN_IN_ACTIONS.has(action) || (action !== 'answer_survey' && !isLoggedIn)) {
    return (
      <Alert tone="info" title={t(`action.${action}.title`)}>
        <p>{t(SIGN_IN_ACTIONS.has(action) ? `action.${action}.body` : 'action.needsAccount')}</p>
        <div className={styles.actions}>
          <Button onPress={() => toAccount(paths.auth.signup.getHref())}>{t('action.signUp')}</Button>
          <Button variant="secondary" onPress={() => toAccount(paths.auth.login.getHref())}>
            {t('action.signIn')}
          </Button>
        </div>
      </Alert>
    );
  }
  if (action === 'give_consent') {
    return (
      <Alert tone="info" title={t('action.give_consent.title')}>
        <p>{t('action.give_consent.body')}</p>
        <Button
          isPending={consent.isPending || pending}
          onPress={() => consent.mutate(undefined, { onSuccess: onDone })}
        >
          {t('action.give_consent.button')}
        </Button>
        {consent.isError ? <p role="alert">{t('action.give_consent.failed')}</p> : null}
      </Alert>
    );
  }
  const href = actionHref(action, step);
  return (
    <Alert tone="info" title={t(`action.${action}.title`)}>
      <p>{t(`action.${action}.body`)}</p>
      {href ? (
        <LinkButton href={href} onPress={() => rememberFlowReturn(action, here)}>
          {t(`action.${action}.button`)}
        </LinkButton>
      ) : null}
    </Alert>
  );
}

/** Staff's preview of the draft: the same screens, answers kept in this tab, nothing saved. */
function PreviewStep({ memo, stepMemo }: { memo: string; stepMemo: string }) {
  const { t, i18n } = useTranslation(['flows', 'common']);
  const navigate = useNavigate();
  const draft = useFlowDraft(memo, true);
  const [answers, setAnswers] = useState<FlowAnswers>(() => readPreviewAnswers(memo));
  const [ended, setEnded] = useState(false);
  if (draft.isPending) return <LoadingState label={t('step.loading')} />;
  if (draft.isError) {
    return (
      <LoadErrorPage
        title={t('preview.title')}
        alertTitle={t('preview.loadFailed')}
        error={draft.error}
        retry={() => void draft.refetch()}
      />
    );
  }
  const definition = draft.data.draft;
  const step = definition.steps.find((candidate) => candidate.memo === stepMemo);
  if (!step) throw new ApiError({ status: 404, code: 'not_found' });
  const previewHref = (target: string) =>
    paths.flows.step.getHref(
      { fullyQualifiedFlowMemo: memo, stepMemo: target },
      { [PREVIEW_PARAM]: PREVIEW_VALUE },
    );
  const previous = previousStep(definition, answers, stepMemo);
  if (ended) {
    return (
      <PageLayout title={flowText(definition.title, i18n.language)} width="form">
        <Alert tone="success" title={t('preview.endTitle')}>
          <p>{t('preview.endBody')}</p>
        </Alert>
        <div className={styles.actions}>
          <LinkButton
            href={paths.flows.flow.getHref(
              { fullyQualifiedFlowMemo: memo },
              { [PREVIEW_PARAM]: PREVIEW_VALUE },
            )}
          >
            {t('preview.again')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={flowText(definition.title, i18n.language)} width="form">
      <Alert tone="warning" title={t('preview.title')}>
        <p>{t('preview.body')}</p>
      </Alert>
      <StepHeader definition={definition} answers={answers} step={step} />
      <StepView
        key={stepMemo}
        step={step}
        language={i18n.language}
        answers={answers}
        error={null}
        pending={false}
        submitLabel={t('step.next')}
        onSubmit={async (given) => {
          const next = { ...answers, ...given };
          storePreviewAnswers(memo, next);
          setAnswers(next);
          const target = nextFlowStep(definition, stepMemo, next);
          if (target) void navigate(previewHref(target));
          else setEnded(true);
          return null;
        }}
      >
        {step.action ? (
          <Alert tone="info" title={t(`action.${step.action}.title`)}>
            <p>{t('preview.actionSkipped')}</p>
          </Alert>
        ) : null}
      </StepView>
      {previous ? (
        <p className={styles.back}>
          <Link href={previewHref(previous)}>{t('step.back')}</Link>
        </p>
      ) : null}
    </PageLayout>
  );
}
