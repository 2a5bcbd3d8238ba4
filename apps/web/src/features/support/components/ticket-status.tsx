import type { TicketStatus } from '@nbr/domain/support';
import { useTranslation } from 'react-i18next';
import styles from '../support.module.css';

/** A ticket's status as a short label; `open` (waits for staff) stands out. */
export function TicketStatusBadge({ status }: { status: TicketStatus }) {
  const { t } = useTranslation('support');
  return (
    <span className={[styles.status, status === 'open' && styles.statusOpen].filter(Boolean).join(' ')}>
      {t(`status.${status}`)}
    </span>
  );
}
