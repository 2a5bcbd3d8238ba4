import type { Region } from '@nbr/domain/locale';
import { ChoosableLanguageSchema, RegionSchema } from '@nbr/domain/locale';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { Spinner } from '../../../ui/spinner.tsx';
import { useGoogleConfiguration } from '../api/get-google-configuration.ts';
import { useLogInWithGoogle } from '../api/log-in-with-google.ts';
import { useSignUpWithGoogle } from '../api/sign-up-with-google.ts';
import {
  type GoogleReturn,
  type GoogleSignInMode,
  startGoogleSignIn,
  takeGoogleReturn,
} from '../google-sign-in.ts';
import { rememberPasswordResetEmail } from '../password-reset-email.ts';
import { GoogleMark } from './google-mark.tsx';
import styles from './google-sign-in.module.css';

type Outcome =
  | { kind: 'cancelled' }
  | { kind: 'not_found'; answer: Extract<GoogleReturn, { kind: 'token' }> }
  | { kind: 'password_required'; email: string }
  | { kind: 'error'; message: string }
  | null;

export interface GoogleSignInProps {
  mode: GoogleSignInMode;
  /** Sign-up: the region and language chosen on the page, carried through the trip to Google. */
  choices?: () => { region: Region; language: string; friendRef?: string };
  /**
   * An account with the Google account's address exists, but Google does not speak for that address
   * (or the account is staff): the person must sign in with their password. The login page fills
   * in the address and takes the focus to the password; without this, the message takes the focus.
   */
  onPasswordRequired?: (email: string) => void;
}

/**
 * "Continue with Google" on /login and /signup, and the handling of Google's answer when the
 * browser comes back to the page: the same success paths as signing in or up with a password.
 */
export function GoogleSignIn({ mode, choices, onPasswordRequired }: GoogleSignInProps) {
  const { t, i18n } = useTranslation(['auth', 'common']);
  const { signIn, signInAfterSignUp } = useSession();
  const configuration = useGoogleConfiguration();
  const logIn = useLogInWithGoogle();
  const signUp = useSignUpWithGoogle();
  const [outcome, setOutcome] = useState<Outcome>(null);
  const [isCompleting, setIsCompleting] = useState(false);
  const [isLeaving, setIsLeaving] = useState(false);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const handled = useRef(false);

  useEffect(() => {
    if (!outcome) return;
    if (outcome.kind === 'password_required' && onPasswordRequired) onPasswordRequired(outcome.email);
    else outcomeRef.current?.focus();
  }, [outcome, onPasswordRequired]);

  useEffect(() => {
    // Back from Google's page through the browser's cache: the page is live again, not leaving.
    const onPageShow = (event: PageTransitionEvent) => {
      if (event.persisted) setIsLeaving(false);
    };
    window.addEventListener('pageshow', onPageShow);
    return () => window.removeEventListener('pageshow', onPageShow);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: Google's answer is read once per page visit
  useEffect(() => {
    // The answer is in the address once; React's development double effect must not read it twice.
    if (handled.current) return;
    handled.current = true;
    const answer = takeGoogleReturn(mode);
    if (answer) void complete(answer);
  }, []);

  /** A new account from a Google answer (or the existing one it links to), then where a sign-up goes. */
  async function createAccount(answer: Extract<GoogleReturn, { kind: 'token' }>) {
    const region = RegionSchema.safeParse(answer.region).data;
    const result = await signUp.mutateAsync({
      name: answer.name,
      email: answer.email,
      google_token: answer.idToken,
      chosen_language: ChoosableLanguageSchema.safeParse(answer.language ?? i18n.language).data,
      chosen_region: region,
      friend_ref: answer.friendRef ?? null,
    });
    // An existing account was signed in: it goes where a login goes, not through the welcome pages.
    if (result.created) signInAfterSignUp(result.authentication_token, region ?? 'dk');
    else signIn(result.authentication_token, 'google');
  }

  /** From the login page's "no account yet": create it with the Google answer already in hand. */
  async function createFromLogin(answer: Extract<GoogleReturn, { kind: 'token' }>) {
    setIsCompleting(true);
    try {
      await createAccount(answer);
    } catch (error) {
      setIsCompleting(false);
      setOutcome({ kind: 'error', message: errorMessage(error, t) });
    }
  }

  async function complete(answer: GoogleReturn) {
    if (answer.kind === 'cancelled') return setOutcome({ kind: 'cancelled' });
    if (answer.kind === 'failed') {
      return setOutcome({ kind: 'error', message: t('common:errors.google_token_invalid') });
    }
    setIsCompleting(true);
    try {
      if (mode === 'login') {
        signIn(
          await logIn.mutateAsync({ google_token: answer.idToken, googleUserId: answer.subject }),
          'google',
        );
        return;
      }
      await createAccount(answer);
    } catch (error) {
      setIsCompleting(false);
      if (isApiError(error) && error.code === 'google_account_not_found')
        return setOutcome({ kind: 'not_found', answer });
      if (isApiError(error) && error.code === 'google_link_requires_password')
        return setOutcome({ kind: 'password_required', email: answer.email });
      setOutcome({ kind: 'error', message: errorMessage(error, t) });
    }
  }

  const onPress = () => {
    if (!configuration.data) return;
    setOutcome(null);
    setIsLeaving(true);
    startGoogleSignIn(configuration.data, mode, choices?.() ?? {});
  };

  const isEnabled = configuration.data?.enabled === true;
  if (!isEnabled && !outcome && !isCompleting) return null;

  return (
    <>
      {isCompleting ? (
        <p className={styles.status} role="status">
          <Spinner />
          <span>{t('google.completing')}</span>
        </p>
      ) : null}
      {outcome?.kind === 'cancelled' ? (
        <Alert ref={outcomeRef} tone="info" tabIndex={-1}>
          <p>{t(mode === 'signup' ? 'google.signupCancelled' : 'google.cancelled')}</p>
        </Alert>
      ) : null}
      {outcome?.kind === 'not_found' ? (
        <Alert ref={outcomeRef} tone="info" tabIndex={-1}>
          <p>{t('google.notFoundCreate', { email: outcome.answer.email })}</p>
          <Button
            variant="primary"
            size="small"
            onPress={() => void createFromLogin(outcome.answer)}
            isPending={isCompleting}
          >
            {t('google.createAccount')}
          </Button>
          <p className={styles.note}>
            <Trans
              t={t}
              i18nKey="google.signupNote"
              components={{
                privacyLink: <Link href={paths.content.privacy.getHref()} external />,
                termsLink: <Link href={paths.content.terms.getHref()} external />,
              }}
            />
          </p>
        </Alert>
      ) : null}
      {outcome?.kind === 'password_required' ? (
        <Alert ref={outcomeRef} tone="error" tabIndex={-1}>
          <p>{t('common:errors.google_link_requires_password')}</p>
          {mode === 'signup' ? (
            <p>
              <Trans
                t={t}
                i18nKey="google.passwordRequired"
                components={{
                  loginLink: <Link href={paths.auth.login.getHref()} />,
                  forgotLink: (
                    <Link
                      href={paths.auth.forgotPassword.getHref()}
                      onPress={() => rememberPasswordResetEmail(outcome.email)}
                    />
                  ),
                }}
              />
            </p>
          ) : null}
        </Alert>
      ) : null}
      {outcome?.kind === 'error' ? (
        <Alert ref={outcomeRef} tone="error" tabIndex={-1}>
          <p>{outcome.message}</p>
        </Alert>
      ) : null}
      {isEnabled ? (
        <>
          <Button
            variant="secondary"
            fullWidth
            className={styles.button}
            onPress={onPress}
            isPending={isLeaving || isCompleting}
          >
            <GoogleMark className={styles.mark} />
            <span>{t('google.continue')}</span>
          </Button>
          {mode === 'signup' ? (
            <p className={styles.note}>
              <Trans
                t={t}
                i18nKey="google.signupNote"
                components={{
                  privacyLink: <Link href={paths.content.privacy.getHref()} external />,
                  termsLink: <Link href={paths.content.terms.getHref()} external />,
                }}
              />
            </p>
          ) : null}
          <p className={styles.divider}>{t('google.or')}</p>
        </>
      ) : null}
    </>
  );
}
