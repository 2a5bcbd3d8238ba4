import { type TransferRecipientForm, TransferRecipientFormSchema } from '@nbr/domain/ownership';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import {
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { OwnershipBikeSummary } from '../components/ownership-bike.tsx';
import { thumbnailOf } from '../lib/bike-thumbnail.ts';
import { readTransferDraft, writeTransferDraft } from '../lib/transfer-draft.ts';
import { notTransferableReason } from '../lib/transferability.ts';
import styles from '../ownership.module.css';

const EMPTY: TransferRecipientForm = { recipient_email: '', recipient_email_confirmation: '' };

function RecipientForm({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation(['ownership', 'common']);
  const navigate = useNavigate();
  const { claims } = useSession();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title: string; message: string } | null>(null);
  const form = useZodForm(TransferRecipientFormSchema, {
    defaultValues: readTransferDraft(bikeId) ?? EMPTY,
  });

  // What is typed is kept for this tab, so Back from the confirm step (or a reload) keeps it.
  useEffect(() => {
    const subscription = form.watch((values) =>
      writeTransferDraft(bikeId, {
        recipient_email: values.recipient_email ?? '',
        recipient_email_confirmation: values.recipient_email_confirmation ?? '',
      }),
    );
    return () => subscription.unsubscribe();
  }, [form, bikeId]);

  const onSubmit = form.handleSubmit(
    (values) => {
      const own = claims?.email?.trim().toLowerCase();
      if (own && values.recipient_email.trim().toLowerCase() === own) {
        form.setError('recipient_email', { type: 'server', message: 'transfer_to_self' });
        setSummary({
          title: t('common:messages.somethingWrong'),
          message: t('common:validation.transfer_to_self'),
        });
        return;
      }
      writeTransferDraft(bikeId, values);
      navigate(paths.app.transferOwnershipConfirm.getHref({ bikeId }));
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={t('transfer.recipientFormLabel')}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      <FormTextField
        control={form.control}
        name="recipient_email"
        label={t('transfer.email')}
        description={t('transfer.emailHint')}
        type="email"
        autoComplete="off"
        inputMode="email"
      />
      <FormTextField
        control={form.control}
        name="recipient_email_confirmation"
        label={t('transfer.emailConfirmation')}
        type="email"
        autoComplete="off"
        inputMode="email"
      />
      <FormActions>
        <Button type="submit">{t('transfer.next')}</Button>
        <LinkButton href={paths.app.transferOwnership.getHref()} variant="secondary">
          {t('transfer.back')}
        </LinkButton>
      </FormActions>
    </Form>
  );
}

/** /app/bikes/transfer-ownership/{bikeId}/choose-recipient — step 2: the recipient's e-mail, twice. */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['ownership', 'common']);
  const bike = useBike(bikeId);

  if (bike.isError && !bike.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('transfer.recipientTitle')}
        error={bike.error}
        retry={() => void bike.refetch()}
      />
    );
  if (!bike.data) return <LoadingState />;
  const data = bike.data;
  const reason = notTransferableReason(data);

  return (
    <PageLayout title={t('transfer.recipientTitle')} lead={t('transfer.recipientLead')} width="form">
      <p className={styles.stepCounter}>{t('transfer.stepCounter', { step: 2, total: 3 })}</p>
      <Card title={t('transfer.bikeTitle')} id="transfer-bike">
        <OwnershipBikeSummary bike={{ ...data, thumbnail_url: thumbnailOf(data) }} headingLevel={3} />
      </Card>
      {reason ? (
        <Alert tone="warning" title={t('transfer.notTransferableTitle')} announce="none">
          <p>{t(`transfer.reasons.${reason}`)}</p>
          <div className={styles.actions}>
            {reason === 'stolen' ? null : (
              <LinkButton href={paths.app.bikeEdit.getHref({ bikeId })} variant="secondary" size="small">
                {t(`transfer.addMissing.${reason}`)}
              </LinkButton>
            )}
            <LinkButton href={paths.app.transferOwnership.getHref()} variant="secondary" size="small">
              {t('transfer.back')}
            </LinkButton>
          </div>
        </Alert>
      ) : (
        <RecipientForm bikeId={bikeId} />
      )}
    </PageLayout>
  );
}
