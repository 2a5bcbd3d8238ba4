import { EMAIL_VERIFICATION_TTL_HOURS } from '@nbr/domain/identity';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
// The profile query lives with the settings feature, which owns the profile; one endpoint, one file.
import { profileQueryKey, profileQueryOptions } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { rememberRedirect } from '../../../lib/redirect.ts';
import { useRegion } from '../../../lib/region.ts';
import { refreshSession, signInAfterSignUp, useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useRequestEmailVerification } from '../api/request-email-verification.ts';
import { useEmailVerification } from '../api/verify-email.ts';
import styles from '../auth.module.css';

/** Answers that mean the link itself is no good (rather than, say, the network or the address). */
const LINK_FAILURES: ReadonlySet<string> = new Set([
  'email_verification_failed',
  'not_found',
  'validation_failed',
]);

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const [searchParams] = useSearchParams();
  const code = searchParams.get('code')?.trim() ?? '';
  const { isLoggedIn, claims } = useSession();
  // The address the session knew before the link was followed: a different one now means a change.
  const [emailBefore] = useState(() => claims?.email ?? null);
  const verification = useEmailVerification(code);
  const queryClient = useQueryClient();
  const adopted = useRef(false);
  const hasFailed = !code || verification.isError;
  // A used link fails, also when this user used it a moment ago: then the address is simply confirmed.
  const profile = useQuery({ ...profileQueryOptions, enabled: isLoggedIn && hasFailed });

  const result = verification.data;
  const { region } = useRegion();
  useEffect(() => {
    if (!result?.authentication_token || adopted.current) return;
    // The link of a sign-up signs the new person in: on to the newsletter question, as after any
    // sign-up (the account's own region and language are adopted from its profile on the way).
    adopted.current = true;
    signInAfterSignUp(result.authentication_token, region);
  }, [result, region]);
  useEffect(() => {
    if (!result || result.authentication_token || adopted.current || !isLoggedIn) return;
    adopted.current = true;
    // The token carries the e-mail address and the profile shows the verified flag: renew both.
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    refreshSession().catch(() => undefined);
  }, [result, isLoggedIn, queryClient]);

  if ((code && verification.isPending) || (isLoggedIn && hasFailed && profile.isPending)) {
    return (
      <PageLayout title={t('verifyEmail.title')} width="form">
        <LoadingState label={t('verifyEmail.verifying')} />
      </PageLayout>
    );
  }

  const alreadyConfirmed =
    hasFailed && profile.data?.email_verified && !profile.data.pending_email ? profile.data.email : null;
  if (result || alreadyConfirmed) {
    const email = result?.email ?? alreadyConfirmed ?? '';
    const isChange = result !== undefined && emailBefore !== null && emailBefore !== result.email;
    const message = alreadyConfirmed
      ? 'verifyEmail.alreadyConfirmed'
      : isChange
        ? 'verifyEmail.changed'
        : 'verifyEmail.success';
    return (
      <PageLayout
        title={isChange ? t('verifyEmail.changedTitle') : t('verifyEmail.successTitle')}
        width="form"
      >
        <div className={styles.panel}>
          <Alert tone="success" announce="none">
            <p>
              <Trans t={t} i18nKey={message} values={{ email }} components={{ strong: <EmailAddress /> }} />
            </p>
          </Alert>
          {isLoggedIn ? (
            <div className={styles.status}>
              <LinkButton href={paths.app.home.getHref()} fullWidth>
                {t('verifyEmail.toApp')}
              </LinkButton>
              <LinkButton href={paths.app.settings.getHref()} variant="secondary" fullWidth>
                {t('verifyEmail.toSettings')}
              </LinkButton>
            </div>
          ) : (
            <LinkButton href={paths.auth.login.getHref()} fullWidth>
              {t('verifyEmail.toLogin')}
            </LinkButton>
          )}
        </div>
      </PageLayout>
    );
  }

  const error = verification.error;
  const reason = !code
    ? t('verifyEmail.missingCode')
    : isApiError(error) && !LINK_FAILURES.has(error.code)
      ? errorMessage(error, t)
      : t('verifyEmail.failed', { hours: EMAIL_VERIFICATION_TTL_HOURS });

  return (
    <PageLayout title={t('verifyEmail.failedTitle')} width="form">
      <div className={styles.panel}>
        <Alert tone="error" announce="none">
          <p>{reason}</p>
        </Alert>
        {isLoggedIn ? <ResendLink /> : <LoginForNewLink />}
      </div>
    </PageLayout>
  );
}

function ResendLink() {
  const { t } = useTranslation(['auth', 'common']);
  const request = useRequestEmailVerification();
  return (
    <div className={styles.status}>
      {request.isSuccess ? <Alert tone="success">{t('verifyEmail.resent')}</Alert> : null}
      {request.isError ? <Alert tone="error">{errorMessage(request.error, t)}</Alert> : null}
      <Button
        onPress={() => request.mutate()}
        isPending={request.isPending}
        isDisabled={request.isSuccess}
        fullWidth
      >
        {t('verifyEmail.resend')}
      </Button>
    </div>
  );
}

function LoginForNewLink() {
  const { t } = useTranslation('auth');
  return (
    <LinkButton
      href={paths.auth.login.getHref()}
      // After login, settings is where a new link is one press away.
      onPress={() => rememberRedirect(paths.app.settings.getHref())}
      fullWidth
    >
      {t('verifyEmail.loginForNewLink')}
    </LinkButton>
  );
}
