import type { PublicBike } from '@nbr/domain/bikes';
import { CONTACT_MESSAGE_MAX_LENGTH, ContactMessageSchema } from '@nbr/domain/finds';
import { EmailSchema } from '@nbr/domain/identity';
import { useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { z } from 'zod';
import { PublicBikeView } from '../../../components/bike/public-bike-view.tsx';
import { paths } from '../../../config/paths.ts';
import { usePublicBike } from '../../../lib/api/bikes/get-public-bike.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { rememberRedirect } from '../../../lib/redirect.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useContactOwner } from '../api/contact-owner.ts';
import { CountedMessageField } from '../components/counted-message-field.tsx';
import styles from '../finds.module.css';
import type { ContactSuccessState } from './contact-bike-owner-success-page.tsx';

const SignedInSchema = z.object({ message: ContactMessageSchema });
const VisitorSchema = z.object({
  message: ContactMessageSchema,
  email: EmailSchema,
  website: z.string().optional(),
});
type VisitorForm = z.input<typeof VisitorSchema>;

/** A visitor may only write about a stolen bike: anything else needs an account (and a login first). */
function LogInToContact({ bikeId }: { bikeId: string }) {
  const { t } = useTranslation('finds');
  return (
    <Alert tone="info" title={t('contact.notStolenTitle')} announce="none">
      <p>{t('contact.notStolenText')}</p>
      <div className={styles.actions}>
        <LinkButton
          href={paths.auth.login.getHref()}
          onPress={() => rememberRedirect(paths.app.contactBikeOwner.getHref({ bikeId }))}
        >
          {t('contact.logIn')}
        </LinkButton>
      </div>
    </Alert>
  );
}

function WhatHappens({ isVisitor }: { isVisitor: boolean }) {
  const { t } = useTranslation('finds');
  const steps = isVisitor
    ? [t('contact.visitorStep1'), t('contact.visitorStep2'), t('contact.visitorStep3')]
    : [t('contact.memberStep1'), t('contact.memberStep2'), t('contact.memberStep3')];
  return (
    <section aria-labelledby="contact-what-happens" className={styles.section}>
      <h2 id="contact-what-happens" className={styles.sectionTitle}>
        {t('contact.whatHappens')}
      </h2>
      <ol className={styles.steps}>
        {steps.map((step) => (
          <li key={step}>{step}</li>
        ))}
      </ol>
    </section>
  );
}

function ContactForm({ bikeId, isVisitor }: { bikeId: string; isVisitor: boolean }) {
  const { t } = useTranslation(['finds', 'common']);
  const navigate = useNavigate();
  const send = useContactOwner();
  const invalidMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  // One form shape for both: a signed-in sender simply has no address field (and the schema without it).
  const form = useZodForm(isVisitor ? VisitorSchema : (SignedInSchema as unknown as typeof VisitorSchema), {
    defaultValues: { message: '', email: '', website: '' } satisfies VisitorForm,
  });
  const { field, fieldState } = useController({ control: form.control, name: 'message' });
  const code = isApiError(send.error) ? send.error.code : null;

  const onSubmit = form.handleSubmit(
    async (values) => {
      setSummary(null);
      try {
        const result = await send.mutateAsync({
          bikeId,
          message: values.message,
          ...(isVisitor ? { email: values.email, website: values.website ?? '' } : {}),
        });
        const state: ContactSuccessState = { email: isVisitor ? values.email : null };
        navigate(
          paths.app.contactBikeOwnerSuccess.getHref(
            { bikeId },
            result.chat_id ? { chat: result.chat_id } : undefined,
          ),
          { state },
        );
      } catch (error) {
        setSummary({
          title: t('contact.failedTitle'),
          message: applyApiError(error, form.setError, t, ['message', 'email']),
        });
      }
    },
    (errors) => setSummary(invalidMessage(errors)),
  );

  return (
    <Form onSubmit={onSubmit} aria-labelledby="contact-form-heading">
      <ErrorSummary title={summary?.title} message={summary?.message} />
      {code === 'bike_not_stolen' ? <LogInToContact bikeId={bikeId} /> : null}
      <CountedMessageField
        name={field.name}
        label={t('contact.message')}
        description={t('contact.messageHint')}
        value={field.value ?? ''}
        onChange={field.onChange}
        onBlur={field.onBlur}
        inputRef={field.ref}
        error={fieldState.error?.message}
        maxLength={CONTACT_MESSAGE_MAX_LENGTH}
        isRequired
      />
      {isVisitor ? (
        <>
          <FormTextField
            control={form.control}
            name="email"
            type="email"
            autoComplete="email"
            label={t('contact.email')}
            description={t('contact.emailHint')}
            isRequired
          />
          <div className={styles.trap} aria-hidden="true">
            <label htmlFor="contact-website">{t('contact.website')}</label>
            <input
              id="contact-website"
              type="text"
              tabIndex={-1}
              autoComplete="off"
              {...form.register('website')}
            />
          </div>
        </>
      ) : null}
      <FormActions>
        <Button type="submit" isPending={send.isPending}>
          {t('contact.send')}
        </Button>
      </FormActions>
    </Form>
  );
}

function ContactSection({ bike, isVisitor }: { bike: PublicBike; isVisitor: boolean }) {
  const { t } = useTranslation('finds');
  if (isVisitor && bike.status !== 'stolen') return <LogInToContact bikeId={bike.bike_id} />;
  return (
    <section aria-labelledby="contact-form-heading" className={styles.section}>
      <h2 id="contact-form-heading" className={styles.sectionTitle}>
        {t('contact.formTitle')}
      </h2>
      <p className={styles.muted}>{isVisitor ? t('contact.visitorLead') : t('contact.memberLead')}</p>
      <WhatHappens isVisitor={isVisitor} />
      <ContactForm bikeId={bike.bike_id} isVisitor={isVisitor} />
    </section>
  );
}

/**
 * /app/bikes/{bikeId}/contact-bike-owner — a message to a bike's owner (SPEC §6: anyone who sees a
 * stolen bike may contact its owner anonymously). Open to visitors, for a stolen bike: a finder must
 * not need an account to tell an owner where their bike is. Neither side sees the other's address.
 */
export function Component() {
  const { t } = useTranslation(['finds', 'search', 'common']);
  const { bikeId = '' } = useParams();
  const { claims, isLoggedIn, isSwitched } = useSession();
  const bike = usePublicBike(bikeId, claims?.party_id ?? null);

  if (bike.isPending) {
    return (
      <PageLayout title={t('contact.title')} width="form">
        <LoadingState />
      </PageLayout>
    );
  }

  if (bike.isError) {
    const notFound = isApiError(bike.error) && (bike.error.status === 404 || bike.error.status === 422);
    return (
      <PageLayout title={t('contact.title')} width="form">
        <Alert tone={notFound ? 'warning' : 'error'} announce="none">
          <p>{notFound ? t('common:messages.bikeNotFound') : errorMessage(bike.error, t)}</p>
        </Alert>
        <div className={styles.actions}>
          {notFound ? null : (
            <Button variant="secondary" onPress={() => void bike.refetch()}>
              {t('common:actions.tryAgain')}
            </Button>
          )}
          <LinkButton href={paths.public.search.getHref()} variant="secondary">
            {t('contact.search')}
          </LinkButton>
        </div>
      </PageLayout>
    );
  }

  if (bike.data.is_owner) {
    return (
      <PageLayout title={t('contact.title')} width="form">
        <Alert tone="info" title={t('contact.ownBikeTitle')} announce="none">
          <p>{t('common:errors.own_bike')}</p>
        </Alert>
        <div className={styles.actions}>
          <LinkButton href={paths.app.bike.getHref({ bikeId })}>{t('contact.toOwnBike')}</LinkButton>
        </div>
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('contact.title')} lead={t('contact.lead')} width="reading">
      <PublicBikeView bike={bike.data} />
      {isSwitched ? (
        <Alert tone="info" announce="none">
          <p>{t('common:errors.not_allowed_while_switched')}</p>
        </Alert>
      ) : (
        <ContactSection bike={bike.data} isVisitor={!isLoggedIn} />
      )}
    </PageLayout>
  );
}
