import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import {
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { type ShippingForm, ShippingFormSchema } from '../lib/shipping.ts';

/** Where the plates go; prefilled from the profile, changed here for this order only. */
export function ShippingAddressForm({
  defaults,
  onDone,
  onBack,
}: {
  defaults: ShippingForm;
  onDone: (address: ShippingForm) => void;
  onBack: () => void;
}) {
  const { t } = useTranslation(['webshop', 'common']);
  const form = useZodForm(ShippingFormSchema, { defaultValues: defaults });
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title: string; message: string } | null>(null);
  return (
    <Form
      aria-labelledby="shipping-heading"
      onSubmit={form.handleSubmit(
        (values) => {
          setSummary(null);
          onDone(values);
        },
        (errors) => setSummary(invalidMessage(errors)),
      )}
    >
      <h2 id="shipping-heading">{t('shipping.title')}</h2>
      <p>{defaults.street_address ? t('shipping.lead') : t('shipping.leadEmpty')}</p>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <FormTextField
        control={form.control}
        name="name"
        label={t('shipping.name')}
        autoComplete="name"
        isRequired
      />
      <FormTextField
        control={form.control}
        name="street_address"
        label={t('shipping.street')}
        autoComplete="street-address"
        isRequired
      />
      <FormTextField
        control={form.control}
        name="zip_code"
        label={t('shipping.zip')}
        autoComplete="postal-code"
        inputMode="numeric"
        isRequired
      />
      <FormTextField
        control={form.control}
        name="city"
        label={t('shipping.city')}
        autoComplete="address-level2"
        isRequired
      />
      <FormActions>
        <Button type="submit">{t('checkout.continue')}</Button>
        <Button variant="secondary" onPress={onBack}>
          {t('checkout.back')}
        </Button>
      </FormActions>
    </Form>
  );
}
