import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../settings.module.css';

/**
 * Stands where an action only the person may take would be, while staff use the account: the API
 * refuses it then (not_allowed_while_switched), so it is not offered.
 */
export function NotWhileSwitched() {
  const { t } = useTranslation('common');
  return (
    <p className={styles.muted} data-testid="not-while-switched">
      {t('common:switchUser.unavailable')}
    </p>
  );
}

/** A whole page only the person may use (the danger zone), opened by staff using the account. */
export function NotWhileSwitchedPage({ title }: { title: string }) {
  const { t } = useTranslation('settings');
  return (
    <PageLayout title={title} width="reading">
      <Alert tone="info" announce="none">
        <NotWhileSwitched />
      </Alert>
      <LinkButton href={paths.app.settings.getHref()} variant="secondary">
        {t('settings:caution.back')}
      </LinkButton>
    </PageLayout>
  );
}
