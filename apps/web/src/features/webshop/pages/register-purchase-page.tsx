import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate } from '../../../lib/format.ts';
import { plateFromSearch } from '../../../lib/plate-param.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { useProducts } from '../api/get-products.ts';
import { PlansSection } from '../components/plan-card.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { addItem, readBasket, writeBasket } from '../lib/basket.ts';
import styles from '../webshop.module.css';

/**
 * /app/bikes/register/purchase — choose a plan (the pricing table for the signed-in person: the plans
 * of their region, their current plan), then its checkout. With an active subscription whose
 * registrations are used, one more registration is bought once instead.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A sticker scanned before subscribing (the sticker journey): kept for the first bike.
  const plate = plateFromSearch(search);
  const table = usePricingTable();
  const products = useProducts(undefined);
  if ((table.isError && !table.data) || (products.isError && !products.data))
    return (
      <LoadErrorPage
        title={t('purchase.title')}
        alertTitle={t('catalogue.loadFailed')}
        error={table.error ?? products.error}
        retry={() => {
          void table.refetch();
          void products.refetch();
        }}
      />
    );
  if (!table.data || !products.data) return <LoadingState />;
  const registration = products.data.find((product) => product.kind === 'registration');
  const active = table.data.subscription_active;

  return (
    <PageLayout title={t('purchase.title')} lead={active ? t('purchase.leadActive') : t('purchase.lead')}>
      {active && table.data.current_plan ? (
        <Alert tone="info" announce="none" title={t(`purchase.currentPlan.${table.data.current_plan}`)}>
          {table.data.current_period_end ? (
            <p>
              {table.data.cancel_at_period_end
                ? t('status.endsOn', { date: formatDate(table.data.current_period_end, i18n.language) })
                : t('status.renewsOn', { date: formatDate(table.data.current_period_end, i18n.language) })}
            </p>
          ) : null}
        </Alert>
      ) : null}
      {active && registration ? (
        <section className={styles.section} aria-labelledby="extra-heading">
          <h2 id="extra-heading" className={styles.sectionHeading}>
            {t('purchase.extraTitle')}
          </h2>
          <div className={styles.grid}>
            <ProductCard
              product={registration}
              action={
                <Button
                  onPress={() => {
                    writeBasket(addItem(readBasket(), registration.id));
                    void navigate(paths.public.checkout.getHref({ orderFamily: 'shop' }));
                  }}
                >
                  {t('purchase.buyExtra')}
                </Button>
              }
            />
          </div>
        </section>
      ) : null}
      {!active && plate ? (
        <Alert tone="info" announce="none" title={t('purchase.plateTitle')}>
          <p>{t('purchase.plate', { plate })}</p>
        </Alert>
      ) : null}
      {!active ? <PlansSection plans={table.data.plans} plate={plate} /> : null}
      <div className={styles.panel}>
        <h2 className={styles.sectionHeading}>{t('purchase.haveCode')}</h2>
        <p>{t('purchase.haveCodeText')}</p>
        <LinkButton
          variant="secondary"
          href={paths.app.bikesRegisterRedeem.getHref(plate ? { plate } : undefined)}
        >
          {t('voucher.title')}
        </LinkButton>
      </div>
      <p>
        <Link href={paths.public.webshop.getHref()}>{t('purchase.toShop')}</Link>
      </p>
    </PageLayout>
  );
}
