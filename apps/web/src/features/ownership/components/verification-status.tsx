import type { OwnershipVerification } from '@nbr/domain/ownership';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import styles from '../ownership.module.css';
import { VerificationStatusBadge } from './status-badges.tsx';

/** Whether the owner may still change the verification (not while staff look at it, nor once approved). */
export function isEditable(verification: Pick<OwnershipVerification, 'status'>): boolean {
  return verification.status !== 'submitted' && verification.status !== 'approved';
}

/** The state of a bike's verification and what it means: waiting, approved, or rejected with the reason. */
export function VerificationState({ verification }: { verification: OwnershipVerification }) {
  const { t, i18n } = useTranslation('ownership');
  const { status } = verification;
  return (
    <div className={styles.stack}>
      <p className={styles.statusLine}>
        <span>{t('verify.statusLabel')}</span> <VerificationStatusBadge status={status} />
      </p>
      {status === 'submitted' ? (
        <Alert tone="info" title={t('verify.submittedTitle')} announce="none">
          <p>
            {t('verify.submittedText', {
              date: verification.submitted_at ? formatDate(verification.submitted_at, i18n.language) : '',
            })}
          </p>
        </Alert>
      ) : null}
      {status === 'approved' ? (
        <Alert tone="success" title={t('verify.approvedTitle')} announce="none">
          <p>{t('verify.approvedText')}</p>
        </Alert>
      ) : null}
      {status === 'rejected' ? (
        <Alert tone="warning" title={t('verify.rejectedTitle')} announce="none">
          <p>{t('verify.rejectedText')}</p>
          {verification.rejection_reason ? (
            <p className={styles.breakAnywhere}>
              <strong>{t('verify.reason')}</strong> {verification.rejection_reason}
            </p>
          ) : null}
        </Alert>
      ) : null}
    </div>
  );
}
