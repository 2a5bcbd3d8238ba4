import { useTranslation } from 'react-i18next';
import styles from './spinner.module.css';

/** A decorative spinner; pass `label` when nothing else tells the user that something is loading. */
export function Spinner({ label, size = 'small' }: { label?: string; size?: 'small' | 'large' }) {
  const className = size === 'large' ? `${styles.spinner} ${styles.large}` : styles.spinner;
  if (!label) return <span className={className} aria-hidden="true" />;
  return <span className={className} role="progressbar" aria-label={label} />;
}

/** A page-sized loading state, announced politely to screen readers. */
export function LoadingState({ label }: { label?: string }) {
  const { t } = useTranslation();
  const text = label ?? t('shell.loading');
  return (
    <div className={styles.centered} role="status">
      <Spinner size="large" />
      <span>{text}</span>
    </div>
  );
}
