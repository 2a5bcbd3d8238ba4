import type { BikeSummary } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState, Spinner } from '../../../ui/spinner.tsx';
import { useVerification } from '../api/verification.ts';
import { OwnershipBikeSummary, useOwnershipBikeTitle } from '../components/ownership-bike.tsx';
import { VerificationStatusBadge } from '../components/status-badges.tsx';
import styles from '../ownership.module.css';

function VerifyBike({ bike }: { bike: BikeSummary }) {
  const { t } = useTranslation(['ownership', 'common']);
  const title = useOwnershipBikeTitle()(bike);
  const verification = useVerification(bike.bike_id);
  const status = verification.data?.status;
  const action =
    status === 'not_started'
      ? 'start'
      : status === 'draft'
        ? 'continue'
        : status === 'rejected'
          ? 'correct'
          : null;
  return (
    <li className={styles.item}>
      <OwnershipBikeSummary bike={bike} headingLevel={2} />
      <p className={styles.statusLine}>
        <span>{t('verify.statusLabel')}</span>
        {status ? (
          <VerificationStatusBadge status={status} />
        ) : verification.isError ? (
          <span className={styles.muted}>{t('verify.statusUnknown')}</span>
        ) : (
          <Spinner label={t('common:shell.loading')} />
        )}
      </p>
      {action ? (
        <div className={styles.itemActions}>
          <LinkButton
            size="small"
            href={paths.app.verifyOwnershipFrame.getHref({ bikeId: bike.bike_id })}
            aria-label={t(`verify.actionsLabel.${action}`, { name: title })}
          >
            {t(`verify.actions.${action}`)}
          </LinkButton>
        </div>
      ) : null}
    </li>
  );
}

/** /app/bikes/verify-ownership — choose the bike to prove is yours; each shows how far it got. */
export function Component() {
  const { t } = useTranslation(['ownership', 'common']);
  const bikes = useBikes();
  if (bikes.isError && !bikes.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('verify.title')}
        error={bikes.error}
        retry={() => void bikes.refetch()}
      />
    );
  if (!bikes.data) return <LoadingState />;
  return (
    <PageLayout title={t('verify.title')} lead={t('verify.lead')}>
      {bikes.data.length === 0 ? (
        <Alert tone="info" title={t('verify.noBikesTitle')} announce="none">
          <p>{t('transfer.noBikesText')}</p>
          <LinkButton href={paths.app.bikesRegister.getHref()} variant="secondary" size="small">
            {t('transfer.registerBike')}
          </LinkButton>
        </Alert>
      ) : (
        <ul className={styles.list} aria-label={t('verify.listLabel')}>
          {bikes.data.map((bike) => (
            <VerifyBike key={bike.bike_id} bike={bike} />
          ))}
        </ul>
      )}
    </PageLayout>
  );
}
