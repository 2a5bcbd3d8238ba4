import { zodResolver } from '@hookform/resolvers/zod';
import { type FormEventHandler, type ReactNode, useCallback, useEffect, useRef } from 'react';
import {
  type Control,
  type FieldErrors,
  type FieldPath,
  type FieldValues,
  type Path,
  type UseFormProps,
  type UseFormReturn,
  type UseFormSetError,
  useController,
  useForm,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { isApiError } from '../lib/api-client.ts';
import { errorMessage, issueField } from '../lib/api-errors.ts';
import { Alert } from './alert.tsx';
import { Checkbox, type CheckboxProps } from './checkbox.tsx';
import styles from './form.module.css';
import { PasswordField, type PasswordFieldProps, TextField, type TextFieldProps } from './text-field.tsx';

/**
 * react-hook-form wired to a zod schema of @nbr/domain: the same rule the API enforces runs in the
 * browser first, and its messages are validation codes the fields translate.
 */
export function useZodForm<Schema extends z.ZodType<FieldValues, FieldValues>>(
  schema: Schema,
  options: Omit<UseFormProps<z.input<Schema>, unknown, z.output<Schema>>, 'resolver'> = {},
): UseFormReturn<z.input<Schema>, unknown, z.output<Schema>> {
  return useForm<z.input<Schema>, unknown, z.output<Schema>>({
    mode: 'onTouched',
    ...options,
    resolver: zodResolver(schema as never) as never,
  });
}

/**
 * Puts the issues of a 422 answer beside their fields and answers the text for the error summary
 * (the first issue, SPEC §8). For other failures it answers the message of the error catalogue.
 */
export function applyApiError<T extends FieldValues>(
  error: unknown,
  setError: UseFormSetError<T>,
  t: (key: string) => string,
  knownFields: readonly string[] = [],
): string {
  if (isApiError(error) && error.status === 422) {
    for (const issue of error.issues) {
      const field = issueField(issue.loc);
      if (field && knownFields.includes(field)) {
        setError(field as Path<T>, { type: 'server', message: issue.type || issue.msg });
      }
    }
  }
  return errorMessage(error, t as never);
}

export interface FormProps {
  onSubmit: FormEventHandler<HTMLFormElement>;
  children: ReactNode;
  /** Names the form for screen readers when the page holds more than one. */
  'aria-label'?: string;
  'aria-labelledby'?: string;
  id?: string;
  /**
   * Where a browser without the JavaScript yet (a page painted on the server, issue 31) sends the
   * form; once the app runs, onSubmit handles it and the page never reloads. A form that names
   * neither is posted to its own address, never sent as a GET: what it holds (a password) must not
   * land in an address; the server then shows the page again (platform/http/web-app.ts).
   */
  method?: 'get' | 'post';
  action?: string;
}

/** A form that leaves validation to react-hook-form (no browser bubbles) and never reloads the page. */
export function Form({ onSubmit, children, method = 'post', ...props }: FormProps) {
  return (
    <form {...props} method={method} noValidate onSubmit={onSubmit} className={styles.form}>
      {children}
    </form>
  );
}

export function FormActions({ children }: { children: ReactNode }) {
  return <div className={styles.actions}>{children}</div>;
}

/**
 * The message above a form after a failed submit: the first API error (or 'Ups – du mangler noe!'
 * when fields are missing). It takes focus when it appears, so keyboard and screen-reader users
 * learn at once why nothing happened.
 */
export function ErrorSummary({ message, title }: { message: string | null | undefined; title?: string }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (message) ref.current?.focus();
  }, [message]);
  if (!message) return null;
  return (
    <Alert ref={ref} tone="error" title={title} tabIndex={-1}>
      <p>{message}</p>
    </Alert>
  );
}

/** Validation codes meaning something was left out, as opposed to filled in wrongly. */
const MISSING_CODES: ReadonlySet<string> = new Set(['required', 'must_accept', 'confirm_all']);

/** Whether a submit failed because something was left out (rather than, say, a malformed e-mail). */
export function isMissingInput(errors: FieldErrors): boolean {
  return Object.values(errors).some(
    (error) => typeof error?.message === 'string' && MISSING_CODES.has(error.message),
  );
}

/**
 * The summary text for a submit that failed the form's own checks: 'Ups – du mangler noe!' only
 * when something is missing; a filled-in but wrong field gets 'Ups – noe ser feil ut!' instead.
 */
export function useInvalidFormMessage(): (errors: FieldErrors) => { title: string; message: string } {
  const { t } = useTranslation('common');
  return (errors) =>
    isMissingInput(errors)
      ? { title: t('messages.missingSomething'), message: t('messages.fillInAllFields') }
      : { title: t('messages.somethingWrong'), message: t('errors.validation_failed') };
}

/**
 * A field of a form whose schema may turn what the inputs hold (`T`) into something else on submit
 * (`Output`, e.g. a typed coordinate into a number): the fields bind to the inputs' values.
 */
export type ControlledProps<T extends FieldValues, Output extends FieldValues = T> = {
  control: Control<T, unknown, Output>;
  name: FieldPath<T>;
};

/** Binds a text-like field to react-hook-form: value, change and blur, focus on error, the error code. */
function useTextFieldBinding<T extends FieldValues, Output extends FieldValues>({
  control,
  name,
}: ControlledProps<T, Output>) {
  const { field, fieldState } = useController({ control, name });
  const input = useRef<HTMLInputElement | null>(null);
  const latestField = useRef(field);
  latestField.current = field;
  const { ref: registerRef } = field;
  const inputRef = useCallback(
    (node: HTMLInputElement | null) => {
      input.current = node;
      registerRef(node);
    },
    [registerRef],
  );
  // A page painted on the server shows its form before the script runs: what the person typed into
  // it meanwhile is in the field, not yet in the form's state. Taken over once, when the script does.
  useEffect(() => {
    const typed = input.current?.value;
    const { value, onChange } = latestField.current;
    if (typed && typed !== (value ?? '')) onChange(typed);
  }, []);
  return {
    name: field.name,
    value: field.value ?? '',
    onChange: field.onChange,
    onBlur: field.onBlur,
    inputRef,
    isDisabled: field.disabled,
    error: fieldState.error?.message,
  };
}

type BoundProps = 'value' | 'onChange' | 'onBlur' | 'name' | 'error' | 'inputRef';

export function FormTextField<T extends FieldValues, Output extends FieldValues = T>({
  control,
  name,
  ...props
}: ControlledProps<T, Output> & Omit<TextFieldProps, BoundProps>) {
  const binding = useTextFieldBinding({ control, name });
  return <TextField {...props} {...binding} isDisabled={props.isDisabled ?? binding.isDisabled} />;
}

export function FormPasswordField<T extends FieldValues, Output extends FieldValues = T>({
  control,
  name,
  ...props
}: ControlledProps<T, Output> & Omit<PasswordFieldProps, BoundProps>) {
  const binding = useTextFieldBinding({ control, name });
  return <PasswordField {...props} {...binding} isDisabled={props.isDisabled ?? binding.isDisabled} />;
}

export function FormCheckbox<T extends FieldValues, Output extends FieldValues = T>({
  control,
  name,
  ...props
}: ControlledProps<T, Output> &
  Omit<CheckboxProps, 'isSelected' | 'onChange' | 'onBlur' | 'name' | 'error' | 'inputRef'>) {
  const { field, fieldState } = useController({ control, name });
  return (
    <Checkbox
      {...props}
      name={field.name}
      isSelected={Boolean(field.value)}
      onChange={field.onChange}
      onBlur={field.onBlur}
      inputRef={field.ref}
      error={fieldState.error?.message}
    />
  );
}
