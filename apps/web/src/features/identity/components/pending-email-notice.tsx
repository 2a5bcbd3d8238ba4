import type { Profile } from '@nbr/domain/identity';
import { Trans, useTranslation } from 'react-i18next';
import { Alert } from '../../../ui/alert.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import styles from '../settings.module.css';
import { ResendConfirmationButton } from './resend-confirmation-button.tsx';

/** Shown while a new e-mail address waits for its confirmation link to be followed. */
export function PendingEmailNotice({ profile }: { profile: Profile }) {
  const { t } = useTranslation(['settings', 'common']);
  if (!profile.pending_email) return null;
  return (
    <Alert tone="info" title={t('pendingEmail.title')} announce="none">
      <div className={styles.stack}>
        <p className={styles.address}>
          <Trans
            t={t}
            i18nKey="pendingEmail.body"
            values={{ email: profile.pending_email, current: profile.email }}
            components={{ strong: <EmailAddress /> }}
          />
        </p>
        <ResendConfirmationButton address={profile.pending_email} />
      </div>
    </Alert>
  );
}
