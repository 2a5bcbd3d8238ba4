import { useTranslation } from 'react-i18next';
import { paths } from '../config/paths.ts';
import { decideMeasurement } from '../lib/consent.ts';
import { Button } from '../ui/button.tsx';
import { Link } from '../ui/link.tsx';
import styles from './consent-banner.module.css';

/**
 * The measurement question on a first visit (issue 30 §2), in the visitor's language: "reject" is
 * as easy as "accept" — one press each, the same look, side by side. The settings page changes the
 * answer later. Loaded only while the question is open (root-layout.tsx).
 */
export function ConsentBanner() {
  const { t } = useTranslation('common');
  return (
    <section className={styles.banner} aria-labelledby="consent-banner-heading" data-consent-banner="">
      <div className={styles.inner}>
        <div className={styles.text}>
          <h2 id="consent-banner-heading" className={styles.heading}>
            {t('measurement.banner.title')}
          </h2>
          <p className={styles.text}>
            {t('measurement.banner.text')}{' '}
            <Link href={paths.content.measurementSettings.getHref()}>{t('measurement.banner.settings')}</Link>
          </p>
        </div>
        <div className={styles.actions}>
          <Button
            variant="secondary"
            className={styles.answer}
            onPress={() => void decideMeasurement('denied')}
          >
            {t('measurement.reject')}
          </Button>
          <Button
            variant="secondary"
            className={styles.answer}
            onPress={() => void decideMeasurement('granted')}
          >
            {t('measurement.accept')}
          </Button>
        </div>
      </div>
    </section>
  );
}
