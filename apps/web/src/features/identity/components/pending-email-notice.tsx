import type { Profile } from '@nbr/domain/identity';
import { Trans, useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { useRequestEmailVerification } from '../api/request-email-verification.ts';
import styles from '../settings.module.css';

/** Shown while a new e-mail address waits for its confirmation link to be followed. */
export function PendingEmailNotice({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  const resend = useRequestEmailVerification();
  if (!profile.pending_email) return null;
  return (
    <Alert tone="info" title={t('pendingEmail.title')} announce="none">
      <div className={styles.stack}>
        <p className={styles.address}>
          <Trans
            t={t}
            i18nKey="pendingEmail.body"
            values={{ email: profile.pending_email, current: profile.email }}
            components={{ strong: <strong className={styles.address} /> }}
          />
        </p>
        {resend.isSuccess ? (
          <p role="status">{t('pendingEmail.resent', { email: profile.pending_email })}</p>
        ) : null}
        {resend.isError ? <p role="alert">{errorMessage(resend.error, t)}</p> : null}
        <Button
          variant="secondary"
          size="small"
          onPress={() => resend.mutate()}
          isPending={resend.isPending}
          isDisabled={resend.isSuccess}
        >
          {t('pendingEmail.resend')}
        </Button>
      </div>
    </Alert>
  );
}
