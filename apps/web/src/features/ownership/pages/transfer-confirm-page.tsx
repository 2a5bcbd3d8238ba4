import type { Transfer } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useBike } from '../../../lib/api/bikes/get-bike.ts';
import { useCreateTransfer } from '../../../lib/api/ownership/transfers.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { ErrorSummary, FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { OwnershipBikeSummary } from '../components/ownership-bike.tsx';
import { TransferSteps } from '../components/transfer-steps.tsx';
import { thumbnailOf } from '../lib/bike-thumbnail.ts';
import { readTransferDraft, writeTransferDraft } from '../lib/transfer-draft.ts';
import styles from '../ownership.module.css';

/** The offer went out: where to follow it. */
function Sent({ transfer }: { transfer: Transfer }) {
  const { t } = useTranslation('ownership');
  return (
    <PageLayout title={t('transfer.sentTitle')} width="form">
      <Alert tone="success" title={t('transfer.sentHeading')}>
        <p className={styles.breakAnywhere}>
          {t('transfer.sentText', { email: transfer.recipient_email ?? '' })}
        </p>
      </Alert>
      <p>{t('transfer.sentNext')}</p>
      <div className={styles.actions}>
        {transfer.chat_id ? (
          <LinkButton href={paths.app.chat.getHref({ chatId: transfer.chat_id })}>
            {t('transfer.openChat')}
          </LinkButton>
        ) : null}
        <LinkButton
          href={paths.app.bikesOwnershipPortal.getHref()}
          variant={transfer.chat_id ? 'secondary' : 'primary'}
        >
          {t('transfer.toPortal')}
        </LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
          {t('transfer.toMyBikes')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

/**
 * /app/bikes/transfer-ownership/{bikeId}/confirm — step 3: the bike, the address and what happens;
 * confirming sends the offer (e-mail and chat offer to the recipient).
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['ownership', 'common']);
  const bike = useBike(bikeId);
  const create = useCreateTransfer();
  const [draft] = useState(() => readTransferDraft(bikeId));
  const [sent, setSent] = useState<Transfer | null>(null);

  if (sent) return <Sent transfer={sent} />;
  if (!draft?.recipient_email || draft.recipient_email !== draft.recipient_email_confirmation) {
    return <Navigate to={paths.app.transferOwnershipChooseRecipient.getHref({ bikeId })} replace />;
  }
  if (bike.isError && !bike.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('transfer.confirmTitle')}
        error={bike.error}
        retry={() => void bike.refetch()}
      />
    );
  if (!bike.data) return <LoadingState />;
  const data = bike.data;

  const send = () =>
    create.mutate(
      { bike_id: bikeId, ...draft },
      {
        onSuccess: (transfer) => {
          writeTransferDraft(bikeId, null);
          setSent(transfer);
        },
      },
    );

  const error = create.error;
  const code = isApiError(error) ? (error.issues[0]?.type ?? error.code) : null;

  return (
    <PageLayout title={t('transfer.confirmTitle')} lead={t('transfer.confirmLead')} width="form">
      <p className={styles.stepCounter}>{t('transfer.stepCounter', { step: 3, total: 3 })}</p>
      {error ? (
        <div>
          <ErrorSummary title={t('transfer.failedTitle')} message={errorMessage(error, t)} />
          <div className={styles.actions}>
            {code === 'transfer_pending' ? (
              <LinkButton href={paths.app.bikesOwnershipPortal.getHref()} variant="secondary" size="small">
                {t('transfer.seePending')}
              </LinkButton>
            ) : null}
            {code === 'transfer_to_self' || code === 'invalid_email' || code === 'emails_do_not_match' ? (
              <LinkButton
                href={paths.app.transferOwnershipChooseRecipient.getHref({ bikeId })}
                variant="secondary"
                size="small"
              >
                {t('transfer.changeRecipient')}
              </LinkButton>
            ) : null}
          </div>
        </div>
      ) : null}
      <Card title={t('transfer.summaryTitle')} id="transfer-summary">
        <OwnershipBikeSummary bike={{ ...data, thumbnail_url: thumbnailOf(data) }} headingLevel={3} />
        <dl className={styles.summary}>
          <dt>{t('transfer.recipientLabel')}</dt>
          <dd>
            <EmailAddress plain>{draft.recipient_email}</EmailAddress>
          </dd>
        </dl>
      </Card>
      <Card title={t('transfer.stepsTitle')} id="transfer-steps">
        <TransferSteps />
      </Card>
      <FormActions>
        <Button onPress={send} isPending={create.isPending}>
          {t('transfer.confirm')}
        </Button>
        <LinkButton
          href={paths.app.transferOwnershipChooseRecipient.getHref({ bikeId })}
          variant="secondary"
          isDisabled={create.isPending}
        >
          {t('transfer.back')}
        </LinkButton>
      </FormActions>
    </PageLayout>
  );
}
