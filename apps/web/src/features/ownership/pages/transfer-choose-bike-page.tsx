import type { BikeSummary } from '@nbr/domain/bikes';
import type { Transfer } from '@nbr/domain/ownership';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBikes } from '../../../lib/api/bikes/get-bikes.ts';
import { useTransfers } from '../../../lib/api/ownership/transfers.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { OwnershipBikeSummary, useOwnershipBikeTitle } from '../components/ownership-bike.tsx';
import { notTransferableReason } from '../lib/transferability.ts';
import styles from '../ownership.module.css';

function pendingTransferOf(bikeId: string, transfers: Transfer[] | undefined): Transfer | undefined {
  return transfers?.find(
    (transfer) =>
      transfer.direction === 'outgoing' && transfer.status === 'pending' && transfer.bike.bike_id === bikeId,
  );
}

function TransferableBike({ bike, pending }: { bike: BikeSummary; pending: Transfer | undefined }) {
  const { t } = useTranslation('ownership');
  const title = useOwnershipBikeTitle()(bike);
  return (
    <li className={styles.item}>
      <OwnershipBikeSummary bike={{ ...bike, thumbnail_url: bike.thumbnail_url }} headingLevel={3} />
      {pending ? (
        <>
          <p className={styles.itemMeta}>
            {pending.recipient_email
              ? t('transfer.alreadyPending', { email: pending.recipient_email })
              : t('transfer.alreadyPendingRequester')}
          </p>
          <div className={styles.itemActions}>
            <LinkButton href={paths.app.bikesOwnershipPortal.getHref()} variant="secondary" size="small">
              {t('transfer.seePending')}
            </LinkButton>
          </div>
        </>
      ) : (
        <div className={styles.itemActions}>
          <LinkButton
            href={paths.app.transferOwnershipChooseRecipient.getHref({ bikeId: bike.bike_id })}
            aria-label={t('transfer.chooseBikeLabel', { name: title })}
          >
            {t('transfer.chooseBike')}
          </LinkButton>
        </div>
      )}
    </li>
  );
}

function BlockedBike({ bike }: { bike: BikeSummary }) {
  const { t } = useTranslation('ownership');
  const reason = notTransferableReason(bike) ?? 'missingBoth';
  const title = useOwnershipBikeTitle()(bike);
  return (
    <li className={`${styles.item} ${styles.itemMuted}`}>
      <OwnershipBikeSummary bike={bike} headingLevel={3} />
      <p className={styles.itemMeta}>{t(`transfer.reasons.${reason}`)}</p>
      {reason === 'stolen' ? null : (
        <div className={styles.itemActions}>
          <LinkButton
            href={paths.app.bikeEdit.getHref({ bikeId: bike.bike_id })}
            variant="secondary"
            size="small"
            aria-label={t(`transfer.addMissingLabel.${reason}`, { name: title })}
          >
            {t(`transfer.addMissing.${reason}`)}
          </LinkButton>
        </div>
      )}
    </li>
  );
}

/**
 * /app/bikes/transfer-ownership — step 1 of giving a bike away: choose the bike. Only bikes with both
 * a plate and a frame number, not reported stolen, qualify; the others say why and how to fix it.
 */
export function Component() {
  const { t } = useTranslation(['ownership', 'common']);
  const bikes = useBikes();
  const transfers = useTransfers();

  if (bikes.isError && !bikes.data) {
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('transfer.chooseTitle')}
        error={bikes.error}
        retry={() => void bikes.refetch()}
      />
    );
  }
  if (!bikes.data) return <LoadingState />;

  const transferable = bikes.data.filter((bike) => notTransferableReason(bike) === null);
  const blocked = bikes.data.filter((bike) => notTransferableReason(bike) !== null);

  return (
    <PageLayout title={t('transfer.chooseTitle')} lead={t('transfer.chooseLead')}>
      <p className={styles.stepCounter}>{t('transfer.stepCounter', { step: 1, total: 3 })}</p>
      {transferable.length === 0 ? (
        <Alert tone="warning" title={t('transfer.noneTitle')} announce="none">
          <p>{bikes.data.length === 0 ? t('transfer.noBikesText') : t('transfer.noneText')}</p>
          {bikes.data.length === 0 ? (
            <LinkButton href={paths.app.bikesRegister.getHref()} variant="secondary" size="small">
              {t('transfer.registerBike')}
            </LinkButton>
          ) : null}
        </Alert>
      ) : (
        <section aria-labelledby="transferable-heading">
          <h2 id="transferable-heading" className={styles.sectionTitle}>
            {t('transfer.transferableTitle')}
          </h2>
          <ul className={styles.list}>
            {transferable.map((bike) => (
              <TransferableBike
                key={bike.bike_id}
                bike={bike}
                pending={pendingTransferOf(bike.bike_id, transfers.data)}
              />
            ))}
          </ul>
        </section>
      )}
      {blocked.length > 0 ? (
        <section aria-labelledby="blocked-heading" className={styles.section}>
          <h2 id="blocked-heading" className={styles.sectionTitle}>
            {t('transfer.blockedTitle')}
          </h2>
          <p className={styles.hint}>{t('transfer.blockedHint')}</p>
          <ul className={styles.list}>
            {blocked.map((bike) => (
              <BlockedBike key={bike.bike_id} bike={bike} />
            ))}
          </ul>
        </section>
      ) : null}
    </PageLayout>
  );
}
