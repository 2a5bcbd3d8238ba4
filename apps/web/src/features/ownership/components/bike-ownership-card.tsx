import type { Bike } from '@nbr/domain/bikes';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useTransfers } from '../../../lib/api/ownership/transfers.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useVerification } from '../api/verification.ts';
import { notTransferableReason } from '../lib/transferability.ts';
import styles from '../ownership.module.css';
import { VerificationStatusBadge } from './status-badges.tsx';

/**
 * On the owner's bike page: give the bike away (or why that is not possible yet, and a pending offer
 * if there is one), and how far proving ownership has come.
 */
export function BikeOwnershipCard({ bike }: { bike: Bike }) {
  const { t } = useTranslation('ownership');
  const reason = notTransferableReason(bike);
  const transfers = useTransfers();
  const verification = useVerification(bike.bike_id);
  const pending = transfers.data?.find(
    (transfer) =>
      transfer.direction === 'outgoing' &&
      transfer.status === 'pending' &&
      transfer.bike.bike_id === bike.bike_id,
  );
  const status = verification.data?.status;

  return (
    <Card title={t('bikePage.title')} id="bike-ownership">
      <h3 className={styles.subheading}>{t('bikePage.transferTitle')}</h3>
      {bike.frame_number_locked ? <p className={styles.hint}>{t('bikePage.frameLocked')}</p> : null}
      {pending ? (
        <>
          <p className={styles.breakAnywhere}>
            {pending.recipient_email
              ? t('transfer.alreadyPending', { email: pending.recipient_email })
              : t('transfer.alreadyPendingRequester')}
          </p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.bikesOwnershipPortal.getHref()} variant="secondary" size="small">
              {t('transfer.seePending')}
            </LinkButton>
          </div>
        </>
      ) : reason ? (
        <>
          <p>{t(`transfer.reasons.${reason}`)}</p>
          {reason === 'stolen' ? null : (
            <div className={styles.actions}>
              <LinkButton
                href={paths.app.bikeEdit.getHref({ bikeId: bike.bike_id })}
                variant="secondary"
                size="small"
              >
                {t(`transfer.addMissing.${reason}`)}
              </LinkButton>
            </div>
          )}
        </>
      ) : (
        <>
          <p>{t('bikePage.transferText')}</p>
          <div className={styles.actions}>
            <LinkButton
              href={paths.app.bikeTransferOwnership.getHref({ bikeId: bike.bike_id })}
              variant="secondary"
            >
              {t('bikePage.transfer')}
            </LinkButton>
          </div>
        </>
      )}

      <h3 className={styles.subheading}>{t('bikePage.verifyTitle')}</h3>
      <p className={styles.statusLine}>
        <span>{t('verify.statusLabel')}</span>
        {bike.owner_verified ? (
          <VerificationStatusBadge status="approved" />
        ) : status ? (
          <VerificationStatusBadge status={status} />
        ) : null}
      </p>
      {!bike.owner_verified && status !== 'approved' ? (
        <div className={styles.actions}>
          <LinkButton
            href={paths.app.verifyOwnershipFrame.getHref({ bikeId: bike.bike_id })}
            variant="secondary"
            size="small"
          >
            {status === 'submitted' ? t('bikePage.verifySeeStatus') : t('bikePage.verify')}
          </LinkButton>
        </div>
      ) : null}
    </Card>
  );
}
