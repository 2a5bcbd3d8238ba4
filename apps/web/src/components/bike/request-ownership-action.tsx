import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { LinkButton } from '../../ui/button.tsx';
import styles from './request-ownership-action.module.css';

/**
 * On a bike's public page and a scanned sticker: someone who is not the owner can ask for the
 * ownership. A visitor is asked to log in first (the app's pages send them to login and back).
 */
export function RequestOwnershipAction({ bikeId, isLoggedIn }: { bikeId: string; isLoggedIn: boolean }) {
  const { t } = useTranslation('ownership');
  return (
    <section className={styles.requestAction} aria-labelledby="request-ownership-heading">
      <h2 id="request-ownership-heading" className={styles.sectionTitle}>
        {t('public.title')}
      </h2>
      <p className={styles.muted}>{t('public.hint')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.app.requestOwnershipBike.getHref({ bikeId })} variant="secondary">
          {isLoggedIn ? t('public.request') : t('public.logInToRequest')}
        </LinkButton>
      </div>
    </section>
  );
}
