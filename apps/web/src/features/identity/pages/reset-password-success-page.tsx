import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../auth.module.css';

export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PageLayout title={t('resetSuccess.title')} width="form">
      <div className={styles.panel}>
        <Alert tone="success" announce="none">
          <p>{t('resetSuccess.body')}</p>
        </Alert>
        <LinkButton href={paths.auth.login.getHref()} fullWidth>
          {t('resetSuccess.login')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
