import { CODE_CONFIDENCES, type StaffManufacturerCode } from '@nbr/domain/manufacturer-code-admin';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { LoadError } from '../../../components/load-error.tsx';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ErrorSummary, Form, FormActions } from '../../../ui/form.tsx';
import { Select } from '../../../ui/select.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { useManufacturerCodes, useSaveManufacturerCode } from '../api/manufacturer-codes.ts';
import styles from '../backoffice-ops.module.css';

interface Draft {
  code: string;
  holder: string;
  brands: string;
  confidence: string;
  source: string;
}

const EMPTY: Draft = { code: '', holder: '', brands: '', confidence: 'medium', source: '' };

const draftOf = (entry: StaffManufacturerCode): Draft => ({
  code: entry.code,
  holder: entry.holder,
  brands: entry.brands.join(', '),
  confidence: entry.confidence,
  source: entry.source,
});

/**
 * The manufacturer-code table the frame-number check reads: every staff member sees it; admins add a
 * code and edit one (picked with its "Edit" button), and the check uses the change at once.
 */
export function ManufacturerCodes({ canEdit }: { canEdit: boolean }) {
  const { t } = useTranslation('backoffice-ops');
  const codes = useManufacturerCodes();
  const save = useSaveManufacturerCode();
  const [editing, setEditing] = useState<string | null>(null);
  const [draft, setDraft] = useState<Draft>(EMPTY);
  const [problem, setProblem] = useState<string | null>(null);
  const formRef = useRef<HTMLDivElement>(null);
  const field = (name: keyof Draft) => (value: string) =>
    setDraft((current) => ({ ...current, [name]: value }));

  const startEditing = (entry: StaffManufacturerCode) => {
    save.reset();
    setProblem(null);
    setEditing(entry.code);
    setDraft(draftOf(entry));
    formRef.current?.scrollIntoView({ block: 'start' });
    formRef.current?.querySelector('input')?.focus();
  };
  const startNew = () => {
    save.reset();
    setProblem(null);
    setEditing(null);
    setDraft(EMPTY);
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const code = draft.code.trim().toUpperCase();
    if (!/^[A-ZÆØÅ]{1,5}$/.test(code) || !draft.holder.trim() || !draft.source.trim()) {
      setProblem(t('diverse.codeInvalid'));
      return;
    }
    setProblem(null);
    const brands = draft.brands
      .split(',')
      .map((brand) => brand.trim())
      .filter(Boolean);
    save.mutate(
      {
        isNew: editing === null,
        code,
        fields: {
          holder: draft.holder.trim(),
          brands,
          confidence: draft.confidence as StaffManufacturerCode['confidence'],
          source: draft.source.trim(),
        },
      },
      {
        onSuccess: (saved) => {
          setEditing(saved.code);
          setDraft(draftOf(saved));
        },
      },
    );
  };

  return (
    <div className={staffPage.stack}>
      <p className={styles.muted}>{t('diverse.codesLead')}</p>
      {canEdit ? (
        <div ref={formRef}>
          <Form
            onSubmit={onSubmit}
            aria-label={editing ? t('diverse.editCode', { code: editing }) : t('diverse.newCode')}
          >
            <h3 className={styles.sectionHeading}>
              {editing ? t('diverse.editCode', { code: editing }) : t('diverse.newCode')}
            </h3>
            <ErrorSummary message={problem ?? (save.isError ? errorMessage(save.error, t) : null)} />
            <TextField
              label={t('diverse.code')}
              description={t('diverse.codeHint')}
              value={draft.code}
              onChange={field('code')}
              maxLength={5}
              isReadOnly={editing !== null}
            />
            <TextField
              label={t('diverse.codeHolder')}
              value={draft.holder}
              onChange={field('holder')}
              maxLength={200}
            />
            <TextField
              label={t('diverse.codeBrands')}
              description={t('diverse.codeBrandsHint')}
              value={draft.brands}
              onChange={field('brands')}
            />
            <Select
              label={t('diverse.codeConfidence')}
              options={CODE_CONFIDENCES.map((value) => ({ value, label: t(`diverse.confidence.${value}`) }))}
              value={draft.confidence}
              onChange={field('confidence')}
            />
            <TextField
              label={t('diverse.codeSource')}
              value={draft.source}
              onChange={field('source')}
              maxLength={1000}
            />
            <FormActions>
              <Button type="submit" isPending={save.isPending}>
                {t('diverse.saveCode')}
              </Button>
              {editing ? (
                <Button variant="secondary" onPress={startNew}>
                  {t('diverse.newCode')}
                </Button>
              ) : null}
            </FormActions>
          </Form>
          {save.isSuccess ? (
            <Alert tone="success" title={t('diverse.codeSaved', { code: save.data.code })} />
          ) : null}
        </div>
      ) : null}
      {codes.isPending ? <LoadingState /> : null}
      {codes.isError ? (
        <LoadError title={t('loadFailed')} error={codes.error} retry={() => void codes.refetch()} />
      ) : null}
      {codes.data ? (
        <ul className={staffPage.list} aria-label={t('diverse.codesTitle')}>
          {codes.data.map((entry) => (
            <li key={entry.code} className={staffPage.item} aria-labelledby={`code-${entry.code}`}>
              <h3 id={`code-${entry.code}`} className={staffPage.itemTitle}>
                {entry.code} · {entry.holder}
              </h3>
              <dl className={staffPage.facts}>
                <div>
                  <dt>{t('diverse.codeBrands')}</dt>
                  <dd>{entry.brands.length ? entry.brands.join(', ') : t('diverse.noBrands')}</dd>
                </div>
                <div>
                  <dt>{t('diverse.codeConfidence')}</dt>
                  <dd>{t(`diverse.confidence.${entry.confidence}`)}</dd>
                </div>
                <div>
                  <dt>{t('diverse.codeSource')}</dt>
                  <dd className={styles.source}>{entry.source}</dd>
                </div>
              </dl>
              {canEdit ? (
                <div className={staffPage.actions}>
                  <Button
                    size="small"
                    variant="secondary"
                    aria-label={t('diverse.editCode', { code: entry.code })}
                    onPress={() => startEditing(entry)}
                  >
                    {t('diverse.edit')}
                  </Button>
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
