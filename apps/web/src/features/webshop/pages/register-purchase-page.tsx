import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { plateFromSearch } from '../../../lib/plate-param.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useClubMembership } from '../api/get-club-membership.ts';
import { useClubOffer } from '../api/get-club-offer.ts';
import { usePricingTable } from '../api/get-pricing-table.ts';
import { useProducts } from '../api/get-products.ts';
import { ClubLink } from '../components/club-link.tsx';
import { PlansSection } from '../components/plan-card.tsx';
import { ProductCard } from '../components/product-card.tsx';
import { addItem, readBasket, writeBasket } from '../lib/basket.ts';
import styles from '../webshop.module.css';

const CLUB = 'naf';

/**
 * /app/bikes/register/purchase — choose a plan (the pricing table for the signed-in person: the plans
 * of their region, their current plan), then its checkout. With an active subscription whose
 * registrations are used, one more registration is bought once instead: by a NAF member whose
 * number NAF's list confirms, on the NAF page at the member price. A one-time registration (NAF's,
 * a voucher's) is said not to renew.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'club', 'common']);
  const navigate = useNavigate();
  const [search] = useSearchParams();
  // A sticker scanned before subscribing (the sticker journey): kept for the first bike.
  const plate = plateFromSearch(search);
  const table = usePricingTable();
  const products = useProducts(undefined);
  // NAF is Norway's club: its members buy at the member price on the NAF page.
  const isNorway = table.data?.region === 'no';
  const membership = useClubMembership(CLUB, { enabled: isNorway });
  const clubOffer = useClubOffer(CLUB, { enabled: isNorway });
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
  const renews = table.data.renews;
  const periodEnd = table.data.current_period_end;
  const periodDate = periodEnd ? formatDate(periodEnd, i18n.language) : null;
  // A one-time registration (NAF's, a voucher's) ends with its period: nothing renews.
  const periodText = !renews
    ? periodDate
      ? t('status.oneTimeUntil', { date: periodDate })
      : t('status.oneTime')
    : periodDate
      ? t(table.data.cancel_at_period_end ? 'status.endsOn' : 'status.renewsOn', { date: periodDate })
      : null;
  const clubExtra =
    membership.data?.membership === 'confirmed'
      ? clubOffer.data?.items.find((item) => item.role === 'extra_registration')
      : undefined;

  return (
    <PageLayout
      title={t('purchase.title')}
      lead={
        active ? (renews ? t('purchase.leadActive') : t('purchase.leadActiveOneTime')) : t('purchase.lead')
      }
    >
      {active && table.data.current_plan ? (
        <Alert
          tone="info"
          announce="none"
          title={renews ? t(`purchase.currentPlan.${table.data.current_plan}`) : t('purchase.oneTimeTitle')}
        >
          {periodText ? <p>{periodText}</p> : null}
        </Alert>
      ) : null}
      {active && clubExtra ? (
        <section className={styles.section} aria-labelledby="club-extra-heading" data-testid="club-extra">
          <h2 id="club-extra-heading" className={styles.sectionHeading}>
            {t('club:links.extraTitle')}
          </h2>
          <p>
            {t('club:links.extraText', {
              amount: formatMoney(
                clubExtra.price_after.amount_minor,
                clubExtra.price_after.currency,
                i18n.language,
              ),
            })}
          </p>
          <LinkButton href={paths.app.bikesRegisterPurchaseClub.getHref()}>
            {t('club:links.extraButton')}
          </LinkButton>
        </section>
      ) : active && registration ? (
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
      {isNorway && !clubExtra ? <ClubLink /> : null}
      <p>
        <Link href={paths.public.webshop.getHref()}>{t('purchase.toShop')}</Link>
      </p>
    </PageLayout>
  );
}
