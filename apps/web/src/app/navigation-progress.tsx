import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigation } from 'react-router';
import { Spinner } from '../ui/spinner.tsx';
import styles from './navigation-progress.module.css';

/** After this long a pending navigation tells the user it is still on its way (SPEC §9). */
export const SLOW_NAVIGATION_MS = 1000;

/** A thin progress bar while a page loads, and a notice once loading takes longer than a second. */
export function NavigationProgress() {
  const { t } = useTranslation('common');
  const navigation = useNavigation();
  const isPending = navigation.state === 'loading';
  const [isSlow, setSlow] = useState(false);

  useEffect(() => {
    if (!isPending) {
      setSlow(false);
      return;
    }
    const timer = window.setTimeout(() => setSlow(true), SLOW_NAVIGATION_MS);
    return () => window.clearTimeout(timer);
  }, [isPending]);

  return (
    <>
      {isPending ? <div className={styles.bar} aria-hidden="true" /> : null}
      <div role="status" aria-live="polite">
        {isSlow ? (
          <div className={styles.notice} data-testid="slow-navigation">
            <Spinner />
            <span>{t('shell.slowNavigation')}</span>
          </div>
        ) : null}
      </div>
    </>
  );
}
