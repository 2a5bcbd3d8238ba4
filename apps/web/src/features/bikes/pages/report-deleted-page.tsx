import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { bikeQueryOptions } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from '../bikes.module.css';

/** What the deletion hands this page (delete-bike.tsx): only then has a bike just been deleted here. */
export interface BikeDeletedState {
  deleted: true;
  nickname: string;
}

function deletedState(state: unknown): BikeDeletedState | null {
  const value = state as Partial<BikeDeletedState> | null;
  return value?.deleted === true ? { deleted: true, nickname: value.nickname ?? '' } : null;
}

/**
 * /app/my-bikes/{bikeId}/report-deleted — the bike, its documents and equipment are gone for good.
 * It says so only after the deletion brought the person here; opened by its address, it asks the
 * register and tells what is true: the bike is still there, or there is no bike of theirs here.
 */
export function Component() {
  const deleted = deletedState(useLocation().state);
  return deleted ? <Deleted nickname={deleted.nickname} /> : <OpenedByAddress />;
}

function Deleted({ nickname }: { nickname: string }) {
  const { t } = useTranslation('bikes');
  return (
    <PageLayout title={t('deleted.title')} width="form">
      <Alert tone="success" announce="none">
        <p>{nickname ? t('deleted.bodyNamed', { name: nickname }) : t('deleted.body')}</p>
      </Alert>
      <p>{t('deleted.permanent')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.myBikes.getHref()}>{t('deleted.toList')}</LinkButton>
        <LinkButton href={paths.app.bikesRegister.getHref()} variant="secondary">
          {t('deleted.registerAnother')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

function OpenedByAddress() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation('bikes');
  // A 404 is an answer here (no bike of theirs at this address), not the 404 page.
  const bike = useQuery({ ...bikeQueryOptions(bikeId), meta: { pageData: false } });
  if (bike.isPending) return <LoadingState />;
  if (bike.data) {
    return (
      <PageLayout title={t('deleted.notDeletedTitle')} width="form">
        <p>{t('deleted.notDeletedBody', { name: bike.data.nickname })}</p>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bike.getHref({ bikeId })}>
            {t('deleted.toBike', { name: bike.data.nickname })}
          </LinkButton>
          <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
            {t('deleted.toList')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }
  return (
    <PageLayout title={t('deleted.unknownTitle')} width="form">
      <p>{t('deleted.unknownBody')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.myBikes.getHref()}>{t('deleted.toList')}</LinkButton>
      </div>
    </PageLayout>
  );
}
