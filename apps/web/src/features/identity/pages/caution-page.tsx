import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { FormActions } from '../../../ui/form.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { NotWhileSwitchedPage } from '../components/not-while-switched.tsx';
import styles from '../settings.module.css';

const CONSEQUENCES = ['profile', 'bikes', 'sessions', 'newsletter'] as const;

/** The danger zone: what deleting an account means, before the confirmations that do it. */
export function Component() {
  const { t } = useTranslation('settings');
  const { isSwitched } = useSession();
  if (isSwitched) return <NotWhileSwitchedPage title={t('caution.title')} />;
  return (
    <PageLayout title={t('caution.title')} lead={t('caution.intro')} width="reading">
      <Card title={t('caution.whatHappensTitle')} className={styles.danger}>
        <ul className={styles.list}>
          {CONSEQUENCES.map((key) => (
            <li key={key}>{t(`caution.whatHappens.${key}`)}</li>
          ))}
        </ul>
      </Card>
      <Card title={t('caution.keptTitle')}>
        <p>{t('caution.kept')}</p>
      </Card>
      <Card title={t('caution.insuranceTitle')}>
        <p>{t('caution.insurance')}</p>
      </Card>
      <FormActions>
        <LinkButton href={paths.app.settingsDeleteUser.getHref()} variant="danger">
          {t('caution.continue')}
        </LinkButton>
        <LinkButton href={paths.app.settings.getHref()} variant="secondary">
          {t('caution.back')}
        </LinkButton>
      </FormActions>
    </PageLayout>
  );
}
