import type { FlowDefinition, StaffFlow } from '@nbr/domain/flows';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useUnsavedChangesGuard } from '../../../lib/unsaved-changes.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog, Dialog, DialogActions } from '../../../ui/dialog.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useStaffFlow } from '../api/get-flow.ts';
import { usePublishFlow, useSaveFlowDraft, useUnpublishFlow } from '../api/save-flow.ts';
import styles from '../backoffice-flows.module.css';
import { FlowEditor, type Problems } from '../components/flow-editor.tsx';
import { FlowFunnelCard } from '../components/flow-funnel.tsx';
import { describePlace } from '../components/place-names.ts';
import { nearestPlace, placeId, problemPath, sameDefinition } from '../flow-editing.ts';

/**
 * /backoffice/v2/flows/{memo}: one flow's draft in the editor (admins save it; every problem of a
 * refused save is shown at its place and listed on top), its preview, publishing and taking offline,
 * its versions and the funnel of each version.
 */
export function Component() {
  const { t } = useTranslation('backoffice-flows');
  const { memo = '' } = useParams();
  const flow = useStaffFlow(memo);
  const isAdmin = useProfile().data?.staff_role === 'admin';
  if (flow.isError) {
    return (
      <LoadErrorPage
        title={`/${memo}`}
        alertTitle={t('flow.loadFailed')}
        error={flow.error}
        retry={() => void flow.refetch()}
      />
    );
  }
  if (flow.isPending) {
    return (
      <PageLayout title={`/${memo}`}>
        <LoadingState />
      </PageLayout>
    );
  }
  return <FlowScreen flow={flow.data} isAdmin={isAdmin} />;
}

function FlowScreen({ flow, isAdmin }: { flow: StaffFlow; isAdmin: boolean }) {
  const { t, i18n } = useTranslation('backoffice-flows');
  const [draft, setDraft] = useState<FlowDefinition>(flow.draft);
  const isDirty = !sameDefinition(draft, flow.draft);
  const save = useSaveFlowDraft();
  const problems = useProblems(save.error);
  const blocker = useUnsavedChangesGuard(isDirty);

  return (
    <PageLayout title={flow.draft.title.da} lead={t('flow.lead', { memo: flow.memo })}>
      <div className={staffPage.stack}>
        <Link href={paths.backoffice.v2Flows.getHref()}>{t('flow.back')}</Link>
        <PublishCard flow={flow} isAdmin={isAdmin} isDirty={isDirty} />
        <Card title={isAdmin ? t('editor.title') : t('editor.titleReadOnly')} id="draft">
          <p className={styles.help}>
            {t('editor.lastSaved', { date: formatDateTime(flow.draft_updated_at, i18n.language) })}
          </p>
          <form
            className={styles.draftForm}
            aria-label={t('editor.title')}
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              if (!isAdmin) return;
              save.mutate(
                { memo: flow.memo, definition: draft },
                { onSuccess: (saved) => setDraft(saved.draft) },
              );
            }}
          >
            <SaveOutcome
              error={save.error}
              isSaved={save.isSuccess && !isDirty}
              definition={draft}
              submittedAt={save.submittedAt}
            />
            <FlowEditor definition={draft} onChange={setDraft} problems={problems} readOnly={!isAdmin} />
            {isAdmin ? (
              <div className={styles.saveBar}>
                <Button type="submit" isPending={save.isPending}>
                  {t('editor.save')}
                </Button>
                <span className={styles.saveState} aria-live="polite">
                  {isDirty ? t('editor.unsaved') : t('editor.noChanges')}
                </span>
                {isDirty ? (
                  <Button variant="quiet" onPress={() => setDraft(flow.draft)}>
                    {t('editor.discard')}
                  </Button>
                ) : null}
              </div>
            ) : null}
          </form>
        </Card>
        <FlowFunnelCard flow={flow} />
      </div>
      <Dialog
        isOpen={blocker.state === 'blocked'}
        onOpenChange={(isOpen) => {
          if (!isOpen && blocker.state === 'blocked') blocker.reset();
        }}
        title={t('leave.title')}
      >
        <p>{t('leave.body')}</p>
        <DialogActions>
          <Button variant="secondary" onPress={() => blocker.reset?.()}>
            {t('leave.stay')}
          </Button>
          <Button onPress={() => blocker.proceed?.()}>{t('leave.leave')}</Button>
        </DialogActions>
      </Dialog>
    </PageLayout>
  );
}

/** The problems of a refused save, by their place in the definition. */
function useProblems(error: unknown): Problems {
  return useMemo(() => {
    const problems = new Map<string, string[]>();
    if (!isApiError(error) || error.status !== 422) return problems;
    for (const issue of error.issues) {
      const path = problemPath(issue.loc);
      problems.set(path, [...(problems.get(path) ?? []), issue.msg]);
    }
    return problems;
  }, [error]);
}

/** Takes the reader to a problem's place: its first field, or the place itself. */
function goToPlace(path: string) {
  const place = nearestPlace(path, (candidate) => document.getElementById(placeId(candidate)) !== null);
  const element = place === null ? null : document.getElementById(placeId(place));
  if (!element) return;
  // A step, a route, a condition: the place itself, from its top. A field: the field.
  const isContainer = element.querySelector('[id^="flow-"]') !== null;
  const field = isContainer ? null : element.querySelector<HTMLElement>('input, textarea, button');
  element.scrollIntoView({ block: isContainer ? 'start' : 'center' });
  (field ?? element).focus({ preventScroll: true });
}

/**
 * What the last save came to: saved, or why not — for a refused definition every problem, each
 * linking to its place. It takes focus when a save fails, so the reader learns at once.
 */
function SaveOutcome({
  error,
  isSaved,
  definition,
  submittedAt,
}: {
  error: unknown;
  isSaved: boolean;
  definition: FlowDefinition;
  submittedAt: number;
}) {
  const { t } = useTranslation('backoffice-flows');
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (error && submittedAt) ref.current?.focus();
  }, [error, submittedAt]);
  if (isSaved) return <Alert tone="success" title={t('editor.saved')} />;
  if (!error) return null;
  if (!isApiError(error) || error.status !== 422 || error.issues.length === 0) {
    return (
      <Alert ref={ref} tone="error" title={t('editor.notSaved')} tabIndex={-1}>
        <p>{errorMessage(error, t)}</p>
      </Alert>
    );
  }
  return (
    <Alert
      ref={ref}
      tone="error"
      title={t('editor.problemsTitle', { number: error.issues.length })}
      tabIndex={-1}
    >
      <p>{t('editor.problemsLead')}</p>
      <ul className={styles.problemList} data-testid="flow-problems">
        {error.issues.map((issue) => {
          const path = problemPath(issue.loc);
          return (
            <li key={`${path} ${issue.type} ${issue.msg}`}>
              <a
                href={`#${placeId(path)}`}
                onClick={(event) => {
                  event.preventDefault();
                  goToPlace(path);
                }}
              >
                {describePlace(path, definition, t)}
              </a>
              : {issue.msg}
            </li>
          );
        })}
      </ul>
    </Alert>
  );
}

function PublishCard({ flow, isAdmin, isDirty }: { flow: StaffFlow; isAdmin: boolean; isDirty: boolean }) {
  const { t, i18n } = useTranslation('backoffice-flows');
  const publish = usePublishFlow();
  const unpublish = useUnpublishFlow();
  const [asking, setAsking] = useState<'publish' | 'unpublish' | null>(null);
  const nextVersion = Math.max(0, ...flow.versions.map((version) => version.version)) + 1;
  const preview = paths.flows.flow.getHref({ fullyQualifiedFlowMemo: flow.memo }, { preview: 'draft' });
  const live = paths.flows.flow.getHref({ fullyQualifiedFlowMemo: flow.memo });
  return (
    <Card title={t('publish.title')} id="publishing">
      <p data-testid="flow-running">
        {flow.published_version === null
          ? t('publish.notPublished')
          : t('publish.running', { version: flow.published_version })}
      </p>
      <p className={styles.help}>{t('publish.neverChanges')}</p>
      <div className={staffPage.actions}>
        <Link href={preview} external>
          {t('publish.preview')}
        </Link>
        {flow.published_version === null ? null : (
          <Link href={live} external>
            {t('publish.openLive', { memo: flow.memo })}
          </Link>
        )}
      </div>
      <p className={styles.help}>{t('publish.previewHelp')}</p>
      {isAdmin ? (
        <div className={staffPage.actions}>
          <Button isDisabled={isDirty} onPress={() => setAsking('publish')}>
            {t('publish.publish', { version: nextVersion })}
          </Button>
          {flow.published_version === null ? null : (
            <Button variant="danger" onPress={() => setAsking('unpublish')}>
              {t('publish.unpublish')}
            </Button>
          )}
        </div>
      ) : null}
      {isAdmin && isDirty ? <p className={styles.help}>{t('publish.saveFirst')}</p> : null}
      {publish.isSuccess && flow.published_version !== null ? (
        <Alert tone="success" title={t('publish.published', { version: flow.published_version })} />
      ) : null}
      {unpublish.isSuccess && flow.published_version === null ? (
        <Alert tone="success" title={t('publish.unpublished')} />
      ) : null}
      <h3 className={styles.groupHeading}>{t('publish.versions')}</h3>
      {flow.versions.length === 0 ? (
        <p>{t('publish.noVersions')}</p>
      ) : (
        <ul className={styles.versions} data-testid="flow-versions">
          {flow.versions.map((version) => (
            <li key={version.version}>
              <strong>{t('publish.version', { version: version.version })}</strong>
              {version.version === flow.published_version ? ` (${t('publish.isRunning')})` : ''} ·{' '}
              {formatDateTime(version.published_at, i18n.language)}
              {version.published_by ? (
                <>
                  {' · '}
                  <Link href={paths.backoffice.identity.getHref({ identityPartyId: version.published_by })}>
                    {t('publish.publishedBy')}
                  </Link>
                </>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        isOpen={asking === 'publish'}
        onOpenChange={(isOpen) => setAsking(isOpen ? 'publish' : null)}
        title={t('publish.confirmTitle', { version: nextVersion })}
        confirmLabel={t('publish.publish', { version: nextVersion })}
        onConfirm={() => {
          unpublish.reset();
          return publish.mutateAsync(flow.memo);
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('publish.confirmBody', { memo: flow.memo })}</p>
      </ConfirmDialog>
      <ConfirmDialog
        isOpen={asking === 'unpublish'}
        onOpenChange={(isOpen) => setAsking(isOpen ? 'unpublish' : null)}
        title={t('publish.unpublishTitle')}
        confirmLabel={t('publish.unpublish')}
        variant="danger"
        onConfirm={() => {
          publish.reset();
          return unpublish.mutateAsync(flow.memo);
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('publish.unpublishBody', { memo: flow.memo })}</p>
      </ConfirmDialog>
    </Card>
  );
}
