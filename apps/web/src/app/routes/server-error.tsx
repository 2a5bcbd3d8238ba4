import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { Button, LinkButton } from '../../ui/button.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import styles from './error-page.module.css';

/** The 500 page: page data that failed on the server, or a page that could not be shown. */
export function ServerErrorPage({ reference }: { reference?: string | null }) {
  const { t } = useTranslation('common');
  return (
    <PageLayout title={t('serverError.title')} lead={t('serverError.lead')} width="reading">
      <span className={styles.code} aria-hidden="true">
        500
      </span>
      <p>{t('serverError.hint')}</p>
      {reference ? <p>{t('serverError.reference', { reference })}</p> : null}
      <div className={styles.actions}>
        <Button onPress={() => window.location.reload()}>{t('actions.reload')}</Button>
        <LinkButton href={paths.public.home.getHref()} variant="secondary">
          {t('actions.goHome')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

export function Component() {
  return <ServerErrorPage />;
}
