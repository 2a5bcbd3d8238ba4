import { ChoosableLanguageSchema, type Region } from '@nbr/domain/locale';
import { NATIONAL_IDENTITY_NAMES } from '@nbr/domain/national-identity';
import { type NationalSignInCompleteResponse, NationalSignUpSchema } from '@nbr/domain/national-sign-in';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useLanguage } from '../../../lib/i18n.ts';
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
import { useCompleteNationalSignIn } from '../api/complete-national-sign-in.ts';
import { useSignUpWithNationalIdentity } from '../api/sign-up-with-national-identity.ts';
import styles from '../auth.module.css';
import { AcceptTermsCheckbox } from '../components/accept-terms-checkbox.tsx';
import { SignUpMailSent } from '../components/sign-up-mail-sent.tsx';
import { type PendingNationalSignIn, takeNationalSignIn } from '../national-sign-in.ts';

type SignUpOffer = Extract<NationalSignInCompleteResponse, { result: 'sign_up' }>;

const FormSchema = NationalSignUpSchema.pick({ email: true }).extend({
  accept: z.boolean().refine((accepted) => accepted, { error: 'must_accept' }),
});

/**
 * /login/national-identity?code=…&state=…[&iss=…] or ?error=…&state=… — where MitID/BankID return
 * the browser after "Log in with MitID/BankID". A verified account is signed in; a person the
 * register does not know yet may open an account with the name and birth date the provider gave,
 * and an e-mail address that is then confirmed by mail.
 */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const [searchParams] = useSearchParams();
  const { signIn } = useSession();
  const complete = useCompleteNationalSignIn();
  const [pending] = useState<PendingNationalSignIn | null>(() => takeNationalSignIn());
  const [offer, setOffer] = useState<SignUpOffer | null>(null);
  const providerError = searchParams.get('error');
  const started = useRef(false);

  // biome-ignore lint/correctness/useExhaustiveDependencies: the provider's answer is sent once per visit
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const state = searchParams.get('state');
    const code = searchParams.get('code');
    const iss = searchParams.get('iss');
    if (!pending || !state || (!code && !providerError)) return;
    complete.mutate(
      {
        transaction: pending.transaction,
        state,
        ...(code ? { code } : { error: (providerError ?? 'error').slice(0, 100) }),
        ...(iss ? { iss } : {}),
      },
      {
        onSuccess: (answer) => {
          if (answer.result === 'signed_in') signIn(answer.authentication_token, 'national_identity');
          else setOffer(answer);
        },
      },
    );
  }, []);

  if (offer && pending)
    return <NationalSignUp offer={offer} region={pending.region} friendRef={pending.friendRef} />;

  const isWorking = !complete.isError && (complete.isPending || complete.isSuccess);
  if (isWorking) {
    return (
      <PageLayout title={t('national.completingTitle')} width="form">
        <div className={styles.panel}>
          <LoadingState label={t('national.completing')} />
        </div>
      </PageLayout>
    );
  }

  const isCancelled = providerError === 'access_denied';
  const message = isCancelled
    ? t('national.cancelled')
    : complete.isError
      ? errorMessage(complete.error, t)
      : t('national.invalidReturn');
  return (
    <PageLayout title={isCancelled ? t('national.cancelledTitle') : t('national.failedTitle')} width="form">
      <div className={styles.panel}>
        <Alert tone={isCancelled ? 'info' : 'error'}>
          <p>{message}</p>
        </Alert>
        <p>
          <LinkButton href={paths.auth.login.getHref()} variant="secondary">
            {t('national.backToLogin')}
          </LinkButton>
        </p>
      </div>
    </PageLayout>
  );
}

/** The sign-up step: what the provider said, the e-mail address and acceptance of the terms. */
function NationalSignUp({
  offer,
  region,
  friendRef,
}: {
  offer: SignUpOffer;
  region: Region;
  friendRef?: string | undefined;
}) {
  const { t } = useTranslation(['auth', 'common']);
  const { language } = useLanguage();
  const signUp = useSignUpWithNationalIdentity();
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  // Where the link went: a new account and a taken address are answered alike (issue 14).
  const [sentTo, setSentTo] = useState<string | null>(null);
  const form = useZodForm(FormSchema, { defaultValues: { email: '', accept: false } });
  const provider = NATIONAL_IDENTITY_NAMES[offer.provider];
  const name = [offer.first_name, offer.last_name].filter(Boolean).join(' ');

  const onSubmit = form.handleSubmit(
    async ({ email }) => {
      setSummary(null);
      try {
        await signUp.mutateAsync({
          sign_up_ticket: offer.sign_up_ticket,
          email,
          chosen_language: ChoosableLanguageSchema.safeParse(language).data,
          chosen_region: region,
          friend_ref: friendRef ?? null,
        });
        setSentTo(email.trim());
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, ['email']) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  if (sentTo) {
    return (
      <PageLayout title={t('national.signupTitle')} width="form">
        <SignUpMailSent email={sentTo} onOtherAddress={() => setSentTo(null)} />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={t('national.signupTitle')} lead={t('national.signupIntro', { provider })} width="form">
      <div className={styles.panel}>
        <dl className={styles.facts}>
          <dt>{t('national.name')}</dt>
          <dd>{name || '–'}</dd>
          <dt>{t('national.birthDate')}</dt>
          <dd>{formatDate(offer.birth_date, language)}</dd>
        </dl>
        <Form onSubmit={onSubmit}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <FormTextField
            control={form.control}
            name="email"
            label={t('fields.email')}
            description={t('national.emailHint')}
            type="email"
            autoComplete="email"
            inputMode="email"
            isRequired
          />
          <AcceptTermsCheckbox control={form.control} id="national-signup-accept" />
          <FormActions>
            <Button type="submit" fullWidth isPending={signUp.isPending}>
              {t('signup.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
    </PageLayout>
  );
}
