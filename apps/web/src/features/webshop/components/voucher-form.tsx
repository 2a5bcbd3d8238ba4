import { useTranslation } from 'react-i18next';
import { useRedeemVoucher, type VoucherRedemptionResult } from '../api/redeem-voucher.ts';
import { VoucherFormSchema } from '../lib/voucher.ts';
import { CodeEntryForm } from './code-entry-form.tsx';

/** A voucher code → its registration at once, without a card; with a bike, straight onto that bike. */
export function VoucherForm({
  bikeId,
  onRedeemed,
}: {
  bikeId?: string;
  onRedeemed: (result: VoucherRedemptionResult) => void;
}) {
  const { t } = useTranslation(['webshop', 'common']);
  const redeem = useRedeemVoucher();
  return (
    <CodeEntryForm
      schema={VoucherFormSchema}
      name="code"
      texts={{
        form: t('voucher.formLabel'),
        field: t('voucher.code'),
        hint: t('voucher.codeHint'),
        submit: t('voucher.redeem'),
      }}
      isPending={redeem.isPending}
      onSubmit={async (code) =>
        onRedeemed(await redeem.mutateAsync({ code, ...(bikeId ? { bike_id: bikeId } : {}) }))
      }
    />
  );
}
