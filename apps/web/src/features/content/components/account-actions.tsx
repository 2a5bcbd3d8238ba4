import { useSyncExternalStore } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { sessionStore } from '../../../lib/session-store.ts';
import { useContent } from '../hooks/use-content.ts';
import styles from './content.module.css';

interface AccountActionsProps {
  signupLabel: string;
  loginLabel: string;
}

/**
 * Sign up and log in for a visitor; a signed-in user is offered the way into the app instead, right
 * after hydration (the server never knows the session: the page arrives painted for a visitor).
 */
export function AccountActions({ signupLabel, loginLabel }: AccountActionsProps) {
  const { t } = useContent();
  const session = useSyncExternalStore(
    sessionStore.subscribe,
    sessionStore.getSnapshot,
    sessionStore.getServerSnapshot,
  );
  if (session.token) {
    return (
      <div className={styles.actions}>
        <Link className={styles.primaryAction} to={paths.app.home.getHref()}>
          {t('common.openApp')}
        </Link>
      </div>
    );
  }
  return (
    <div className={styles.actions}>
      <Link className={styles.primaryAction} to={paths.auth.signup.getHref()}>
        {signupLabel}
      </Link>
      <Link className={styles.secondaryAction} to={paths.auth.login.getHref()}>
        {loginLabel}
      </Link>
    </div>
  );
}
