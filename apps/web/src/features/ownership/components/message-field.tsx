import type { Ref } from 'react';
import { TextField as AriaTextField, FieldError, Label, Text, TextArea } from 'react-aria-components';
import fieldStyles from '../../../ui/field.module.css';
import { useFieldErrorText } from '../../../ui/field-error.ts';

/** A multi-line text field in the look of the app's text fields (the chat-like message of a request). */
export function MessageField({
  label,
  description,
  value,
  onChange,
  onBlur,
  error,
  maxLength,
  inputRef,
  name,
}: {
  label: string;
  description?: string;
  value: string;
  onChange: (value: string) => void;
  onBlur?: () => void;
  error?: string | null;
  maxLength?: number;
  inputRef?: Ref<HTMLTextAreaElement>;
  name?: string;
}) {
  const errorText = useFieldErrorText(error);
  return (
    <AriaTextField
      name={name}
      value={value}
      onChange={onChange}
      onBlur={onBlur}
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
      <TextArea ref={inputRef} className={fieldStyles.input} rows={5} />
      <FieldError className={fieldStyles.error}>{errorText}</FieldError>
    </AriaTextField>
  );
}
