import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { useRedeemVoucher, type VoucherRedemptionResult } from '../api/redeem-voucher.ts';
import { VoucherFormSchema } from '../lib/voucher.ts';

/** A voucher code → its registration at once, without a card; with a bike, straight onto that bike. */
export function VoucherForm({
  bikeId,
  onRedeemed,
}: {
  bikeId?: string;
  onRedeemed: (result: VoucherRedemptionResult) => void;
}) {
  const { t } = useTranslation(['webshop', 'common']);
  const form = useZodForm(VoucherFormSchema, { defaultValues: { code: '' } });
  const redeem = useRedeemVoucher();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);

  return (
    <Form
      aria-label={t('voucher.formLabel')}
      onSubmit={form.handleSubmit(
        async (values) => {
          setSummary(null);
          try {
            const result = await redeem.mutateAsync({
              code: values.code,
              ...(bikeId ? { bike_id: bikeId } : {}),
            });
            onRedeemed(result);
          } catch (error) {
            setSummary({ message: applyApiError(error, form.setError, t, ['code']) });
          }
        },
        (errors) => setSummary(invalidMessage(errors)),
      )}
    >
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <FormTextField
        control={form.control}
        name="code"
        label={t('voucher.code')}
        description={t('voucher.codeHint')}
        autoComplete="off"
        spellCheck="false"
        isRequired
      />
      <FormActions>
        <Button type="submit" isPending={redeem.isPending}>
          {t('voucher.redeem')}
        </Button>
      </FormActions>
    </Form>
  );
}
