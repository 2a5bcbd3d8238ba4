import type { BikeSummary } from '@nbr/domain/bikes';
import type { TheftReportDraft } from '@nbr/domain/theft';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { BikeThumbnail } from '../../../components/bike/bike-thumbnail.tsx';
import { StatusBadge } from '../../../components/bike/status-badge.tsx';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { theftDraftQueryOptions } from '../api/theft-report.ts';
import { resumeStep } from '../lib/theft-steps.ts';
import styles from '../theft.module.css';

function BikeItem({ bike, draft }: { bike: BikeSummary; draft: TheftReportDraft | undefined }) {
  const { t } = useTranslation(['theft', 'common']);
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  const stolen = bike.status === 'stolen';
  const started = Boolean(draft?.saved_at);
  return (
    <li className={styles.bikeItem}>
      <BikeThumbnail url={bike.thumbnail_url} />
      <div className={styles.bikeItemBody}>
        <div className={styles.bikeItemHeader}>
          <h2 className={styles.bikeItemTitle}>{bike.nickname}</h2>
          <StatusBadge status={bike.status} />
        </div>
        {make ? <p className={styles.muted}>{make}</p> : null}
        {stolen ? <p className={styles.muted}>{t('chooseBike.stolenText')}</p> : null}
        {!stolen && started ? <p className={styles.muted}>{t('chooseBike.draftText')}</p> : null}
        <div className={styles.actions}>
          {stolen ? (
            <LinkButton href={paths.app.bikeStolenBikeReport.getHref({ bikeId: bike.bike_id })} size="small">
              {t('chooseBike.seeReport')}
            </LinkButton>
          ) : started && draft ? (
            <LinkButton
              href={paths.app.bikeReportStolenStep.getHref({ bikeId: bike.bike_id, step: resumeStep(draft) })}
              size="small"
            >
              {t('chooseBike.continue')}
            </LinkButton>
          ) : (
            <LinkButton
              href={paths.app.bikeReportStolen.getHref({ bikeId: bike.bike_id })}
              size="small"
              variant="danger"
            >
              {t('chooseBike.report')}
            </LinkButton>
          )}
          {!stolen && started ? (
            <LinkButton
              href={paths.app.bikeReportStolen.getHref({ bikeId: bike.bike_id })}
              size="small"
              variant="secondary"
            >
              {t('chooseBike.overview')}
            </LinkButton>
          ) : null}
        </div>
      </div>
    </li>
  );
}

/**
 * /app/my-bikes/report-stolen ("Stolen bikes" in the sidebar): the person's bikes — the stolen ones
 * with their report, the others with "Report stolen" or, with a saved draft, "Continue your report".
 */
export function Component() {
  const { t } = useTranslation(['theft', 'common']);
  const bikes = useBikes();
  const registered = (bikes.data ?? []).filter((bike) => bike.status !== 'stolen');
  const drafts = useQueries({
    queries: registered.map((bike) => ({
      ...theftDraftQueryOptions(bike.bike_id),
      meta: { pageData: false },
    })),
  });
  const draftOf = new Map(registered.map((bike, index) => [bike.bike_id, drafts[index]?.data] as const));

  if (bikes.isPending) return <LoadingState />;
  if (bikes.isError) {
    return (
      <LoadErrorPage
        title={t('chooseBike.title')}
        alertTitle={t('loadFailed')}
        error={bikes.error}
        retry={() => void bikes.refetch()}
      />
    );
  }

  if (bikes.data.length === 0) {
    return (
      <PageLayout title={t('chooseBike.title')}>
        <Card title={t('chooseBike.emptyTitle')} id="no-bikes">
          <p>{t('chooseBike.emptyBody')}</p>
          <LinkButton href={paths.app.bikesRegister.getHref()}>{t('chooseBike.register')}</LinkButton>
        </Card>
      </PageLayout>
    );
  }

  const stolen = bikes.data.filter((bike) => bike.status === 'stolen');
  const ordered = [...stolen, ...registered];
  // Drafts load after the list; a bike shows "Report stolen" until its draft says otherwise.
  const draftsLoading = drafts.some((query) => query.isPending);

  return (
    <PageLayout title={t('chooseBike.title')} lead={t('chooseBike.lead')}>
      {draftsLoading ? <LoadingState /> : null}
      {!draftsLoading ? (
        <ul className={styles.bikeList}>
          {ordered.map((bike) => (
            <BikeItem key={bike.bike_id} bike={bike} draft={draftOf.get(bike.bike_id)} />
          ))}
        </ul>
      ) : null}
      <div className={styles.mapLink}>
        <p className={styles.muted}>{t('chooseBike.mapHint')}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.public.stolenBikeMap.getHref()} variant="secondary">
            {t('chooseBike.map')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
