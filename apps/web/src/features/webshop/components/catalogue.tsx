import { mayBuyProduct, type Product } from '@nbr/domain/webshop';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { isBasketProduct } from '../lib/basket.ts';
import styles from '../webshop.module.css';
import { PlansSection } from './plan-card.tsx';
import { ProductCard } from './product-card.tsx';

/** The plans first, then what is bought once, then the add-on bought from a bike's page. */
export function Catalogue({
  products,
  onAdd,
  isLoggedIn,
}: {
  products: readonly Product[];
  onAdd: (product: Product) => void;
  isLoggedIn: boolean;
}) {
  const { t } = useTranslation('webshop');
  // The shop is a person's: the organisation plan is bought on the organisation's page (issue 27).
  const plans = products.filter(
    (product) => product.kind === 'subscription' && mayBuyProduct('person', product),
  );
  const once = products.filter(isBasketProduct);
  const addOns = products.filter((product) => product.kind === 'bikedna');
  return (
    <>
      <PlansSection plans={plans} lead={t('catalogue.plansLead')} />
      <section className={styles.section} aria-labelledby="once-heading">
        <h2 id="once-heading" className={styles.sectionHeading}>
          {t('catalogue.once')}
        </h2>
        <div className={styles.grid}>
          {once.map((product) => (
            <ProductCard
              key={product.id}
              product={product}
              action={
                <Button
                  variant="secondary"
                  onPress={() => onAdd(product)}
                  aria-label={t('catalogue.addNamed', { name: product.name })}
                >
                  {t('catalogue.add')}
                </Button>
              }
            />
          ))}
        </div>
      </section>
      {addOns.length > 0 ? (
        <section className={styles.section} aria-labelledby="addons-heading">
          <h2 id="addons-heading" className={styles.sectionHeading}>
            {t('catalogue.addOns')}
          </h2>
          <div className={styles.grid}>
            {addOns.map((product) => (
              <ProductCard
                key={product.id}
                product={product}
                action={
                  <LinkButton variant="secondary" href={paths.app.myBikes.getHref()}>
                    {isLoggedIn ? t('catalogue.chooseBike') : t('catalogue.signInForBike')}
                  </LinkButton>
                }
              />
            ))}
          </div>
        </section>
      ) : null}
    </>
  );
}
