import type { StaffProduct } from '@nbr/domain/webshop';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useChangeProductPrice } from '../api/change-product-price.ts';

function productName(product: StaffProduct, language: string): string {
  const key = language === 'no' || language === 'en' ? language : 'da';
  return product.names[key] || product.handle;
}

/** One product's price; admins set a new one in whole kroner incl. VAT. */
export function ProductPriceItem({ product, canEdit }: { product: StaffProduct; canEdit: boolean }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const change = useChangeProductPrice();
  const [kroner, setKroner] = useState(String(product.price_minor / 100));
  const [error, setError] = useState<string | null>(null);
  const name = productName(product, i18n.language);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const value = parseWholeNumber(kroner);
    if (value === null || value < 0) {
      setError(t('diverse.priceInvalid'));
      return;
    }
    setError(null);
    change.mutate({ productId: product.id, priceMinor: value * 100 });
  };

  return (
    <li className={staffPage.item} aria-labelledby={`product-${product.id}`}>
      <h3 id={`product-${product.id}`} className={staffPage.itemTitle}>
        {name}
      </h3>
      <dl className={staffPage.facts}>
        <div>
          <dt>{t('diverse.region')}</dt>
          <dd>{product.region.toUpperCase()}</dd>
        </div>
        <div>
          <dt>{t('diverse.price')}</dt>
          <dd data-testid="price">{formatMoney(product.price_minor, product.currency, i18n.language)}</dd>
        </div>
        {product.active ? null : (
          <div>
            <dt>{t('diverse.state')}</dt>
            <dd>{t('diverse.inactive')}</dd>
          </div>
        )}
      </dl>
      {canEdit ? (
        <Form
          onSubmit={onSubmit}
          aria-label={t('diverse.changePriceOf', { name, region: product.region.toUpperCase() })}
        >
          <ErrorSummary message={change.isError ? errorMessage(change.error, t) : null} />
          <TextField
            label={t('diverse.newPrice', { currency: product.currency })}
            inputMode="numeric"
            value={kroner}
            onChange={setKroner}
            error={error}
          />
          <FormActions>
            <Button type="submit" size="small" variant="secondary" isPending={change.isPending}>
              {t('diverse.savePrice')}
            </Button>
          </FormActions>
        </Form>
      ) : null}
    </li>
  );
}
