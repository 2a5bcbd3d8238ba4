import { forwardRef, type ReactNode } from 'react';
import styles from './alert.module.css';

export type AlertTone = 'info' | 'success' | 'warning' | 'error';

export interface AlertProps {
  tone?: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * How urgently screen readers announce it: errors and warnings interrupt (role=alert), the rest
   * wait their turn (role=status). 'none' for a message that is there when the page opens.
   */
  announce?: 'auto' | 'none';
  /** Makes the alert focusable, e.g. for an error summary that takes focus. */
  tabIndex?: number;
  id?: string;
}

const PATHS: Record<AlertTone, string> = {
  info: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 12H9V9h2v5Zm0-7H9V5h2v2Z',
  success: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm-1.2 11.6L5 9.8l1.4-1.4 2.4 2.4 4.8-4.8L15 7.4l-6.2 6.2Z',
  warning: 'M10 2 1 18h18L10 2Zm1 13H9v-2h2v2Zm0-4H9V7h2v4Z',
  error: 'M10 2a8 8 0 1 0 0 16 8 8 0 0 0 0-16Zm1 12H9v-2h2v2Zm0-4H9V6h2v4Z',
};

export const Alert = forwardRef<HTMLDivElement, AlertProps>(function Alert(
  { tone = 'info', title, children, announce = 'auto', tabIndex, id },
  ref,
) {
  const role = announce === 'none' ? undefined : tone === 'error' || tone === 'warning' ? 'alert' : 'status';
  return (
    <div ref={ref} id={id} role={role} tabIndex={tabIndex} className={`${styles.alert} ${styles[tone]}`}>
      <svg className={styles.icon} viewBox="0 0 20 20" aria-hidden="true" focusable="false">
        <path d={PATHS[tone]} fill="currentColor" />
      </svg>
      <div className={styles.body}>
        {title ? <strong className={styles.title}>{title}</strong> : null}
        {children}
      </div>
    </div>
  );
});
