import type { SurveyAnswerView } from '@nbr/domain/surveys';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { currentLanguage, isApiError } from '../../../lib/api-client.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useClaimSurveyAnswer } from '../api/claim-survey-answer.ts';
import { useSurveyAnswer } from '../api/get-survey-answer.ts';
import { readAnswerToken } from '../lib/answer-token.ts';
import { SURVEY_STEPS, type SurveyStep } from '../lib/steps.ts';
import styles from '../surveys.module.css';

/** The survey's id from the address (`?id=`): every survey page carries it, so reloads and deep links work. */
export function useSurveyId(): string | null {
  const [params] = useSearchParams();
  const id = params.get('id')?.trim();
  return id ? id : null;
}

/**
 * A signed-in person who answered as a visitor in this browser takes the answer over once, before
 * it is shown. Answers whether the page may load the answer yet, and the notice to show when the
 * person already had an answer of their own (theirs is kept).
 */
function useClaimOnce(surveyId: string): { ready: boolean; notice: string | null } {
  const { isLoggedIn, isSwitched } = useSession();
  const claim = useClaimSurveyAnswer(surveyId);
  const needed = isLoggedIn && !isSwitched && readAnswerToken(surveyId) !== null;
  const [settled, setSettled] = useState(!needed);
  const [notice, setNotice] = useState<string | null>(null);
  const started = useRef(false);
  const { t } = useTranslation(['survey', 'common']);
  useEffect(() => {
    if (!needed || started.current) return;
    started.current = true;
    claim
      .mutateAsync()
      .catch((error: unknown) => {
        if (isApiError(error) && error.code === 'survey_answer_exists')
          setNotice(t('common:errors.survey_answer_exists'));
      })
      .finally(() => setSettled(true));
  }, [needed, claim, t]);
  return { ready: settled || !needed, notice };
}

interface SurveyFrameProps {
  /** The step shown, or null for the landing page. */
  step: SurveyStep | null;
  children: (view: SurveyAnswerView, surveyId: string) => ReactNode;
}

/**
 * What every survey page shares: the survey id from the address, the survey and the person's answer
 * (taking over a visitor's answer after signing in), and the states before the page itself can
 * show — loading, no id, an unknown survey, a survey not open for answers on a step page.
 */
export function SurveyFrame({ step, children }: SurveyFrameProps) {
  const surveyId = useSurveyId();
  const { t } = useTranslation(['survey', 'common']);
  if (!surveyId)
    return (
      <PageLayout title={t('missing.title')} width="form">
        <Alert tone="warning" announce="none">
          <p>{t('missing.body')}</p>
        </Alert>
      </PageLayout>
    );
  return (
    <LoadedFrame surveyId={surveyId} step={step}>
      {children}
    </LoadedFrame>
  );
}

function LoadedFrame({ surveyId, step, children }: SurveyFrameProps & { surveyId: string }) {
  const { t } = useTranslation(['survey', 'common']);
  const claim = useClaimOnce(surveyId);
  const query = useSurveyAnswer(surveyId, { enabled: claim.ready });
  if (!claim.ready || query.isPending) return <LoadingState label={t('loading')} />;
  if (query.isError) {
    if (isApiError(query.error) && query.error.code === 'survey_not_found')
      return (
        <PageLayout title={t('missing.title')} width="form">
          <Alert tone="warning" announce="none">
            <p>{t('missing.unknown')}</p>
          </Alert>
        </PageLayout>
      );
    return (
      <LoadErrorPage
        title={t('missing.title')}
        alertTitle={t('loadFailed')}
        error={query.error}
        retry={() => void query.refetch()}
        width="form"
      />
    );
  }
  const view = query.data;
  if (step !== null && !view.survey.open)
    return (
      <PageLayout title={view.survey.title} width="form">
        <ClosedNotice view={view} surveyId={surveyId} />
      </PageLayout>
    );
  return (
    <>
      {claim.notice ? (
        <div className={styles.notice}>
          <Alert tone="info">
            <p>{claim.notice}</p>
          </Alert>
        </div>
      ) : null}
      {children(view, surveyId)}
    </>
  );
}

/** The survey does not take answers today: when it did or will, and the way back to its page. */
export function ClosedNotice({ view, surveyId }: { view: SurveyAnswerView; surveyId: string | null }) {
  const { t } = useTranslation('survey');
  const language = currentLanguage();
  const period = {
    from: formatDate(view.survey.opens_on, language),
    to: formatDate(view.survey.closes_on, language),
  };
  return (
    <Alert tone="warning" title={t('closed.title')} announce="none">
      <p>{t('closed.body', period)}</p>
      {surveyId ? (
        <LinkButton variant="secondary" size="small" href={paths.surveys.survey.getHref({ id: surveyId })}>
          {t('closed.back')}
        </LinkButton>
      ) : null}
    </Alert>
  );
}

/** "Step 2 of 3" above a step's form. */
export function StepCounter({ step }: { step: SurveyStep }) {
  const { t } = useTranslation('survey');
  return (
    <p className={styles.counter}>
      {t('steps.counter', { step: SURVEY_STEPS.indexOf(step) + 1, total: SURVEY_STEPS.length })}
    </p>
  );
}
