import type { LockTestStatus } from '@nbr/domain/insurance-lock-tests';
import { useTranslation } from 'react-i18next';
import styles from '../lock-tests.module.css';

/** A lock test's status as a badge, in words (colour only repeats what the words say). */
export function LockTestStatusBadge({ status }: { status: LockTestStatus }) {
  const { t } = useTranslation('lock-tests');
  return (
    <span className={styles.badge} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
