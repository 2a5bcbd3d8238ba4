import type { Product } from '@nbr/domain/webshop';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../../lib/format.ts';
import styles from '../webshop.module.css';

/** A one-time product: its price incl. VAT, and for goods the delivery time (SPEC §9: 7–10 business days). */
export function ProductCard({ product, action }: { product: Product; action: ReactNode }) {
  const { t, i18n } = useTranslation('webshop');
  return (
    <article
      className={styles.product}
      id={`product-${product.handle}`}
      aria-labelledby={`product-${product.handle}-name`}
    >
      <h3 id={`product-${product.handle}-name`} className={styles.productName}>
        {product.name}
      </h3>
      <p className={styles.price}>
        {formatMoney(product.price.amount_minor, product.price.currency, i18n.language)}
      </p>
      <p className={styles.priceNote}>{t('price.inclVatOnce')}</p>
      <p>{product.description}</p>
      <ul className={styles.facts}>
        {product.kind === 'registration' ? <li>{t('product.registrationFact')}</li> : null}
        {product.kind === 'bikedna' ? <li>{t('product.bikednaFact')}</li> : null}
        {product.delivery_business_days ? (
          <li>{t('product.delivery', product.delivery_business_days)}</li>
        ) : null}
      </ul>
      <div className={styles.productActions}>{action}</div>
    </article>
  );
}
