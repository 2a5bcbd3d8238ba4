import { TextField as AriaTextField, FieldError, Label, Text, TextArea } from 'react-aria-components';
import { type Control, useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import fieldStyles from '../../../ui/field.module.css';
import { useFieldErrorText } from '../../../ui/field-error.ts';
import { RadioGroup } from '../../../ui/radio-group.tsx';
import { Select } from '../../../ui/select.tsx';
import type { TheftFormField, TheftFormValues } from '../lib/theft-form.ts';

type Props = { control: Control<TheftFormValues>; name: TheftFormField; label: string; description?: string };

/** A yes/no question as two radio buttons side by side (nothing chosen until the person answers). */
export function YesNoField(props: Props) {
  const { t } = useTranslation('theft');
  return (
    <RadioChoiceField
      {...props}
      values={['yes', 'no']}
      labelOf={(value) => t(`choices.${value}`)}
      orientation="horizontal"
    />
  );
}

/** One of a few values as radio buttons, each with its own text. */
export function RadioChoiceField({
  control,
  name,
  label,
  description,
  values,
  labelOf,
  orientation,
}: Props & {
  values: readonly string[];
  labelOf: (value: string) => string;
  orientation?: 'horizontal' | 'vertical';
}) {
  const { field, fieldState } = useController({ control, name });
  return (
    <RadioGroup
      label={label}
      description={description}
      name={field.name}
      value={typeof field.value === 'string' && field.value ? field.value : null}
      onChange={field.onChange}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      orientation={orientation}
      options={values.map((value) => ({ value, label: labelOf(value) }))}
    />
  );
}

/** The list's key for "not chosen yet" (an empty key is not a valid list item). */
const NONE = 'none';

/** One of many values (category, colour) as a list. */
export function SelectField({
  control,
  name,
  label,
  description,
  values,
  labelOf,
}: Props & { values: readonly string[]; labelOf: (value: string) => string }) {
  const { t } = useTranslation('theft');
  const { field, fieldState } = useController({ control, name });
  return (
    <Select
      label={label}
      description={description}
      name={field.name}
      value={typeof field.value === 'string' && field.value ? field.value : NONE}
      onChange={(value) => field.onChange(value === NONE ? '' : value)}
      onBlur={field.onBlur}
      error={fieldState.error?.message}
      options={[
        { value: NONE, label: t('choices.choose') },
        ...values.map((value) => ({ value, label: labelOf(value) })),
      ]}
    />
  );
}

/** A multi-line text bound to the form (descriptions of the culprit and the witnesses). */
export function TextAreaField({
  control,
  name,
  label,
  description,
  maxLength,
}: Props & { maxLength?: number }) {
  const { field, fieldState } = useController({ control, name });
  const errorText = useFieldErrorText(fieldState.error?.message);
  return (
    <AriaTextField
      name={field.name}
      value={typeof field.value === 'string' ? field.value : ''}
      onChange={field.onChange}
      onBlur={field.onBlur}
      maxLength={maxLength}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      className={fieldStyles.field}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <TextArea ref={field.ref} className={fieldStyles.input} rows={4} />
      <FieldError className={fieldStyles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}
