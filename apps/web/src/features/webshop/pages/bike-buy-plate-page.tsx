import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useBikeServices } from '../api/get-bike-services.ts';
import { useProducts } from '../api/get-products.ts';
import { CardCheckout } from '../components/card-checkout.tsx';
import { MAX_QUANTITY, type PricedBasketLine } from '../lib/basket.ts';
import styles from '../webshop.module.css';

/**
 * /app/my-bikes/{bikeId}/buy-plate — plate packs for the bike (delivered within 7–10 business days),
 * and the BikeDNA marking for it while it can still be bought; then the card checkout.
 */
export function Component() {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const { bikeId = '' } = useParams();
  const bike = useBike(bikeId);
  const services = useBikeServices(bikeId);
  const products = useProducts(undefined);
  const [quantity, setQuantity] = useState(1);
  const [withDna, setWithDna] = useState(false);
  const title = t('plates.title');
  if ((bike.isError && !bike.data) || (products.isError && !products.data))
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('bikePurchase.loadFailed')}
        error={bike.error ?? products.error}
        retry={() => {
          void bike.refetch();
          void products.refetch();
        }}
      />
    );
  if (!bike.data || !products.data) return <LoadingState />;
  const plates = products.data.find((product) => product.kind === 'plates');
  const dna = products.data.find((product) => product.kind === 'bikedna');
  const dnaOffered = Boolean(dna && services.data?.has_products && !bike.data.bikedna_code);

  const lines: PricedBasketLine[] = [];
  if (plates && quantity > 0)
    lines.push({ product: plates, quantity, totalMinor: plates.price.amount_minor * quantity });
  if (dna && dnaOffered && withDna)
    lines.push({ product: dna, quantity: 1, bikeId, totalMinor: dna.price.amount_minor });

  return (
    <PageLayout title={title} lead={t('plates.lead', { name: bike.data.nickname })} width="form">
      {dna && dnaOffered ? (
        <div className={styles.panel}>
          <Checkbox isSelected={withDna} onChange={setWithDna}>
            {t('plates.addDna', {
              name: dna.name,
              price: formatMoney(dna.price.amount_minor, dna.price.currency, i18n.language),
            })}
          </Checkbox>
          <p className={styles.muted}>{dna.description}</p>
        </div>
      ) : null}
      {lines.length > 0 ? (
        <CardCheckout
          lines={lines}
          region={products.data[0]?.region ?? 'dk'}
          onQuantity={(productId, next) => {
            if (productId === plates?.id) setQuantity(Math.min(MAX_QUANTITY, Math.max(0, next)));
            if (productId === dna?.id && next < 1) setWithDna(false);
          }}
        />
      ) : (
        <div className={styles.panel}>
          <p>{t('basket.empty')}</p>
          {plates ? (
            <Button variant="secondary" onPress={() => setQuantity(1)}>
              {t('plates.addPack')}
            </Button>
          ) : null}
        </div>
      )}
    </PageLayout>
  );
}
