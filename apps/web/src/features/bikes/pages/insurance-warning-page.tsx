import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';
import { OwnPoliciesNote } from '../components/own-policies-note.tsx';

/**
 * /app/register-bike/pre-registration-insurance-warning — some partner insurers register their
 * customers' bikes themselves and send an insurance plate; such a bike is not registered here again.
 * A person who insures bikes through the register (their own policies, shown first) registers the
 * bike here and puts it on the policy from the policy's page.
 */
export function Component() {
  const { t } = useTranslation('bikes');
  return (
    <PageLayout title={t('insuranceWarning.title')} width="form">
      <OwnPoliciesNote />
      <Alert tone="warning" announce="none" title={t('insuranceWarning.alertTitle')}>
        <p>{t('insuranceWarning.body')}</p>
      </Alert>
      <p>{t('insuranceWarning.question')}</p>
      <div className={styles.choiceButtons}>
        <LinkButton href={paths.app.registerBikeInsuranceStop.getHref()}>
          {t('insuranceWarning.viaInsurer')}
        </LinkButton>
        <LinkButton href={paths.app.registerBike.getHref()} variant="secondary">
          {t('insuranceWarning.notViaInsurer')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}
