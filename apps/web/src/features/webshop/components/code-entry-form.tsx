import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';

/** The texts of a code form, translated by the caller. */
export interface CodeEntryTexts {
  form: string;
  field: string;
  hint: string;
  submit: string;
}

/**
 * One code typed and sent (a voucher code, a club membership number): checked by the shared schema
 * before it is sent, the server's refusal shown beside the field and in the summary.
 */
type CodeValues = Record<string, string>;

export function CodeEntryForm({
  schema,
  name,
  defaultValue = '',
  texts,
  isPending,
  onSubmit,
}: {
  /** One string field, named `name`. */
  schema: z.ZodType<CodeValues, CodeValues>;
  name: string;
  defaultValue?: string;
  texts: CodeEntryTexts;
  isPending: boolean;
  /** Sends the checked value; a rejection is shown. */
  onSubmit: (value: string) => Promise<void>;
}) {
  const { t } = useTranslation('common');
  const form = useZodForm(schema, { defaultValues: { [name]: defaultValue } });
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);

  return (
    <Form
      aria-label={texts.form}
      onSubmit={form.handleSubmit(
        async (values) => {
          setSummary(null);
          try {
            await onSubmit(values[name] ?? '');
          } catch (error) {
            setSummary({ message: applyApiError(error, form.setError, t, [name]) });
          }
        },
        (errors) => setSummary(invalidMessage(errors)),
      )}
    >
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <FormTextField
        control={form.control}
        name={name}
        label={texts.field}
        description={texts.hint}
        autoComplete="off"
        spellCheck="false"
        isRequired
      />
      <FormActions>
        <Button type="submit" isPending={isPending}>
          {texts.submit}
        </Button>
      </FormActions>
    </Form>
  );
}
