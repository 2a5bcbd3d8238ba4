import { SignUpSchema } from '@nbr/domain/identity';
import { ChoosableLanguageSchema, type Language, type Region, RegionSchema } from '@nbr/domain/locale';
import { type ReactNode, useEffect, useState } from 'react';
import { useController } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { z } from 'zod';
import { paths } from '../../../config/paths.ts';
import { useBrowserSnapshot } from '../../../hooks/use-browser-snapshot.ts';
import { useLanguage } from '../../../lib/i18n.ts';
import { pageData } from '../../../lib/page-data.ts';
import { isOfferWaiting } from '../../../lib/redirect.ts';
import { useRegion } from '../../../lib/region.ts';
import { STORAGE_KEYS, writeStorage } from '../../../lib/storage.ts';
import { track } from '../../../lib/tracking.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import {
  applyApiError,
  ErrorSummary,
  Form,
  FormActions,
  FormPasswordField,
  FormTextField,
  useInvalidFormMessage,
  useZodForm,
} from '../../../ui/form.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { Select } from '../../../ui/select.tsx';
import { googleConfigurationQuery } from '../api/get-google-configuration.ts';
import { useSignUp } from '../api/sign-up.ts';
import styles from '../auth.module.css';
import { AcceptTermsCheckbox } from '../components/accept-terms-checkbox.tsx';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { NationalSignInButton } from '../components/national-sign-in-button.tsx';
import { SignUpMailSent } from '../components/sign-up-mail-sent.tsx';

/** The sign-up payload plus the acceptance box: signing up means accepting privacy policy and terms. */
const SignUpFormSchema = SignUpSchema.pick({
  email: true,
  password: true,
  phone: true,
  zip_code: true,
}).extend({
  chosen_region: RegionSchema,
  accept: z.boolean().refine((accepted) => accepted, { error: 'must_accept' }),
});

const SERVER_FIELDS = ['email', 'password', 'phone', 'zip_code'] as const;

export interface SignUpScreenProps {
  /** The page's heading and lead; the sign-up page's own by default. */
  title?: string;
  lead?: ReactNode;
  /** Shown above the form, e.g. the sticker a visitor scanned (/signup/from-scan). */
  notice?: ReactNode;
}

/** The first screen's data (issue 31): whether Google sign-in is on (its button). */
export const loader = pageData((_args, fetch) => [fetch(googleConfigurationQuery())]);

/** /signup */
export function Component() {
  return <SignUpScreen />;
}

/**
 * The sign-up screen. Other ways in (signing up after scanning a sticker) show it with their own
 * heading; where the journey continues after the newsletter question is the remembered redirect.
 */
export function SignUpScreen({ title, lead, notice }: SignUpScreenProps) {
  const { t } = useTranslation(['auth', 'common']);
  const { language, choosable, setLanguage } = useLanguage();
  // The region the page was painted with (issue 31: the device's choice in a cookie, else the
  // language's), then the one stored on this device.
  const { region, regions } = useRegion();
  const [searchParams] = useSearchParams();
  const signUp = useSignUp();
  // The page that sent the person here is known to this browser only: shown once hydrated.
  const offerWaiting = useBrowserSnapshot(isOfferWaiting, false);
  const invalidFormMessage = useInvalidFormMessage();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(null);
  // Where the link went: a new account and a taken address are answered alike (issue 14).
  const [sentTo, setSentTo] = useState<string | null>(null);
  // An insurer's sign-up link (?insurer={insurerPartyId}): signup-complete-page.tsx makes the link
  // after sign-up, whichever way the account is made (the mailed link may open in another tab).
  const insurer = searchParams.get('insurer');
  useEffect(() => {
    if (insurer) writeStorage(STORAGE_KEYS.signUpInsurer, insurer);
  }, [insurer]);

  const form = useZodForm(SignUpFormSchema, {
    defaultValues: { email: '', password: '', phone: '', zip_code: '', chosen_region: region, accept: false },
  });
  const regionField = useController({ control: form.control, name: 'chosen_region' });
  // The region stored on this device, once known, is the field's default unless the person chose one
  // (a device whose choice predates the cookie the server paints with).
  const { getFieldState, resetField } = form;
  useEffect(() => {
    if (!getFieldState('chosen_region').isDirty) resetField('chosen_region', { defaultValue: region });
  }, [region, getFieldState, resetField]);

  const onSubmit = form.handleSubmit(
    async ({ accept: _accepted, ...values }) => {
      setSummary(null);
      try {
        await signUp.mutateAsync({
          ...values,
          skip_email: false,
          // Icelandic is only a partial translation: such a visitor's account gets the default language.
          chosen_language: ChoosableLanguageSchema.safeParse(language).data,
          friend_ref: searchParams.get('friend_ref') || null,
          user_ref: searchParams.get('user_ref') || null,
        });
        track('signup', 'mailed', { region: values.chosen_region });
        setSentTo(values.email.trim());
      } catch (error) {
        setSummary({ message: applyApiError(error, form.setError, t, SERVER_FIELDS) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  if (sentTo) {
    return (
      <PageLayout title={title ?? t('signup.title')} width="form">
        <SignUpMailSent email={sentTo} onOtherAddress={() => setSentTo(null)} />
      </PageLayout>
    );
  }

  return (
    <PageLayout title={title ?? t('signup.title')} lead={lead ?? t('signup.intro')} width="form">
      {notice}
      {offerWaiting && !notice ? (
        <Alert tone="info" title={t('offerWaiting.title')}>
          <p>{t('offerWaiting.signup')}</p>
        </Alert>
      ) : null}
      <div className={styles.panel}>
        <NationalSignInButton
          mode="signup"
          region={regionField.field.value}
          friendRef={searchParams.get('friend_ref')}
        />
        <GoogleSignIn
          mode="signup"
          choices={() => ({
            region: form.getValues('chosen_region'),
            language,
            // An invitation link's code goes with the person to Google and back.
            ...(searchParams.get('friend_ref') ? { friendRef: searchParams.get('friend_ref') ?? '' } : {}),
          })}
        />
        <Form onSubmit={onSubmit}>
          <ErrorSummary title={summary?.title} message={summary?.message} />
          <FormTextField
            control={form.control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="email"
            inputMode="email"
            isRequired
          />
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('fields.password')}
            description={t('passwordRules')}
            autoComplete="new-password"
            isRequired
          />
          <FormTextField
            control={form.control}
            name="phone"
            label={t('fields.phone')}
            description={t('fields.phoneHint')}
            type="tel"
            autoComplete="tel"
            inputMode="tel"
            isOptional
          />
          <FormTextField
            control={form.control}
            name="zip_code"
            label={t('fields.zipCode')}
            autoComplete="postal-code"
            inputMode="numeric"
            isOptional
          />
          <div className={styles.choices}>
            <Select
              label={t('fields.language')}
              options={choosable.map((code) => ({ value: code, label: t(`common:languages.${code}`) }))}
              value={language}
              onChange={(value) => void setLanguage(value as Language)}
            />
            <Select
              label={t('fields.region')}
              options={regions.map((code) => ({ value: code, label: t(`signup.regions.${code}`) }))}
              value={regionField.field.value}
              onChange={(value) => regionField.field.onChange(value as Region)}
              name={regionField.field.name}
              error={regionField.fieldState.error?.message}
            />
          </div>
          <AcceptTermsCheckbox control={form.control} id="signup-accept" />
          <FormActions>
            <Button type="submit" fullWidth isPending={signUp.isPending}>
              {t('signup.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
      <p>
        {t('signup.haveAccount')} <Link href={paths.auth.login.getHref()}>{t('signup.loginLink')}</Link>
      </p>
    </PageLayout>
  );
}
