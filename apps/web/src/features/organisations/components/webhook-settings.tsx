import { type WebhookSaved, WebhookSetSchema } from '@nbr/domain/checks';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDateTime } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useWebhook } from '../api/get-webhook.ts';
import { useRemoveWebhook } from '../api/remove-webhook.ts';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret.ts';
import { useSendWebhookTest } from '../api/send-webhook-test.ts';
import { useSetWebhook } from '../api/set-webhook.ts';
import styles from '../organisations.module.css';
import { SecretShownOnce } from './secret-shown-once.tsx';

const FIELDS = ['url'] as const;

/**
 * The organisation's webhook (issue 32 §1): the address a checked bike reported stolen is pushed to.
 * The signing secret is in the answer to the first save and to "New secret" only: shown here once,
 * to copy into the receiver, and gone when the admin hides it or leaves the page.
 */
export function WebhookSettings({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const overview = useWebhook(organisationId);
  const save = useSetWebhook(organisationId);
  const rotate = useRotateWebhookSecret(organisationId);
  const remove = useRemoveWebhook(organisationId);
  const sendTest = useSendWebhookTest(organisationId);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [shownSecret, setShownSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<'rotate' | 'remove' | null>(null);
  const webhook = overview.data?.webhook ?? null;
  const form = useZodForm(WebhookSetSchema, { defaultValues: { url: '' } });
  const { reset } = form;

  useEffect(() => {
    if (webhook) reset({ url: webhook.url });
  }, [webhook, reset]);

  const showSecret = (saved: WebhookSaved) => {
    if (saved.secret) setShownSecret(saved.secret);
  };

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      setNotice(null);
      try {
        showSecret(await save.mutateAsync(values));
        setNotice({ tone: 'success', text: t('webhook.saved') });
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  const onSendTest = async () => {
    setNotice(null);
    try {
      await sendTest.mutateAsync();
      setNotice({ tone: 'success', text: t('webhook.testQueued') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={t('webhook.title')} id="webhook">
      <p className={styles.meta}>{t('webhook.intro')}</p>
      {overview.isPending ? <LoadingState /> : null}
      {overview.isError ? (
        <Alert tone="error">
          <p>{errorMessage(overview.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void overview.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : null}
      {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
      {shownSecret ? (
        <SecretShownOnce
          key={shownSecret}
          secret={shownSecret}
          testId="webhook-secret"
          onHide={() => setShownSecret(null)}
          texts={{
            title: t('webhook.secretTitle'),
            body: t('webhook.secretBody'),
            copy: t('webhook.copy'),
            copied: t('webhook.copied'),
            copyFailed: t('webhook.copyFailed'),
            hide: t('webhook.hideSecret'),
          }}
        />
      ) : null}
      {overview.data ? (
        <>
          {webhook ? (
            <p className={`${styles.meta} ${styles.address}`}>
              {t('webhook.meta', {
                hint: `${webhook.secret_hint}…`,
                updated: formatDateTime(webhook.updated_at, i18n.language),
              })}
            </p>
          ) : (
            <p className={styles.meta}>{t('webhook.none')}</p>
          )}
          <Form onSubmit={onSubmit} aria-label={t('webhook.title')}>
            <ErrorSummary title={summary?.title} message={summary?.message} />
            <FormTextField
              control={form.control}
              name="url"
              type="url"
              inputMode="url"
              label={t('webhook.url')}
              description={t('webhook.urlHint')}
              autoComplete="off"
              isRequired
            />
            <FormActions>
              <Button type="submit" isPending={save.isPending}>
                {webhook ? t('webhook.update') : t('webhook.create')}
              </Button>
            </FormActions>
          </Form>
          {webhook ? (
            <div className={styles.actions}>
              <Button variant="secondary" isPending={sendTest.isPending} onPress={() => void onSendTest()}>
                {t('webhook.sendTest')}
              </Button>
              <Button variant="secondary" onPress={() => setConfirming('rotate')}>
                {t('webhook.rotate')}
              </Button>
              <Button variant="danger" onPress={() => setConfirming('remove')}>
                {t('webhook.remove')}
              </Button>
            </div>
          ) : null}
        </>
      ) : null}
      <ConfirmDialog
        isOpen={confirming !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setConfirming(null);
        }}
        title={confirming === 'remove' ? t('webhook.removeTitle') : t('webhook.rotateTitle')}
        confirmLabel={confirming === 'remove' ? t('webhook.removeConfirm') : t('webhook.rotateConfirm')}
        variant={confirming === 'remove' ? 'danger' : 'primary'}
        onConfirm={async () => {
          setNotice(null);
          if (confirming === 'remove') {
            await remove.mutateAsync();
            setShownSecret(null);
            reset({ url: '' });
            setNotice({ tone: 'success', text: t('webhook.removed') });
          } else {
            showSecret(await rotate.mutateAsync());
          }
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{confirming === 'remove' ? t('webhook.removeBody') : t('webhook.rotateBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
