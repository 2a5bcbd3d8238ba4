import type { StaffProduct } from '@nbr/domain/webshop';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateVoucherBatch } from '../api/create-voucher-batch.ts';
import { useVoucherBatches } from '../api/list-voucher-batches.ts';
import styles from '../backoffice-ops.module.css';

/** Kinds a voucher can give on its own (the API refuses the others at redemption). */
const VOUCHER_KINDS = new Set(['subscription', 'registration']);

/** Admins: the voucher batches made so far, and a new batch (its codes are shown this once). */
export function VoucherBatches({ products }: { products: readonly StaffProduct[] }) {
  const { t, i18n } = useTranslation('backoffice-ops');
  const batches = useVoucherBatches({ enabled: true });
  const create = useCreateVoucherBatch();
  const choices = products.filter((product) => product.active && VOUCHER_KINDS.has(product.kind));
  const [note, setNote] = useState('');
  const [count, setCount] = useState('10');
  const [productId, setProductId] = useState<string>(choices[0]?.id ?? '');
  const [days, setDays] = useState('90');
  const [problem, setProblem] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const codes = parseWholeNumber(count);
    const valid = parseWholeNumber(days);
    if (
      !note.trim() ||
      codes === null ||
      codes < 1 ||
      codes > 1000 ||
      valid === null ||
      valid < 1 ||
      !productId
    ) {
      setProblem(t('diverse.voucherInvalid'));
      return;
    }
    setProblem(null);
    create.mutate(
      {
        note: note.trim(),
        count: codes,
        max_redemptions: 1,
        product_id: productId,
        expires_at: new Date(Date.now() + valid * 24 * 60 * 60 * 1000).toISOString(),
      },
      { onSuccess: () => setNote('') },
    );
  };

  return (
    <div className={staffPage.stack}>
      <Form onSubmit={onSubmit} aria-label={t('diverse.newVoucherBatch')}>
        <ErrorSummary message={problem ?? (create.isError ? errorMessage(create.error, t) : null)} />
        <TextField label={t('diverse.voucherNote')} value={note} onChange={setNote} maxLength={200} />
        <Select
          label={t('diverse.voucherProduct')}
          options={choices.map((product) => ({
            value: product.id,
            label: `${product.names[i18n.language === 'no' ? 'no' : i18n.language === 'en' ? 'en' : 'da']} (${product.region.toUpperCase()})`,
          }))}
          value={productId}
          onChange={setProductId}
        />
        <TextField label={t('diverse.voucherCount')} inputMode="numeric" value={count} onChange={setCount} />
        <TextField label={t('diverse.voucherDays')} inputMode="numeric" value={days} onChange={setDays} />
        <FormActions>
          <Button type="submit" isPending={create.isPending}>
            {t('diverse.makeVouchers')}
          </Button>
        </FormActions>
      </Form>
      {create.data ? (
        <Alert tone="success" title={t('diverse.codesOnce')}>
          <ul className={styles.codes} aria-label={t('diverse.codes')}>
            {create.data.codes.map((code) => (
              <li key={code}>
                <code>{code}</code>
              </li>
            ))}
          </ul>
        </Alert>
      ) : null}
      {batches.isPending ? <LoadingState /> : null}
      {batches.isError ? (
        <LoadError title={t('loadFailed')} error={batches.error} retry={() => void batches.refetch()} />
      ) : null}
      {batches.data && batches.data.length === 0 ? <p>{t('diverse.noVoucherBatches')}</p> : null}
      {batches.data && batches.data.length > 0 ? (
        <ul className={staffPage.list} aria-label={t('diverse.voucherBatches')}>
          {batches.data.map((batch) => (
            <li key={batch.batch_id} className={staffPage.item}>
              <h3 className={staffPage.itemTitle}>{batch.note}</h3>
              <p className={styles.muted}>
                {t('diverse.voucherBatchFacts', {
                  gives: batch.product_handle ?? `${batch.discount_percent ?? 0} %`,
                  codes: batch.codes,
                  uses: batch.redemptions,
                  date: formatDate(batch.expires_at, i18n.language),
                })}
              </p>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
