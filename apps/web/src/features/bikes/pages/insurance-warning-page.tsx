import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../bikes.module.css';

/**
 * /app/register-bike/pre-registration-insurance-warning — a bike insured through a partner insurer
 * is registered by the insurer. If the insurer already did (or sent a plate), the person stops here;
 * otherwise they may register it themselves.
 */
export function Component() {
  const { t } = useTranslation('bikes');
  return (
    <PageLayout title={t('insuranceWarning.title')} width="form">
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
