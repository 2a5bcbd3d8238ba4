import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import type { VoucherRedemptionResult } from '../api/redeem-voucher.ts';
import { VoucherForm } from '../components/voucher-form.tsx';
import styles from '../webshop.module.css';

/** /app/my-bikes/{bikeId}/redeem-voucher — a voucher's registration straight onto this bike, without a card. */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const bike = useBike(bikeId);
  const [result, setResult] = useState<VoucherRedemptionResult | null>(null);
  const title = t('voucher.title');
  if (bike.isError && !bike.data)
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('bikePurchase.loadFailed')}
        error={bike.error}
        retry={() => void bike.refetch()}
      />
    );
  if (!bike.data) return <LoadingState />;
  const name = bike.data.nickname;
  return (
    <PageLayout title={title} lead={t('voucher.leadBike', { name })} width="form">
      {result ? (
        <>
          <Alert tone="success" title={t('voucher.redeemed')}>
            <p>
              {result.bike_id === bikeId
                ? t('voucher.onBike', { name })
                : t('voucher.creditsGranted', { count: result.credits_granted })}
            </p>
          </Alert>
          <div className={styles.stackedActions}>
            <LinkButton href={paths.app.bike.getHref({ bikeId })}>
              {t('bikePurchase.toBike', { name })}
            </LinkButton>
          </div>
        </>
      ) : (
        <div className={styles.panel}>
          <VoucherForm bikeId={bikeId} onRedeemed={setResult} />
        </div>
      )}
    </PageLayout>
  );
}
