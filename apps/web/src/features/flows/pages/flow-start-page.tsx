import type { FlowWalk } from '@nbr/domain/flows';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useFlowDraft } from '../api/get-flow-draft.ts';
import { getWalk, walkQueryKey } from '../api/get-walk.ts';
import { startWalk } from '../api/start-walk.ts';
import styles from '../flows.module.css';
import { flowText } from '../lib/flow-text.ts';
import { PREVIEW_PARAM, PREVIEW_VALUE, storePreviewAnswers } from '../lib/preview.ts';
import { readStoredWalk, storeWalk } from '../lib/walk-store.ts';

type Outcome = { kind: 'finished'; walk: FlowWalk } | { kind: 'failed'; error: unknown };

/**
 * /flows/{memo} and the poster address /{memo}: continues this browser's walk through the flow where it
 * was left, or begins one, and leads to its step. A finished walk shows its end. An unknown or
 * unpublished flow is the 404 page (the server answered 404 too).
 */
export function Component() {
  const { t, i18n } = useTranslation(['flows', 'common']);
  const { fullyQualifiedFlowMemo: memo = '' } = useParams();
  const [search] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { isLoggedIn } = useSession();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [attempt, setAttempt] = useState(0);
  const started = useRef<string | null>(null);
  const preview = search.get(PREVIEW_PARAM) === PREVIEW_VALUE;

  useEffect(() => {
    const run = `${memo}#${attempt}`;
    if (started.current === run) return;
    started.current = run;
    if (preview) return;
    const goTo = (walk: FlowWalk) => {
      queryClient.setQueryData(walkQueryKey(walk.id), walk);
      if (walk.finished || walk.resume_step === null) {
        setOutcome({ kind: 'finished', walk });
        return;
      }
      void navigate(paths.flows.step.getHref({ fullyQualifiedFlowMemo: memo, stepMemo: walk.resume_step }), {
        replace: true,
      });
    };
    void (async () => {
      try {
        const stored = readStoredWalk(memo);
        if (stored) {
          try {
            goTo(await getWalk(stored));
            return;
          } catch (error) {
            // A walk the server no longer knows (or another browser's token): begin anew.
            if (!(isApiError(error) && error.status === 404)) throw error;
            storeWalk(memo, null);
          }
        }
        const begun = await startWalk(memo);
        storeWalk(memo, { walkId: begun.walk.id, token: begun.token });
        goTo(begun.walk);
      } catch (error) {
        setOutcome({ kind: 'failed', error });
      }
    })();
  }, [memo, attempt, preview, navigate, queryClient]);

  if (preview) return <PreviewStart memo={memo} />;
  if (outcome?.kind === 'failed') {
    // The route's error boundary shows the 404 page for a flow that is not there.
    if (isApiError(outcome.error) && outcome.error.code === 'flow_not_found') throw outcome.error;
    return (
      <LoadErrorPage
        title={t('start.title')}
        alertTitle={t('start.loadFailed')}
        error={outcome.error}
        retry={() => {
          setOutcome(null);
          setAttempt((value) => value + 1);
        }}
      />
    );
  }
  if (outcome?.kind === 'finished') {
    const { walk } = outcome;
    return (
      <PageLayout
        title={flowText(walk.definition.title, i18n.language)}
        lead={t('finished.lead')}
        width="form"
      >
        <div className={styles.finished}>
          <p>{t('finished.body')}</p>
          <div className={styles.actions}>
            {isLoggedIn ? (
              <LinkButton href={paths.app.myBikes.getHref()}>{t('finished.myBikes')}</LinkButton>
            ) : (
              <LinkButton href={paths.public.home.getHref()}>{t('common:actions.goHome')}</LinkButton>
            )}
            <Button
              variant="secondary"
              onPress={() => {
                storeWalk(memo, null);
                setOutcome(null);
                setAttempt((value) => value + 1);
              }}
            >
              {t('finished.startAgain')}
            </Button>
          </div>
        </div>
      </PageLayout>
    );
  }
  return <LoadingState label={t('start.loading')} />;
}

/** The preview of the draft begins afresh at its first step. */
function PreviewStart({ memo }: { memo: string }) {
  const { t } = useTranslation('flows');
  const navigate = useNavigate();
  const draft = useFlowDraft(memo, true);
  const first = draft.data?.draft.steps[0]?.memo;
  useEffect(() => {
    if (!first) return;
    storePreviewAnswers(memo, null);
    void navigate(
      paths.flows.step.getHref(
        { fullyQualifiedFlowMemo: memo, stepMemo: first },
        { [PREVIEW_PARAM]: PREVIEW_VALUE },
      ),
      { replace: true },
    );
  }, [first, memo, navigate]);
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
  return <LoadingState label={t('start.loading')} />;
}
