import { LoginSchema } from '@nbr/domain/identity';
import { useCallback, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type ActionFunctionArgs, data, redirect, useActionData, useLocation } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useBrowserSnapshot } from '../../../hooks/use-browser-snapshot.ts';
import { useHydrated } from '../../../hooks/use-hydrated.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { pageData } from '../../../lib/page-data.ts';
import { isOfferWaiting, type LoginPageState } from '../../../lib/redirect.ts';
import { useRegion } from '../../../lib/region.ts';
import { signInHandoverCookie, useSession } from '../../../lib/session.ts';
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
import { googleConfigurationQuery } from '../api/get-google-configuration.ts';
import { logIn as requestLogIn, useLogIn } from '../api/log-in.ts';
import styles from '../auth.module.css';
import { GoogleSignIn } from '../components/google-sign-in.tsx';
import { NationalSignInButton } from '../components/national-sign-in-button.tsx';
import { rememberPasswordResetEmail } from '../password-reset-email.ts';

/** The first screen's data (issue 31): whether Google sign-in is on (its button). */
export const loader = pageData((_args, fetch) => [fetch(googleConfigurationQuery())]);

/** A login the server answered (a refusal): what was typed, and why. */
interface RefusedLogin {
  email: string;
  code: string;
  message: string | null;
}

/**
 * The login form as the browser posts it before the app's script runs (issue 31; only on the server,
 * platform/http/web-app.ts): signed in, the session is handed to the app in a one-minute cookie it
 * takes at start (lib/session.ts), and the app goes on to /app; refused, the page is painted again
 * with the address kept and the API's reason, in the page's language.
 */
export async function action({ request }: ActionFunctionArgs) {
  const form = await request.formData();
  const email = String(form.get('email') ?? '').trim();
  const credentials = LoginSchema.safeParse({ email, password: String(form.get('password') ?? '') });
  if (!credentials.success) {
    return data<RefusedLogin>({ email, code: 'validation_failed', message: null }, { status: 422 });
  }
  try {
    const token = await requestLogIn(credentials.data);
    const secure = new URL(request.url).protocol === 'https:';
    return redirect(paths.app.home.getHref(), {
      headers: { 'Set-Cookie': signInHandoverCookie(token, secure) },
    });
  } catch (error) {
    if (!isApiError(error)) throw error;
    const status = error.status >= 400 ? error.status : 503;
    return data<RefusedLogin>({ email, code: error.code, message: error.detail }, { status });
  }
}

/**
 * /login. Painted on the server (issue 31): what only this browser knows — the page that sent the
 * person here, a session that ended — shows once it has hydrated.
 * Before the JavaScript runs, the form is posted to the page's own address.
 */
export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const { signIn } = useSession();
  const { region } = useRegion();
  const isHydrated = useHydrated();
  const location = useLocation();
  const logIn = useLogIn();
  const invalidFormMessage = useInvalidFormMessage();
  // A login the browser posted before the script ran, refused by the server: the same answer as the app's.
  const refused = useActionData<RefusedLogin>();
  const [summary, setSummary] = useState<{ title?: string; message: string } | null>(() =>
    refused
      ? {
          message:
            refused.message ??
            t(`common:errors.${refused.code}`, { defaultValue: t('common:errors.unexpected') }),
        }
      : null,
  );
  // A wrong password and an account awaiting its link are answered alike (so the answer tells no
  // stranger whether an address is registered): the hint covers the second, whose mailbox the API
  // sends the link again when the chosen password was given (issue 27).
  const [isCredentialsRefused, setIsCredentialsRefused] = useState(refused?.code === 'invalid_credentials');
  const form = useZodForm(LoginSchema, { defaultValues: { email: refused?.email ?? '', password: '' } });
  const isSessionEnded = isHydrated && (location.state as LoginPageState | null)?.reason === 'session_ended';
  const offerWaiting = useBrowserSnapshot(isOfferWaiting, false);

  // Google would not sign in to this account by its address: the password form takes over.
  const onPasswordRequired = useCallback(
    (email: string) => {
      form.setValue('email', email);
      form.setFocus('password');
    },
    [form],
  );

  const onSubmit = form.handleSubmit(
    async (credentials) => {
      setSummary(null);
      setIsCredentialsRefused(false);
      try {
        signIn(await logIn.mutateAsync(credentials));
      } catch (error) {
        // Wrong password and unknown e-mail get the same answer; keep what was typed, clear nothing.
        if (isApiError(error) && error.code === 'invalid_credentials') {
          form.setFocus('password');
          setIsCredentialsRefused(true);
        }
        setSummary({ message: applyApiError(error, form.setError, t, ['email', 'password']) });
      }
    },
    (errors) => setSummary(invalidFormMessage(errors)),
  );

  return (
    <PageLayout title={t('login.title')} lead={t('login.intro')} width="form">
      <div className={styles.panel}>
        <NationalSignInButton mode="login" region={region} />
        <GoogleSignIn mode="login" onPasswordRequired={onPasswordRequired} />
        <Form onSubmit={onSubmit} method="post" action={`${paths.auth.login.getHref()}${location.search}`}>
          {offerWaiting ? (
            <Alert tone="info" title={t('offerWaiting.title')}>
              <p>{t('offerWaiting.login')}</p>
              <p>
                <Link href={paths.auth.signup.getHref()}>{t('offerWaiting.signupLink')}</Link>
              </p>
            </Alert>
          ) : null}
          {isSessionEnded && !summary ? (
            <Alert tone="info">
              <p>{t('common:errors.invalid_token')}</p>
            </Alert>
          ) : null}
          <ErrorSummary title={summary?.title} message={summary?.message} />
          {isCredentialsRefused ? (
            <Alert tone="info" title={t('login.unconfirmedTitle')}>
              <p>{t('login.unconfirmedHint')}</p>
            </Alert>
          ) : null}
          <FormTextField
            control={form.control}
            name="email"
            label={t('fields.email')}
            type="email"
            autoComplete="username"
            inputMode="email"
            isRequired
          />
          <FormPasswordField
            control={form.control}
            name="password"
            label={t('fields.password')}
            autoComplete="current-password"
            isRequired
          />
          <p className={styles.forgot}>
            <Link
              href={paths.auth.forgotPassword.getHref()}
              onPress={() => rememberPasswordResetEmail(form.getValues('email'))}
            >
              {t('login.forgotPassword')}
            </Link>
          </p>
          <FormActions>
            <Button type="submit" fullWidth isPending={logIn.isPending}>
              {t('login.submit')}
            </Button>
          </FormActions>
        </Form>
      </div>
      <p>
        {t('login.noAccount')} <Link href={paths.auth.signup.getHref()}>{t('login.signupLink')}</Link>
      </p>
    </PageLayout>
  );
}
