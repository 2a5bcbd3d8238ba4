import type { InsuranceVerificationQueue } from '@nbr/domain/insurance';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useInsuranceVerifications } from '../api/list-insurance-verifications.ts';
import styles from '../insurance-verification.module.css';

type Item = InsuranceVerificationQueue['items'][number];

function QueueItem({ item }: { item: Item }) {
  const { t, i18n } = useTranslation('backoffice');
  const make = [item.bike.brand, item.bike.model].filter(Boolean).join(' ');
  const name = make ? `${item.bike.nickname} (${make})` : item.bike.nickname;
  return (
    <li className={styles.row}>
      <h3 className={styles.rowTitle}>{name}</h3>
      <p className={styles.muted}>
        {t('insuranceVerification.itemFacts', {
          insurer: item.insurer.name,
          holder: item.holder_name ?? t('insuranceVerification.noName'),
          date: item.submitted_at ? formatDate(item.submitted_at, i18n.language) : '–',
        })}
      </p>
      <div className={styles.actions}>
        <LinkButton
          size="small"
          href={paths.backoffice.v2InsuranceVerificationFrameNumber.getHref({
            insuredItemId: item.insured_item_id,
          })}
          aria-label={t('insuranceVerification.checkLabel', { name })}
        >
          {t('insuranceVerification.check')}
        </LinkButton>
      </div>
    </li>
  );
}

/**
 * The insured bikes waiting for our check, oldest sent first, with how many wait per insurer;
 * `insurerPartyId` narrows it to one insurer, `insurerHref` makes each count a link.
 */
export function InsuranceVerificationQueueView({
  insurerPartyId,
  insurerHref,
}: {
  insurerPartyId: string | null;
  insurerHref: (insurerPartyId: string) => string;
}) {
  const { t } = useTranslation('backoffice');
  const queue = useInsuranceVerifications(insurerPartyId);
  if (queue.isError && !queue.data)
    return (
      <LoadError
        title={t('insuranceVerification.loadFailed')}
        error={queue.error}
        retry={() => void queue.refetch()}
      />
    );
  if (!queue.data) return <LoadingState />;
  const { insurers, items } = queue.data;
  return (
    <div className={styles.stack}>
      <section aria-labelledby="insurance-verification-counts">
        <h2 id="insurance-verification-counts">{t('insuranceVerification.perInsurer')}</h2>
        {insurers.length === 0 ? (
          <p className={styles.muted}>{t('insuranceVerification.nothingWaiting')}</p>
        ) : (
          <ul className={styles.counts}>
            {insurers.map((insurer) => (
              <li key={insurer.party_id}>
                <Link
                  href={insurerHref(insurer.party_id)}
                  aria-current={insurer.party_id === insurerPartyId ? 'page' : undefined}
                >
                  {t('insuranceVerification.count', { insurer: insurer.name, count: insurer.pending })}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
      <section aria-labelledby="insurance-verification-items">
        <h2 id="insurance-verification-items">{t('insuranceVerification.waiting')}</h2>
        {items.length === 0 ? (
          <p className={styles.muted}>{t('insuranceVerification.empty')}</p>
        ) : (
          <ul className={styles.list}>
            {items.map((item) => (
              <QueueItem key={item.insured_item_id} item={item} />
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
