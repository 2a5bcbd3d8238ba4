import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useActivateCredit } from '../api/activate-credit.ts';
import { useBikeCredit } from '../hooks/use-bike-credit.ts';
import styles from '../webshop.module.css';

/** /app/my-bikes/{bikeId}/attach-existing-credit — one of the person's free registrations goes onto this bike. */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const state = useBikeCredit(bikeId);
  const activate = useActivateCredit();
  const [failure, setFailure] = useState<string | null>(null);
  const title = t('attach.title');
  if (state.error)
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('bikePurchase.loadFailed')}
        error={state.error}
        retry={state.retry}
      />
    );
  if (state.isLoading || !state.bike.data) return <LoadingState />;
  const bike = state.bike.data;
  const free = state.freeCredits[0];

  const attach = async () => {
    if (!free) return;
    setFailure(null);
    try {
      await activate.mutateAsync({ creditId: free.id, bikeOwnershipId: bike.bike_ownership_id });
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <PageLayout title={title} lead={t('attach.lead', { name: bike.nickname })} width="form">
      {state.creditOnBike ? (
        <>
          <Alert tone="success" title={t('bikePurchase.hasCredit')}>
            <p>{t('attach.done', { name: bike.nickname })}</p>
          </Alert>
          <div className={styles.stackedActions}>
            <LinkButton href={paths.app.bike.getHref({ bikeId })}>
              {t('bikePurchase.toBike', { name: bike.nickname })}
            </LinkButton>
          </div>
        </>
      ) : free ? (
        <div className={styles.panel}>
          <p>{t('bikePurchase.freeCredit', { count: state.freeCredits.length })}</p>
          <ErrorSummary message={failure} />
          <Button onPress={() => void attach()} isPending={activate.isPending}>
            {t('attach.submit')}
          </Button>
        </div>
      ) : (
        <Alert tone="warning" title={t('attach.none')}>
          <p>{t('attach.noneText')}</p>
          <div className={styles.actions}>
            <LinkButton href={paths.app.bikeRegistrationPurchase.getHref({ bikeId })}>
              {t('attach.buy')}
            </LinkButton>
            <LinkButton variant="secondary" href={paths.app.bikeRedeemVoucher.getHref({ bikeId })}>
              {t('voucher.title')}
            </LinkButton>
          </div>
        </Alert>
      )}
    </PageLayout>
  );
}
