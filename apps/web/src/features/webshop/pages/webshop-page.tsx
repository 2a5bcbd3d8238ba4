import type { Region } from '@nbr/domain/locale';
import { isRegion } from '@nbr/domain/locale-values';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { pageData, pageLanguage, pageRegion } from '../../../lib/page-data.ts';
import { useRegion } from '../../../lib/region.ts';
import { useSession } from '../../../lib/session.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { productsQueryOptions, useProducts } from '../api/get-products.ts';
import { Catalogue } from '../components/catalogue.tsx';
import { ClubLink } from '../components/club-link.tsx';
import { priceBasket, useBasket } from '../lib/basket.ts';
import styles from '../webshop.module.css';

/** The region a shared link names (?region=no), else this device's (the server's: the request's). */
function regionOf(asked: string | null, deviceRegion: Region): Region {
  return isRegion(asked) ? asked : deviceRegion;
}

/**
 * The catalogue the page shows first, as useProducts asks for it: a visitor's region's, in the
 * page's language. The server paints for a visitor; in the browser a signed-in person's own.
 */
export const loader = pageData((args, fetch) => {
  // The page's language and region: the painted request's on the server (a visitor's), the app's in
  // the browser (lib/page-data.ts).
  const region = regionOf(new URL(args.request.url).searchParams.get('region'), pageRegion(args));
  return [fetch(productsQueryOptions(sessionStore.getClaims() ? undefined : region, pageLanguage(args)))];
});

/**
 * /webshop — the catalogue of the visitor's region (a signed-in person's own region, which the API
 * knows), prices in whole kroner incl. VAT, and the basket of one-time goods. Buying needs an
 * account: the checkout sends a visitor to log in or sign up and back.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const { isLoggedIn } = useSession();
  const { region: deviceRegion, regions, setRegion } = useRegion();
  const [search, setSearch] = useSearchParams();
  // A shared link may name the region (?region=no); otherwise a visitor sees this device's choice.
  const asked = search.get('region');
  const region = regionOf(asked, deviceRegion);
  const products = useProducts(isLoggedIn ? undefined : region);
  const basket = useBasket();
  const shownRegion: Region = products.data?.[0]?.region ?? region;
  const priced = priceBasket(basket.items, products.data ?? []);
  const itemCount = priced.lines.reduce((sum, line) => sum + line.quantity, 0);

  return (
    <PageLayout title={t('catalogue.title')} lead={t('catalogue.lead')}>
      <div className={styles.toolbar}>
        {isLoggedIn ? (
          <p className={styles.muted}>
            {t('catalogue.yourRegion', { region: t(`catalogue.regions.${shownRegion}`) })}{' '}
            <Link href={`${paths.app.settings.getHref()}#preferences`}>{t('catalogue.changeRegion')}</Link>
          </p>
        ) : (
          <Select
            label={t('catalogue.region')}
            options={regions.map((code) => ({ value: code, label: t(`catalogue.regions.${code}`) }))}
            value={region}
            onChange={(value) => {
              setRegion(value as Region);
              if (asked) setSearch({}, { replace: true });
            }}
          />
        )}
      </div>
      {products.isError && !products.data ? (
        <LoadError
          title={t('catalogue.loadFailed')}
          error={products.error}
          retry={() => void products.refetch()}
        />
      ) : !products.data ? (
        <LoadingState />
      ) : (
        <>
          {priced.lines.length > 0 && priced.currency ? (
            <Alert tone="info" title={t('basket.title')} announce="auto">
              <p data-testid="basket-summary">
                {t('basket.summary', {
                  count: itemCount,
                  amount: formatMoney(priced.totalMinor, priced.currency, i18n.language),
                })}
              </p>
              <div className={styles.actions}>
                <LinkButton href={paths.public.checkout.getHref({ orderFamily: 'shop' })}>
                  {isLoggedIn ? t('basket.toCheckout') : t('basket.signInToBuy')}
                </LinkButton>
              </div>
            </Alert>
          ) : null}
          <Catalogue
            products={products.data}
            onAdd={(product) => basket.add(product.id)}
            isLoggedIn={isLoggedIn}
          />
          <p className={styles.muted}>{t('catalogue.vatNote')}</p>
          {shownRegion === 'no' ? <ClubLink /> : null}
          {isLoggedIn ? (
            <p>
              <Link href={paths.app.orders.getHref()}>{t('orders.link')}</Link>
            </p>
          ) : null}
        </>
      )}
    </PageLayout>
  );
}
