import { STICKER_BATCH_MAX_COUNT, STICKER_KINDS, type StickerKind } from '@nbr/domain/plates';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Select } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useCreateStickerBatch } from '../api/create-sticker-batch.ts';

/** Admins generate a batch of new codes of a kind; the new batch appears first in the list. */
export function StickerBatchForm() {
  const { t } = useTranslation('backoffice-ops');
  const create = useCreateStickerBatch();
  const [kind, setKind] = useState<StickerKind>('bike');
  const [count, setCount] = useState('24');
  const [note, setNote] = useState('');
  const [countError, setCountError] = useState<string | null>(null);

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const wanted = parseWholeNumber(count);
    if (wanted === null || wanted < 1 || wanted > STICKER_BATCH_MAX_COUNT) {
      setCountError(t('plates.countInvalid', { max: STICKER_BATCH_MAX_COUNT }));
      return;
    }
    setCountError(null);
    create.mutate(
      { kind, count: wanted, ...(note.trim() ? { note: note.trim() } : {}) },
      { onSuccess: () => setNote('') },
    );
  };

  return (
    <Form onSubmit={onSubmit} aria-label={t('plates.generateTitle')}>
      <ErrorSummary message={create.isError ? errorMessage(create.error, t) : null} />
      <Select
        label={t('plates.kind')}
        options={STICKER_KINDS.map((value) => ({ value, label: t(`plates.kinds.${value}`) }))}
        value={kind}
        onChange={(value) => setKind(value as StickerKind)}
      />
      <TextField
        label={t('plates.count')}
        description={t('plates.countHint', { max: STICKER_BATCH_MAX_COUNT })}
        inputMode="numeric"
        value={count}
        onChange={setCount}
        error={countError}
      />
      <TextField label={t('plates.note')} isOptional value={note} onChange={setNote} maxLength={200} />
      <FormActions>
        <Button type="submit" isPending={create.isPending}>
          {t('plates.generate')}
        </Button>
      </FormActions>
      {create.isSuccess ? (
        <Alert tone="success">
          <p>{t('plates.generated', { count: create.data.count })}</p>
        </Alert>
      ) : null}
    </Form>
  );
}
