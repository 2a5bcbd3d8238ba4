import type { Region } from '@nbr/domain/locale';
import { isRegion } from '@nbr/domain/locale-values';
import type { Product, ProductKind } from '@nbr/domain/webshop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useProducts } from '../api/get-products.ts';
import styles from '../webshop.module.css';

/** The catalogue's sections, in this order. */
const SECTIONS: ReadonlyArray<{ key: string; kinds: readonly ProductKind[] }> = [
  { key: 'subscriptions', kinds: ['subscription'] },
  { key: 'registrations', kinds: ['registration'] },
  { key: 'extras', kinds: ['plates', 'bikedna'] },
];

function ProductCard({ product }: { product: Product }) {
  const { t, i18n } = useTranslation('webshop');
  const price = formatMoney(product.price.amount_minor, product.price.currency, i18n.language);
  const vat = new Intl.NumberFormat(i18n.language === 'no' ? 'nb-NO' : i18n.language, {
    style: 'currency',
    currency: product.price.currency,
  }).format(product.price.vat_minor / 100);
  return (
    <Card title={product.name} headingLevel={3} id={`product-${product.handle}`}>
      <p>{product.description}</p>
      <p className={styles.price}>
        <span className={styles.amount}>{price}</span>{' '}
        <span className={styles.per}>
          {product.period_months
            ? t('price.perPeriod', { count: product.period_months })
            : product.kind === 'plates' || product.kind === 'bikedna'
              ? t('price.each')
              : t('price.once')}
        </span>
      </p>
      <p className={styles.vat}>{t('price.vatIncluded', { vat })}</p>
      {product.credits > 0 ? <p>{t('credits', { count: product.credits })}</p> : null}
      {product.renews ? <p>{t('renews')}</p> : null}
      {product.delivery_business_days ? (
        <p>
          {t('delivery', {
            min: product.delivery_business_days.min,
            max: product.delivery_business_days.max,
          })}
        </p>
      ) : null}
    </Card>
  );
}

/**
 * /webshop — the catalogue: subscriptions, the extra registration, plates and the BikeDNA marking,
 * with prices in whole kroner including VAT (payments.md §4.1). The region is `?region=` when given,
 * else the signed-in person's (a visitor sees Denmark); links switch between the two.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const [searchParams] = useSearchParams();
  const asked = searchParams.get('region');
  const region: Region | null = isRegion(asked) ? asked : null;
  const products = useProducts(region, i18n.language);

  if (products.isPending) return <LoadingState />;
  if (products.isError) {
    return (
      <LoadErrorPage
        title={t('title')}
        alertTitle={t('loadFailed')}
        error={products.error}
        retry={() => void products.refetch()}
      />
    );
  }
  const shown = products.data[0]?.region ?? region ?? 'dk';
  const other: Region = shown === 'dk' ? 'no' : 'dk';
  return (
    <PageLayout title={t('title')} lead={t('lead')}>
      <p className={styles.regionSwitch}>
        {t('region.showing', { region: t(`region.${shown}`) })}{' '}
        <Link href={`${paths.public.webshop.getHref()}?region=${other}`}>
          {t('region.switch', { region: t(`region.${other}`) })}
        </Link>
      </p>
      {products.data.length === 0 ? <p>{t('empty')}</p> : null}
      {SECTIONS.map((section) => {
        const inSection = products.data.filter((product) => section.kinds.includes(product.kind));
        if (inSection.length === 0) return null;
        return (
          <section key={section.key} aria-labelledby={`webshop-${section.key}`} className={styles.section}>
            <h2 id={`webshop-${section.key}`}>{t(`sections.${section.key}`)}</h2>
            <div className={styles.grid}>
              {inSection.map((product) => (
                <ProductCard key={product.id} product={product} />
              ))}
            </div>
          </section>
        );
      })}
      <p className={styles.terms}>{t('withdrawal')}</p>
    </PageLayout>
  );
}
