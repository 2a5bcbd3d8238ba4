import { OWNERSHIP_REQUEST_MESSAGE_MAX, OwnershipRequestCreateSchema } from '@nbr/domain/ownership';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import type { z } from 'zod';
import { PublicBikeView } from '../../../components/bike/public-bike-view.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicBike } from '../../../lib/api/bikes/get-public-bike.ts';
import { useCreateRequest, useOwnershipRequests } from '../../../lib/api/ownership/requests.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { MessageField } from '../components/message-field.tsx';
import styles from '../ownership.module.css';

const MessageFormSchema = OwnershipRequestCreateSchema.pick({ message: true });
type MessageForm = z.input<typeof MessageFormSchema>;

/** 'You already asked for this bike': the way back into that conversation. */
function ExistingRequestLink({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('ownership');
  const requests = useOwnershipRequests();
  const existing = requests.data?.find(
    (request) =>
      request.direction === 'outgoing' && request.bike.bike_id === bikeId && request.status === 'open',
  );
  const href = existing
    ? paths.app.chat.getHref({ chatId: existing.chat_id })
    : paths.app.bikesOwnershipPortal.getHref();
  return (
    <LinkButton href={href} variant="secondary" size="small">
      {existing ? t('request.openChat') : t('transfer.toPortal')}
    </LinkButton>
  );
}

function RequestForm({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation(['ownership', 'common']);
  const navigate = useNavigate();
  const create = useCreateRequest();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  const form = useZodForm(MessageFormSchema, { defaultValues: { message: '' } satisfies MessageForm });
  const { field, fieldState } = useController({ control: form.control, name: 'message' });
  const code = isApiError(create.error) ? create.error.code : null;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        const created = await create.mutateAsync({ bike_id: bikeId, message: values.message });
        navigate(paths.app.requestOwnershipSuccess.getHref({ chatId: created.chat_id }), {
          state: { sent: true },
        });
      } catch (error) {
        setSummary({
          title: t('request.failedTitle'),
          message: applyApiError(error, form.setError, t, ['message']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-label={t('request.formLabel')}>
      <ErrorSummary title={summary?.title} message={summary?.message} />
      {code === 'request_exists' || code === 'own_bike' ? (
        <div className={styles.actions}>
          {code === 'request_exists' ? (
            <ExistingRequestLink bikeId={bikeId} />
          ) : (
            <LinkButton href={paths.app.bike.getHref({ bikeId })} variant="secondary" size="small">
              {t('request.toOwnBike')}
            </LinkButton>
          )}
        </div>
      ) : null}
      <MessageField
        name={field.name}
        label={t('request.message')}
        description={t('request.messageHint', { max: OWNERSHIP_REQUEST_MESSAGE_MAX })}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.error?.message}
        maxLength={OWNERSHIP_REQUEST_MESSAGE_MAX}
      />
      <FormActions>
        <Button type="submit" isPending={create.isPending}>
          {t('request.send')}
        </Button>
        <LinkButton href={paths.app.requestOwnership.getHref()} variant="secondary">
          {t('request.searchAgain')}
        </LinkButton>
      </FormActions>
    </Form>
  );
}

/**
 * /app/bikes/request-ownership/{bikeId} — the bike as anyone may see it, and a message to its owner
 * asking for it. The owner stays anonymous until they answer in the chat.
 */
export function Component() {
  const { bikeId = '' } = useParams();
  const { t } = useTranslation(['ownership', 'search', 'common']);
  const { claims } = useSession();
  const bike = usePublicBike(bikeId, claims?.party_id ?? null);

  if (bike.isPending) return <LoadingState />;
  if (bike.isError) {
    const notFound = isApiError(bike.error) && (bike.error.status === 404 || bike.error.status === 422);
    return (
      <PageLayout title={t('request.bikeTitle')} width="form">
        <Alert tone="warning" announce="none">
          <p>{notFound ? t('common:messages.bikeNotFound') : t('common:errors.server_error')}</p>
        </Alert>
        <div className={styles.actions}>
          <LinkButton href={paths.app.requestOwnership.getHref()} variant="secondary">
            {t('request.searchAgain')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }

  if (bike.data.is_owner) {
    return (
      <PageLayout title={t('request.bikeTitle')} width="form">
        <Alert tone="info" title={t('request.ownBikeTitle')} announce="none">
          <p>{t('common:errors.own_bike')}</p>
        </Alert>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bike.getHref({ bikeId })}>{t('request.toOwnBike')}</LinkButton>
        </div>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('request.bikeTitle')} lead={t('request.bikeLead')} width="form">
      <PublicBikeView bike={bike.data} />
      <section aria-labelledby="request-message-heading" className={styles.section}>
        <h2 id="request-message-heading" className={styles.sectionTitle}>
          {t('request.messageTitle')}
        </h2>
        <p className={styles.hint}>{t('request.anonymity')}</p>
        <RequestForm bikeId={bikeId} />
      </section>
    </PageLayout>
  );
}
