import { type ApiKeyCreated, ApiKeyCreateSchema } from '@nbr/domain/checks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { useCreateApiKey } from '../api/create-api-key.ts';
import styles from '../organisations.module.css';
import { SecretShownOnce } from './secret-shown-once.tsx';

const EMPTY = { name: '' };
const FIELDS = ['name'] as const;

/**
 * Creates a key for checks by API. The key itself is in the answer only: it is shown here once, to
 * copy into the system that will use it, and gone when the admin leaves the page or hides it.
 */
export function CreateApiKeyForm({ organisationId }: { organisationId: string }) {
  const { t } = useTranslation(['organisations', 'common']);
  const createKey = useCreateApiKey(organisationId);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [created, setCreated] = useState<ApiKeyCreated | null>(null);
  const form = useZodForm(ApiKeyCreateSchema, { defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setCreated(null);
      try {
        setCreated(await createKey.mutateAsync(values));
        form.reset(EMPTY);
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <Card title={t('apiKeys.createTitle')} id="create-api-key">
      <p className={styles.meta}>{t('apiKeys.createIntro')}</p>
      {created ? (
        <SecretShownOnce
          key={created.secret}
          secret={created.secret}
          testId="api-key-secret"
          onHide={() => setCreated(null)}
          texts={{
            title: t('apiKeys.createdTitle', { name: created.name }),
            body: t('apiKeys.createdBody'),
            copy: t('apiKeys.copy'),
            copied: t('apiKeys.copied'),
            copyFailed: t('apiKeys.copyFailed'),
            hide: t('apiKeys.hideSecret'),
          }}
        />
      ) : null}
      <Form onSubmit={onSubmit} aria-label={t('apiKeys.createTitle')}>
        <ErrorSummary title={summary?.title} message={summary?.message} />
        <FormTextField
          control={form.control}
          name="name"
          label={t('apiKeys.name')}
          description={t('apiKeys.nameHint')}
          autoComplete="off"
          isRequired
        />
        <FormActions>
          <Button type="submit" isPending={createKey.isPending}>
            {t('apiKeys.createSubmit')}
          </Button>
        </FormActions>
      </Form>
    </Card>
  );
}
