import type { Key } from 'react-aria-components';
import {
  Select as AriaSelect,
  type SelectProps as AriaSelectProps,
  Button,
  FieldError,
  Label,
  ListBox,
  ListBoxItem,
  Popover,
  SelectValue,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { useFieldErrorText } from './field-error.ts';

export interface SelectOption {
  value: string;
  label: string;
}

export interface SelectProps
  extends Omit<
    AriaSelectProps<SelectOption>,
    'className' | 'children' | 'isInvalid' | 'validationBehavior' | 'items' | 'value' | 'onChange'
  > {
  label: string;
  description?: string;
  options: readonly SelectOption[];
  value?: string | null;
  onChange?: (value: string) => void;
  error?: string | null;
  className?: string;
}

/** A single-choice list (language, region…), keyboard and screen-reader friendly. */
export function Select({
  label,
  description,
  options,
  value,
  onChange,
  error,
  className,
  placeholder,
  ...props
}: SelectProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText(error);
  return (
    <AriaSelect
      {...props}
      // In the page's language: react-aria's own default follows the browser ("Velg et element").
      placeholder={placeholder ?? t('selectField.placeholder')}
      value={value ?? null}
      onChange={(key: Key | null) => {
        if (key !== null) onChange?.(String(key));
      }}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>{label}</Label>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <Button className={styles.selectButton}>
        <SelectValue />
        <svg aria-hidden="true" focusable="false" viewBox="0 0 12 12" width="12" height="12">
          <path d="m2 4 4 4 4-4" fill="none" stroke="currentColor" strokeWidth="1.8" />
        </svg>
      </Button>
      <FieldError className={styles.error}>{errorText}</FieldError>
      <Popover className={styles.popover}>
        <ListBox
          className={styles.listBox}
          items={options.map((option) => ({ ...option, id: option.value }))}
        >
          {(option) => (
            <ListBoxItem id={option.value} textValue={option.label} className={styles.option}>
              {option.label}
            </ListBoxItem>
          )}
        </ListBox>
      </Popover>
    </AriaSelect>
  );
}
