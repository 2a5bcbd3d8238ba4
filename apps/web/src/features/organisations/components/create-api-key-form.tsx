import { type ApiKeyCreated, ApiKeyCreateSchema } from '@nbr/domain/checks';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
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
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);
  const form = useZodForm(ApiKeyCreateSchema, { defaultValues: EMPTY });

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setCreated(null);
      setCopied(null);
      try {
        setCreated(await createKey.mutateAsync(values));
        form.reset(EMPTY);
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  const copy = async (secret: string) => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Card title={t('apiKeys.createTitle')} id="create-api-key">
      <p className={styles.meta}>{t('apiKeys.createIntro')}</p>
      {created ? (
        <Alert tone="success" title={t('apiKeys.createdTitle', { name: created.name })}>
          <p>{t('apiKeys.createdBody')}</p>
          <p className={styles.secret} data-testid="api-key-secret">
            {created.secret}
          </p>
          <div className={styles.actions}>
            <Button size="small" variant="secondary" onPress={() => void copy(created.secret)}>
              {t('apiKeys.copy')}
            </Button>
            <Button size="small" variant="secondary" onPress={() => setCreated(null)}>
              {t('apiKeys.hideSecret')}
            </Button>
          </div>
          {copied === 'yes' ? <p role="status">{t('apiKeys.copied')}</p> : null}
          {copied === 'failed' ? <p role="status">{t('apiKeys.copyFailed')}</p> : null}
        </Alert>
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
