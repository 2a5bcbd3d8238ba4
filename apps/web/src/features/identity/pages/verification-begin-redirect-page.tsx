import type { VerificationComplete } from '@nbr/domain/national-identity';
import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { profileQueryKey } from '../../../lib/api/identity/get-profile.ts';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useRegion } from '../../../lib/region.ts';
import { replaceToken, useSession } from '../../../lib/session.ts';
import {
  AUTOTEST_EMAIL_PREFIX,
  beginRequestOf,
  nationalIdentityOf,
  rememberVerificationReturn,
} from '../../../lib/verification-return.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useCompleteVerification } from '../api/complete-verification.ts';
import { useStartVerification } from '../api/start-verification.ts';
import styles from '../auth.module.css';
import { ResendConfirmationButton } from '../components/resend-confirmation-button.tsx';

const EMAIL_FIRST = 'email_verification_required';

/**
 * /app/redirects/verification-begin-redirect?type=…&next=… — starts a MitID/BankID check and sends
 * the browser to the provider. Test accounts (autotest+) try the skip first where it is allowed.
 */
export function Component() {
  const { t } = useTranslation(['verification', 'common']);
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { claims } = useSession();
  const { region } = useRegion();
  const request = useMemo(() => beginRequestOf(searchParams), [searchParams]);
  const [attempt, setAttempt] = useState(0);
  const provider = t(`providers.${nationalIdentityOf(region)}`);

  const isAutotest = Boolean(claims?.email.toLowerCase().startsWith(AUTOTEST_EMAIL_PREFIX));
  const skipBody = useMemo<VerificationComplete | null>(() => {
    if (!isAutotest || !request) return null;
    const { verification_session_type, approval_action, approval_object_id } = request.body;
    return {
      verification_session_type,
      verification_type: nationalIdentityOf(region),
      ...(approval_action ? { approval_action } : {}),
      ...(approval_object_id ? { approval_object_id } : {}),
    };
  }, [isAutotest, request, region]);
  const skip = useCompleteVerification(skipBody);
  // The normal check when there is no skip to try, or the deployment refused it. An unconfirmed
  // e-mail refuses the normal check just the same, so that answer is shown at once.
  const skipRefused = isApiError(skip.error) && skip.error.status === 403 && skip.error.code !== EMAIL_FIRST;
  const shouldStart = request !== null && (skipBody === null || skipRefused);
  const start = useStartVerification(shouldStart ? request.body : null, attempt);

  const left = useRef(false);
  useEffect(() => {
    if (left.current || !request) return;
    if (skip.data) {
      left.current = true;
      replaceToken(skip.data.authentication_token);
      void queryClient.invalidateQueries({ queryKey: profileQueryKey });
      void navigate(request.next, { replace: true, state: { verification: skip.data.session_task_result } });
      return;
    }
    const answer = start.data;
    if (answer?.verification_url && answer.session_id) {
      left.current = true;
      rememberVerificationReturn(answer.session_id, {
        successUrl: request.body.success_url,
        failureUrl: request.body.failure_url,
        retryHref: `${window.location.pathname}${window.location.search}`,
      });
      // Replaced, not added: Back from the provider must return to where the check was asked for,
      // not to this page, which would start a new check at once.
      window.location.replace(answer.verification_url);
    }
  }, [skip.data, start.data, request, navigate, queryClient]);

  if (!request) {
    return (
      <Problem
        title={t('begin.failedTitle')}
        message={t('begin.invalidLink')}
        backHref={paths.app.settings.getHref()}
      />
    );
  }

  const startError = start.error ?? (skip.isError && !skipRefused ? skip.error : null);
  const noUrl = start.isSuccess && !start.data.verification_url;
  if (isApiError(startError) && startError.code === EMAIL_FIRST && claims) {
    // Trying again cannot help until the link in the mail is followed; a new link can.
    return (
      <Problem
        title={t('begin.failedTitle')}
        message={errorMessage(startError, t)}
        backHref={request.next}
        action={<ResendConfirmationButton address={claims.email} />}
      />
    );
  }
  if (startError || noUrl) {
    return (
      <Problem
        title={t('begin.failedTitle')}
        message={noUrl ? t('begin.noAuthorisationUrl') : errorMessage(startError, t)}
        backHref={request.next}
        onRetry={() => {
          left.current = false;
          setAttempt((value) => value + 1);
          if (skip.isError && !skipRefused) void skip.refetch();
        }}
      />
    );
  }

  return (
    <PageLayout title={t('begin.title', { provider })} width="form">
      <div className={styles.panel}>
        <LoadingState label={t('begin.redirecting', { provider })} />
      </div>
    </PageLayout>
  );
}

function Problem(props: {
  title: string;
  message: string;
  backHref: string | null;
  onRetry?: () => void;
  action?: ReactNode;
}) {
  const { t } = useTranslation(['verification', 'common']);
  return (
    <PageLayout title={props.title} width="form">
      <div className={styles.panel}>
        <Alert tone="error">
          <p>{props.message}</p>
        </Alert>
        <div className={styles.status}>
          {props.action}
          {props.onRetry ? (
            <Button onPress={props.onRetry} fullWidth>
              {t('tryAgain')}
            </Button>
          ) : null}
          {props.backHref ? (
            <LinkButton href={props.backHref} variant="secondary" fullWidth>
              {t('back')}
            </LinkButton>
          ) : null}
        </div>
      </div>
    </PageLayout>
  );
}
