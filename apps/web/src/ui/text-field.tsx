import { type Ref, useState } from 'react';
import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  Button,
  FieldError,
  Input,
  Label,
  Text,
} from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import styles from './field.module.css';
import { useFieldErrorText } from './field-error.ts';

export interface TextFieldProps
  extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid' | 'validationBehavior'> {
  label: string;
  description?: string;
  /** A validation code (translated via common:validation.<code>) or a translated text. */
  error?: string | null;
  /** Marks the label "(optional)". */
  isOptional?: boolean;
  placeholder?: string;
  /** Latest value of a date field (`YYYY-MM-DD`): the browser's picker offers nothing after it. */
  max?: string;
  inputRef?: Ref<HTMLInputElement>;
  className?: string;
}

export function TextField({
  label,
  description,
  error,
  isOptional,
  placeholder,
  max,
  inputRef,
  className,
  ...props
}: TextFieldProps) {
  const { t } = useTranslation('common');
  const errorText = useFieldErrorText(error);
  return (
    <AriaTextField
      {...props}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>
        {label}
        {isOptional ? <span className={styles.optional}> ({t('form.optional')})</span> : null}
      </Label>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <Input ref={inputRef} className={styles.input} placeholder={placeholder} max={max} />
      <FieldError className={styles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}

export type PasswordFieldProps = Omit<TextFieldProps, 'type'>;

/** A password field with a show/hide toggle (typing a long password on a phone is hard enough). */
export function PasswordField({
  label,
  description,
  error,
  isOptional,
  inputRef,
  className,
  autoComplete = 'current-password',
  ...props
}: PasswordFieldProps) {
  const { t } = useTranslation('common');
  const [isVisible, setVisible] = useState(false);
  const errorText = useFieldErrorText(error);
  return (
    <AriaTextField
      {...props}
      autoComplete={autoComplete}
      type={isVisible ? 'text' : 'password'}
      validationBehavior="aria"
      isInvalid={Boolean(errorText)}
      className={[styles.field, className].filter(Boolean).join(' ')}
    >
      <Label className={styles.label}>
        {label}
        {isOptional ? <span className={styles.optional}> ({t('form.optional')})</span> : null}
      </Label>
      {description ? (
        <Text slot="description" className={styles.description}>
          {description}
        </Text>
      ) : null}
      <div className={`${styles.inputWrap} ${styles.withToggle}`}>
        <Input ref={inputRef} className={styles.input} spellCheck={false} autoCapitalize="none" />
        <Button
          className={styles.toggle}
          aria-pressed={isVisible}
          aria-label={isVisible ? t('form.hidePasswordLabel') : t('form.showPasswordLabel')}
          onPress={() => setVisible((visible) => !visible)}
        >
          {isVisible ? t('form.hidePassword') : t('form.showPassword')}
        </Button>
      </div>
      <FieldError className={styles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}
