import { useTranslation } from 'react-i18next';
import staffPage from '../../../components/backoffice/staff-page.module.css';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../backoffice.module.css';
import { CloseSerialSearch } from '../components/close-serial-search.tsx';
import { DashboardCounts } from '../components/dashboard-counts.tsx';
import { FrameNumberCollisions } from '../components/frame-number-collisions.tsx';
import { useStaffContext } from '../staff-context.ts';

/**
 * The start of the backoffice: what waits in each queue, the areas that exist, the role the staff
 * member works in, and the frame-number collisions waiting for support.
 */
export function Component() {
  const { t } = useTranslation('backoffice');
  const { staffRole } = useStaffContext();
  return (
    <PageLayout title={t('home.title')} lead={t('home.lead')}>
      <div className={staffPage.stack}>
        <p className={styles.note}>{staffRole === 'admin' ? t('home.roleAdmin') : t('home.roleSupport')}</p>
        <DashboardCounts />
        <Card title={t('home.identitiesTitle')} id="identities">
          <p>{t('home.identitiesBody')}</p>
          <LinkButton href={paths.backoffice.identities.getHref()}>{t('home.identitiesLink')}</LinkButton>
        </Card>
        <Card title={t('home.organisationsTitle')} id="organisations">
          <p>{t('home.organisationsBody')}</p>
          <LinkButton href={paths.backoffice.organisations.getHref()}>
            {t('home.organisationsLink')}
          </LinkButton>
        </Card>
        <Card title={t('home.insuranceTitle')} id="insurance-verification">
          <p>{t('home.insuranceBody')}</p>
          <LinkButton href={paths.backoffice.insuranceVerification.getHref()}>
            {t('home.insuranceLink')}
          </LinkButton>
        </Card>
        <CloseSerialSearch />
        <FrameNumberCollisions />
      </div>
    </PageLayout>
  );
}
