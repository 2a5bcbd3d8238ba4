import { useState } from 'react';
import { Button } from 'react-aria-components';
import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { endSwitchUser } from '../features/backoffice/api/end-switch-user.ts';
import { isApiError } from '../lib/api-client.ts';
import { errorMessage } from '../lib/api-errors.ts';
import { switchAccount, useSession } from '../lib/session.ts';
import { Spinner } from '../ui/spinner.tsx';
import styles from './switch-user-banner.module.css';

/**
 * Shown on every signed-in layout while staff use someone else's account (the token carries `act`):
 * whose account it is, and the way back to the staff member's own session.
 */
export function SwitchUserBanner() {
  const { t } = useTranslation('common');
  const { claims } = useSession();
  const [isPending, setPending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  if (!claims?.act) return null;

  const switchBack = async () => {
    setPending(true);
    setFailure(null);
    try {
      switchAccount(await endSwitchUser(), paths.backoffice.identities.getHref());
    } catch (error) {
      // A staff session that ended meanwhile was handled by the API client (it sends to login).
      if (isApiError(error) && error.code === 'invalid_token') return;
      setFailure(`${t('switchUser.switchBackFailed')} ${errorMessage(error, t)}`);
    } finally {
      setPending(false);
    }
  };

  return (
    <div className={styles.banner} role="status" data-testid="switch-user-banner">
      <div className={styles.inner}>
        <p className={styles.text}>
          <strong className={styles.title}>{t('switchUser.banner', { email: claims.email })}</strong>
          <span className={styles.hint}>{t('switchUser.bannerHint')}</span>
        </p>
        <Button className={styles.button} onPress={() => void switchBack()} isPending={isPending}>
          {isPending ? <Spinner /> : null}
          {t('switchUser.switchBack')}
        </Button>
        {failure ? (
          <p className={styles.error} role="alert">
            {failure}
          </p>
        ) : null}
      </div>
    </div>
  );
}
