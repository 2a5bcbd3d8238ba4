import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useTheftDraft } from '../api/theft-report.ts';
import { SectionList } from '../components/section-list.tsx';
import { draftToFormValues, previewDraft } from '../lib/theft-form.ts';
import { mergeLocalDraft, readLocalTheftDraft, theftDraftKey } from '../lib/theft-local-draft.ts';
import { resumeStep, withOpenSteps } from '../lib/theft-steps.ts';
import styles from '../theft.module.css';

/**
 * /app/my-bikes/{bikeId}/report-stolen — the overview of the theft report: each section with its
 * status (a red exclamation on missing ones, locked ones shown locked) and a button that goes on
 * where the person left off.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t, i18n } = useTranslation(['theft', 'common']);
  const location = useLocation();
  const { claims } = useSession();
  const bike = useBike(bikeId);
  const draft = useTheftDraft(bikeId);
  const key = theftDraftKey(claims?.party_id ?? 'unknown', bikeId);

  // What is typed on this device but not saved yet counts too: it comes back on the steps.
  const shown = useMemo(() => {
    if (!draft.data) return null;
    const merged = mergeLocalDraft(
      draftToFormValues(draft.data),
      draft.data.saved_at,
      readLocalTheftDraft(key),
    );
    return {
      draft: merged.restored ? previewDraft(merged.values, draft.data) : draft.data,
      local: merged.restored,
    };
  }, [draft.data, key]);

  if (isApiError(draft.error) && draft.error.code === 'bike_already_stolen')
    return <Navigate replace to={paths.app.bikeStolenBikeReport.getHref({ bikeId })} />;
  const failed = (bike.isError && !bike.data && bike.error) || (draft.isError && !draft.data && draft.error);
  if (failed)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('overview.titleFallback')}
        error={failed}
        retry={() => void Promise.all([bike.refetch(), draft.refetch()])}
      />
    );
  if (!bike.data || !draft.data || !shown) return <LoadingState />;

  const started = draft.data.saved_at !== null;
  const resume = resumeStep(withOpenSteps(draft.data));
  const justSaved = (location.state as { saved?: boolean } | null)?.saved === true;

  return (
    <PageLayout
      title={t('overview.title', { name: bike.data.nickname })}
      lead={t('overview.lead')}
      width="form"
    >
      {justSaved ? (
        <Alert tone="success">
          <p>{t('overview.saved')}</p>
        </Alert>
      ) : null}
      {shown.local ? (
        <Alert tone="info" announce="none">
          <p>{t('overview.localChanges')}</p>
        </Alert>
      ) : null}
      <Card title={t('overview.sectionsTitle')} id="report-sections">
        <SectionList bikeId={bikeId} draft={shown.draft} labelledBy="report-sections-heading" />
        {started && draft.data.saved_at ? (
          <p className={styles.muted}>
            {t('overview.savedAt', { date: formatDateTime(draft.data.saved_at, i18n.language) })}
          </p>
        ) : null}
        <div className={styles.actions}>
          <LinkButton href={paths.app.bikeReportStolenStep.getHref({ bikeId, step: resume })}>
            {started ? t('overview.continue') : t('overview.start')}
          </LinkButton>
          <LinkButton href={paths.app.bike.getHref({ bikeId })} variant="secondary">
            {t('overview.backToBike')}
          </LinkButton>
        </div>
      </Card>
      <Card title={t('overview.aboutTitle')} id="about-report">
        <p>{t('overview.aboutBody')}</p>
        <p className={styles.muted}>{t('overview.aboutPrivacy')}</p>
      </Card>
    </PageLayout>
  );
}
