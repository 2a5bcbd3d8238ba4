import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  BIKE_TYPES,
  BIKE_VISIBILITIES,
  todayInRegisterZone,
} from '@nbr/domain/bikes';
import type { Currency } from '@nbr/domain/locale';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormCheckbox, FormTextField } from '../../../ui/form.tsx';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { Select } from '../../../ui/select.tsx';
import styles from '../bikes.module.css';
import type { BikeFormValues } from '../lib/bike-form.ts';

/** The list's key for "not stated" (an empty key is not a valid list item). */
const NONE = 'none';

function ChoiceField({
  control,
  name,
  label,
  values,
  labelOf,
}: {
  control: Control<BikeFormValues>;
  name: 'category' | 'color' | 'type';
  label: string;
  values: readonly string[];
  labelOf: (value: string) => string;
}) {
  const { t } = useTranslation('bikes');
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      name={field.name}
      value={field.value ? field.value : NONE}
      onChange={(value) => field.onChange(value === NONE ? '' : value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={[
        { value: NONE, label: t('fields.notStated') },
        ...values.map((value) => ({ value, label: labelOf(value) })),
      ]}
    />
  );
}

export function VisibilityField({ control }: { control: Control<BikeFormValues> }) {
  const { t } = useTranslation('bikes');
  const { field, fieldState } = useController({ control, name: 'visibility' });
  return (
    <RadioGroup
      label={t('fields.visibility')}
      description={t('fields.visibilityHint')}
      name={field.name}
      value={field.value}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={BIKE_VISIBILITIES.map((value) => ({
        value,
        label: t(`visibility.${value}`),
        description: t(`visibilityDescriptions.${value}`),
      }))}
    />
  );
}

/**
 * Everything of SPEC §3 Bike beyond the name and the identifiers: what the bike is, what it cost,
 * and who may see it. Shared by the register form (folded away) and the edit form.
 */
export function BikeDetailFields({
  control,
  currency,
  showVisibility = true,
}: {
  control: Control<BikeFormValues>;
  currency: Currency;
  showVisibility?: boolean;
}) {
  const { t } = useTranslation('bikes');
  return (
    <>
      <div className={styles.pair}>
        <FormTextField control={control} name="brand" label={t('fields.brand')} isOptional />
        <FormTextField control={control} name="model" label={t('fields.model')} isOptional />
      </div>
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name="production_year"
          label={t('fields.productionYear')}
          inputMode="numeric"
          description={t('fields.productionYearHint')}
          isOptional
        />
        <ChoiceField
          control={control}
          name="category"
          label={t('fields.category')}
          values={BIKE_CATEGORIES}
          labelOf={(value) => t(`common:bike.categories.${value}`)}
        />
      </div>
      <div className={styles.pair}>
        <ChoiceField
          control={control}
          name="color"
          label={t('fields.color')}
          values={BIKE_COLORS}
          labelOf={(value) => t(`common:bike.colors.${value}`)}
        />
        <ChoiceField
          control={control}
          name="type"
          label={t('fields.type')}
          values={BIKE_TYPES}
          labelOf={(value) => t(`types.${value}`)}
        />
      </div>
      <FormCheckbox control={control} name="is_electric">
        {t('fields.isElectric')}
      </FormCheckbox>
      <div className={styles.pair}>
        <FormTextField
          control={control}
          name="price"
          label={t('fields.price', { currency })}
          description={t('fields.priceHint', { currency })}
          inputMode="numeric"
          isOptional
        />
        <FormTextField
          control={control}
          name="purchase_date"
          label={t('fields.purchaseDate')}
          description={t('fields.purchaseDateHint')}
          type="date"
          max={todayInRegisterZone()}
          isOptional
        />
      </div>
      <FormTextField
        control={control}
        name="bikedna_code"
        label={t('fields.bikeDna')}
        description={t('fields.bikeDnaHint')}
        spellCheck="false"
        isOptional
      />
      {showVisibility ? <VisibilityField control={control} /> : null}
    </>
  );
}
