import {
  TextField as AriaTextField,
  type TextFieldProps as AriaTextFieldProps,
  FieldError,
  Label,
  Text,
  TextArea,
} from 'react-aria-components';
import styles from './field.module.css';
import { useFieldErrorText } from './field-error.ts';

// Its own file, not text-field.tsx: the first route's shell uses TextField and must not carry TextArea.
export interface TextAreaFieldProps
  extends Omit<AriaTextFieldProps, 'className' | 'children' | 'isInvalid' | 'validationBehavior'> {
  label: string;
  description?: string;
  /** A validation code (translated via common:validation.<code>) or a translated text. */
  error?: string | null;
  rows?: number;
  className?: string;
}

/** A multi-line text field in the look of TextField (long texts: a content page's body). */
export function TextAreaField({
  label,
  description,
  error,
  rows = 6,
  className,
  ...props
}: TextAreaFieldProps) {
  const errorText = useFieldErrorText(error);
  return (
    <AriaTextField
      {...props}
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
      <TextArea className={styles.input} rows={rows} />
      <FieldError className={styles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}
