import type { Ref } from 'react';
import { TextField as AriaTextField, FieldError, Label, Text, TextArea } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import fieldStyles from '../../../ui/field.module.css';
import { useFieldErrorText } from '../../../ui/field-error.ts';
import styles from '../finds.module.css';

/**
 * A message to someone, with how many characters are left below it (read out politely as it
 * changes). Typing past the limit is allowed and shown, so pasted text is never cut off unseen.
 */
export function CountedMessageField({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  maxLength,
  inputRef,
  name,
  rows = 6,
  isRequired,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  maxLength: number;
  inputRef?: Ref<HTMLTextAreaElement>;
  name?: string;
  rows?: number;
  isRequired?: boolean;
}) {
  const { t } = useTranslation('finds');
  const errorText = useFieldErrorText(error);
  const remaining = maxLength - value.trim().length;
  return (
    <AriaTextField
      name={name}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      isRequired={isRequired}
      className={fieldStyles.field}
    >
      <Label className={fieldStyles.label}>{label}</Label>
      {description ? (
        <Text slot="description" className={fieldStyles.description}>
          {description}
        </Text>
      ) : null}
      <TextArea ref={inputRef} className={fieldStyles.input} rows={rows} />
      <Text
        slot="description"
        className={remaining < 0 ? styles.counterOver : styles.counter}
        aria-live="polite"
      >
        {remaining < 0 ? t('form.tooLong', { count: -remaining }) : t('form.remaining', { count: remaining })}
      </Text>
      <FieldError className={fieldStyles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}
