import type { Region } from '@nbr/domain/locale';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { profileQueryOptions } from '../../../lib/api/identity/get-profile.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary } from '../../../ui/form.tsx';
import { useCreateCardOrder } from '../api/create-card-order.ts';
import {
  canPlaceOrder,
  MAX_QUANTITY,
  needsImmediateStartConsent,
  needsShipping,
  type PricedBasketLine,
  vatOfLines,
} from '../lib/basket.ts';
import { goToPaymentWindow } from '../lib/redirect-to-payment.ts';
import { type ShippingForm, shippingDefaults, toShippingAddress } from '../lib/shipping.ts';
import styles from '../webshop.module.css';
import { OrderLines } from './order-lines.tsx';
import { ImmediateStartConsent, useImmediateStartConsent, WithdrawalNotice } from './purchase-terms.tsx';
import { QuantityStepper } from './quantity-stepper.tsx';
import { ShippingAddressForm } from './shipping-address-form.tsx';

type Step = 'basket' | 'address' | 'summary';

/**
 * The card checkout of one-time goods: the basket, the shipping address for goods (prefilled from
 * the profile), then a summary with the total incl. VAT, the right of withdrawal and, for a
 * registration, the unticked request to start at once; then the provider's payment window.
 */
export function CardCheckout({
  lines,
  region,
  onQuantity,
  startAt = 'basket',
  onPaymentStarted,
}: {
  lines: readonly PricedBasketLine[];
  region: Region;
  /** Lets the buyer change quantities on the basket step (the webshop basket). */
  onQuantity?: (productId: string, quantity: number) => void;
  startAt?: Step;
  /** Called just before the browser leaves for the payment window (e.g. to empty the basket). */
  onPaymentStarted?: () => void;
}) {
  const { t, i18n } = useTranslation(['webshop', 'common']);
  const profile = useQuery(profileQueryOptions);
  const createOrder = useCreateCardOrder();
  const [step, setStep] = useState<Step>(startAt);
  const [address, setAddress] = useState<ShippingForm | null>(null);
  const consent = useImmediateStartConsent();
  const [failure, setFailure] = useState<string | null>(null);

  const shipping = needsShipping(lines);
  const consentNeeded = needsImmediateStartConsent(lines);
  const currency = lines[0]?.product.price.currency ?? (region === 'no' ? 'NOK' : 'DKK');
  const totalMinor = lines.reduce((sum, line) => sum + line.totalMinor, 0);
  const vatMinor = vatOfLines(lines);
  const shownLines = lines.map((line) => ({
    key: `${line.product.id}:${line.bikeId ?? ''}`,
    name: line.product.name,
    quantity: line.quantity,
    totalMinor: line.totalMinor,
    meta: line.product.delivery_business_days
      ? t('product.delivery', line.product.delivery_business_days)
      : undefined,
  }));

  const steps: Step[] = shipping ? ['basket', 'address', 'summary'] : ['basket', 'summary'];
  const stepList = (
    <ol className={styles.steps} aria-label={t('checkout.stepsLabel')}>
      {steps.map((name, index) => (
        <li
          key={name}
          className={name === step ? styles.stepCurrent : undefined}
          aria-current={name === step ? 'step' : undefined}
        >
          {t('checkout.stepN', { n: index + 1, name: t(`checkout.steps.${name}`) })}
        </li>
      ))}
    </ol>
  );

  if (lines.length === 0) return <p>{t('basket.empty')}</p>;

  if (step === 'basket') {
    return (
      <section className={styles.panel} aria-labelledby="basket-heading">
        {stepList}
        <h2 id="basket-heading">{t('checkout.steps.basket')}</h2>
        <ul className={styles.lines}>
          {lines.map((line) => (
            <li key={`${line.product.id}:${line.bikeId ?? ''}`} className={styles.line}>
              <span className={styles.lineName}>{line.product.name}</span>
              <span className={styles.lineAmount}>
                {formatMoney(line.totalMinor, line.product.price.currency, i18n.language)}
              </span>
              {onQuantity ? (
                <QuantityStepper
                  name={line.product.name}
                  quantity={line.quantity}
                  max={MAX_QUANTITY}
                  onChange={(quantity) => onQuantity(line.product.id, quantity)}
                />
              ) : null}
            </li>
          ))}
        </ul>
        <p className={styles.total}>
          {t('lines.totalWithAmount', { amount: formatMoney(totalMinor, currency, i18n.language) })}
        </p>
        <div className={styles.actions}>
          <Button onPress={() => setStep(shipping ? 'address' : 'summary')}>{t('checkout.continue')}</Button>
        </div>
      </section>
    );
  }

  if (step === 'address') {
    return (
      <section className={styles.panel}>
        {stepList}
        <ShippingAddressForm
          defaults={address ?? shippingDefaults(profile.data)}
          onDone={(values) => {
            setAddress(values);
            setStep('summary');
          }}
          onBack={() => setStep('basket')}
        />
      </section>
    );
  }

  const pay = async () => {
    setFailure(null);
    if (!canPlaceOrder(lines, consent.isSelected)) {
      consent.demand();
      return;
    }
    try {
      const started = await createOrder.mutateAsync({
        items: lines.map((line) => ({
          product_id: line.product.id,
          quantity: line.quantity,
          ...(line.bikeId ? { bike_id: line.bikeId } : {}),
        })),
        ...(shipping && address ? { shipping_address: toShippingAddress(address, region) } : {}),
        immediate_start_consent: consentNeeded && consent.isSelected,
      });
      onPaymentStarted?.();
      goToPaymentWindow(started.payment_url);
    } catch (error) {
      setFailure(errorMessage(error, t));
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="summary-heading">
      {stepList}
      <h2 id="summary-heading">{t('checkout.summaryTitle')}</h2>
      <OrderLines lines={shownLines} totalMinor={totalMinor} vatMinor={vatMinor} currency={currency} />
      {shipping && address ? (
        <p>
          {t('checkout.shipTo', {
            address: `${address.name}, ${address.street_address}, ${address.zip_code} ${address.city}`,
          })}
        </p>
      ) : null}
      <WithdrawalNotice goods={shipping} />
      {consentNeeded ? <ImmediateStartConsent {...consent.props} /> : null}
      <ErrorSummary message={failure} title={t('checkout.failedTitle')} />
      <div className={styles.actions}>
        <Button onPress={() => void pay()} isPending={createOrder.isPending}>
          {t('checkout.pay', { amount: formatMoney(totalMinor, currency, i18n.language) })}
        </Button>
        <Button variant="secondary" onPress={() => setStep(shipping ? 'address' : 'basket')}>
          {t('checkout.back')}
        </Button>
      </div>
      <p className={styles.muted}>{t('checkout.paymentNote')}</p>
    </section>
  );
}
