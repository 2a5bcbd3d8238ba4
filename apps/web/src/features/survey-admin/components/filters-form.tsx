import type { SurveyWorkplaceSchema } from '@nbr/domain/surveys';
import { type FormEvent, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../ui/button.tsx';
import { Select } from '../../../ui/select.tsx';
import { TextField } from '../../../ui/text-field.tsx';
import { EMPTY_FILTERS, type FilterKey, type FilterValues, filterProblems } from '../lib/figures-query.ts';
import styles from '../survey-admin.module.css';

const ALL = 'all';

/** The panel's filters: a period, a workplace, a postal area, and an earlier period to compare with. */
export function FiltersForm({
  values,
  workplaces,
  onApply,
}: {
  values: FilterValues;
  workplaces: ReadonlyArray<z.infer<typeof SurveyWorkplaceSchema>>;
  onApply: (values: FilterValues) => void;
}) {
  const { t } = useTranslation('survey-admin');
  const [draft, setDraft] = useState(values);
  const [problems, setProblems] = useState<Partial<Record<FilterKey, string>>>({});
  useEffect(() => setDraft(values), [values]);
  const set = (key: FilterKey) => (value: string) => setDraft((current) => ({ ...current, [key]: value }));
  const error = (key: FilterKey) => (problems[key] ? t(`filters.problems.${problems[key]}`) : null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found = filterProblems(draft);
    setProblems(found);
    if (Object.keys(found).length === 0) onApply(draft);
  };

  return (
    <form className={styles.filters} onSubmit={submit} noValidate aria-label={t('filters.title')}>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.period')}</legend>
        <div className={styles.fieldRow}>
          <TextField
            label={t('filters.from')}
            type="date"
            value={draft.from}
            onChange={set('from')}
            error={error('from')}
          />
          <TextField
            label={t('filters.to')}
            type="date"
            value={draft.to}
            onChange={set('to')}
            error={error('to')}
          />
        </div>
      </fieldset>
      <div className={styles.fieldRow}>
        {workplaces.length > 0 ? (
          <Select
            label={t('filters.workplace')}
            options={[
              { value: ALL, label: t('filters.allWorkplaces') },
              ...workplaces.map((workplace) => ({ value: workplace.id, label: workplace.name })),
            ]}
            value={draft.workplace_id === '' ? ALL : draft.workplace_id}
            onChange={(value) => set('workplace_id')(value === ALL ? '' : value)}
          />
        ) : null}
        <TextField
          label={t('filters.postalArea')}
          description={t('filters.postalAreaHelp')}
          inputMode="numeric"
          maxLength={2}
          value={draft.postal_area}
          onChange={set('postal_area')}
          error={error('postal_area')}
        />
      </div>
      <fieldset className={styles.fieldset}>
        <legend>{t('filters.compare')}</legend>
        <p className={styles.meta}>{t('filters.compareHelp')}</p>
        <div className={styles.fieldRow}>
          <TextField
            label={t('filters.compareFrom')}
            type="date"
            value={draft.compare_from}
            onChange={set('compare_from')}
            error={error('compare_from')}
          />
          <TextField
            label={t('filters.compareTo')}
            type="date"
            value={draft.compare_to}
            onChange={set('compare_to')}
            error={error('compare_to')}
          />
        </div>
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" size="small">
          {t('filters.apply')}
        </Button>
        <Button
          size="small"
          variant="secondary"
          onPress={() => {
            setProblems({});
            onApply(EMPTY_FILTERS);
          }}
        >
          {t('filters.clear')}
        </Button>
      </div>
    </form>
  );
}
