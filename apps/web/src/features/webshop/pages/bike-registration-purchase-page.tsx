import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useProducts } from '../api/get-products.ts';
import { CardCheckout } from '../components/card-checkout.tsx';
import { useBikeCredit } from '../hooks/use-bike-credit.ts';
import styles from '../webshop.module.css';

/**
 * /app/my-bikes/{bikeId}/registration-purchase — a bike without a registration gets one: a free
 * credit of the person's, a voucher, or a registration bought for this bike (it goes onto the bike
 * as soon as the provider confirms the payment).
 */
export function Component() {
  const { t } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const state = useBikeCredit(bikeId);
  const products = useProducts(undefined);
  const title = t('bikePurchase.title');
  if (state.error || (products.isError && !products.data))
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('bikePurchase.loadFailed')}
        error={state.error ?? products.error}
        retry={() => {
          state.retry();
          void products.refetch();
        }}
      />
    );
  if (state.isLoading || !products.data || !state.bike.data) return <LoadingState />;
  const bike = state.bike.data;
  const registration = products.data.find((product) => product.kind === 'registration');

  return (
    <PageLayout title={title} lead={t('bikePurchase.lead', { name: bike.nickname })} width="form">
      {state.creditOnBike ? (
        <Alert tone="success" title={t('bikePurchase.hasCredit')}>
          <p>
            <Link href={paths.app.bike.getHref({ bikeId })}>
              {t('bikePurchase.toBike', { name: bike.nickname })}
            </Link>
          </p>
        </Alert>
      ) : (
        <>
          {state.freeCredits.length > 0 ? (
            <Alert tone="info" title={t('bikePurchase.freeCreditTitle')} announce="none">
              <p>{t('bikePurchase.freeCredit', { count: state.freeCredits.length })}</p>
              <LinkButton href={paths.app.bikeAttachExistingCredit.getHref({ bikeId })}>
                {t('attach.submit')}
              </LinkButton>
            </Alert>
          ) : null}
          {registration ? (
            <CardCheckout
              lines={[
                { product: registration, quantity: 1, bikeId, totalMinor: registration.price.amount_minor },
              ]}
              region={registration.region}
              startAt="summary"
            />
          ) : null}
          <div className={styles.panel}>
            <h2 className={styles.sectionHeading}>{t('purchase.haveCode')}</h2>
            <LinkButton variant="secondary" href={paths.app.bikeRedeemVoucher.getHref({ bikeId })}>
              {t('voucher.title')}
            </LinkButton>
          </div>
        </>
      )}
    </PageLayout>
  );
}
