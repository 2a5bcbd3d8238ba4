import type { VerificationComplete } from '@nbr/domain/national-identity';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { replaceToken } from '../../../lib/session.ts';
import { forgetVerificationReturn, readVerificationReturn } from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useCompleteVerification } from '../api/complete-verification.ts';
import styles from '../auth.module.css';

/**
 * /app/redirects/verification-complete-redirect?code=…&state=…[&iss=…] or ?error=…&state=… — where
 * MitID/BankID send the browser back. Completes the check, stores the new token (it carries
 * verified_on) and goes on to the success URL; a failure is explained here, with a way back.
 */
export function Component() {
  const { t } = useTranslation(['verification', 'common']);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const state = searchParams.get('state');
  const code = searchParams.get('code');
  const providerError = searchParams.get('error');
  const [destination] = useState(() => readVerificationReturn(state));

  const body = useMemo<VerificationComplete | null>(() => {
    if (!state) return null;
    if (providerError) return { session_id: state, error: providerError.slice(0, 100) };
    if (!code) return null;
    const iss = searchParams.get('iss');
    return { session_id: state, code, ...(iss ? { iss } : {}) };
  }, [state, code, providerError, searchParams]);
  const completion = useCompleteVerification(body);

  const done = useRef(false);
  useEffect(() => {
    if (!completion.data || done.current) return;
    done.current = true;
    replaceToken(completion.data.authentication_token);
    void queryClient.invalidateQueries({ queryKey: profileQueryKey });
    forgetVerificationReturn(state);
    void navigate(destination.successUrl, {
      replace: true,
      state: { verification: completion.data.session_task_result },
    });
  }, [completion.data, destination, navigate, queryClient, state]);

  if (body && !completion.isError) {
    return (
      <PageLayout title={t('complete.title')} width="form">
        <div className={styles.panel}>
          <LoadingState label={t('complete.working')} />
        </div>
      </PageLayout>
    );
  }

  // The provider's own error (the person cancelled) is the message, not our API's answer to it.
  const message = !body
    ? t('complete.invalidLink')
    : providerError === 'access_denied'
      ? t('complete.cancelled')
      : providerError
        ? t('complete.providerError')
        : isApiError(completion.error) && completion.error.code === 'not_found'
          ? t('complete.invalidLink')
          : errorMessage(completion.error, t);

  // Cancelling is a choice, not a fault: said calmly, with nothing changed.
  const isCancelled = providerError === 'access_denied';
  return (
    <PageLayout title={isCancelled ? t('complete.cancelledTitle') : t('complete.failedTitle')} width="form">
      <div className={styles.panel}>
        <Alert tone={isCancelled ? 'info' : 'error'}>
          <p>{message}</p>
        </Alert>
        <div className={styles.status}>
          <LinkButton href={destination.retryHref} fullWidth>
            {t('tryAgain')}
          </LinkButton>
          <LinkButton href={destination.failureUrl} variant="secondary" fullWidth>
            {t('back')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
