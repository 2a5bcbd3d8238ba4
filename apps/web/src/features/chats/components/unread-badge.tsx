import { useTranslation } from 'react-i18next';
import styles from '../chats.module.css';

/** The number of unread messages: a badge for the eye, a sentence for screen readers. */
export function UnreadBadge({ count }: { count: number }) {
  const { t } = useTranslation('chats');
  if (count <= 0) return null;
  return (
    <span className={styles.badge}>
      <span aria-hidden="true">{count > 99 ? '99+' : count}</span>
      <span className="visually-hidden">{t('inbox.unread', { count })}</span>
    </span>
  );
}
