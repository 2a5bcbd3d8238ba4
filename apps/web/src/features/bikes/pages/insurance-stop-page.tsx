import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { OwnPoliciesNote } from '../components/own-policies-note.tsx';

/** /app/register-bike/insurance-stop — this bike cannot be registered here; the insurer does it. */
export function Component() {
  const { t } = useTranslation('bikes');
  return (
    <PageLayout title={t('insuranceStop.title')} width="form">
      <OwnPoliciesNote />
      <Alert tone="info" announce="none" title={t('insuranceStop.alertTitle')}>
        <p>{t('insuranceStop.body')}</p>
      </Alert>
      <ul className={styles.checklist}>
        <li>{t('insuranceStop.stepContact')}</li>
        <li>{t('insuranceStop.stepPlate')}</li>
        <li>{t('insuranceStop.stepAppears')}</li>
      </ul>
      {/* Issue 27: the way on when the insurance is (or is to be) taken out through the register. */}
      <p>{t('insuranceStop.throughRegister')}</p>
      <div className={styles.actions}>
        <LinkButton href={paths.insurance.home.getHref()}>{t('insuranceStop.toInsurance')}</LinkButton>
        <LinkButton href={paths.app.myBikes.getHref()} variant="secondary">
          {t('insuranceStop.toList')}
        </LinkButton>
        <LinkButton href={paths.app.registerBikePreRegistration.getHref()} variant="secondary">
          {t('insuranceStop.back')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
