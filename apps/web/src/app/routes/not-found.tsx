import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { useSession } from '../../lib/session.ts';
import { LinkButton } from '../../ui/button.tsx';
import { Link } from '../../ui/link.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import styles from './error-page.module.css';

/** The 404 page: /404, every unknown address, and page data that answered 404. */
export function NotFoundPage() {
  const { t } = useTranslation('common');
  const { isLoggedIn } = useSession();
  return (
    <PageLayout title={t('notFound.title')} lead={t('notFound.lead')} width="reading">
      <span className={styles.code} aria-hidden="true">
        404
      </span>
      <p>{t('notFound.searchHint')}</p>
      <ul className={styles.links}>
        <li>
          <Link href={paths.content.howItWorks.getHref()}>{t('footer.howItWorks')}</Link>
        </li>
        <li>
          <Link href={paths.content.ourMission.getHref()}>{t('footer.ourMission')}</Link>
        </li>
      </ul>
      <div className={styles.actions}>
        {isLoggedIn ? <LinkButton href={paths.app.home.getHref()}>{t('actions.goToApp')}</LinkButton> : null}
        <LinkButton href={paths.public.home.getHref()} variant={isLoggedIn ? 'secondary' : 'primary'}>
          {t('actions.goHome')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

export const Component = NotFoundPage;
