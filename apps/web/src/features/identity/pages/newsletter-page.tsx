import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../auth.module.css';
import { NewsletterConsentForm } from '../components/newsletter-consent-form.tsx';

const POINTS = ['tips', 'news', 'offers'] as const;

/** The Danish newsletter question after sign-up: what the newsletter brings, then yes or no. */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PageLayout title={t('newsletter.title')} lead={t('newsletter.intro')} width="form">
      <div className={styles.panel}>
        <p>{t('newsletter.done')}</p>
        <ul className={styles.benefits}>
          {POINTS.map((point) => (
            <li key={point}>
              <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" focusable="false">
                <path d="M3 8.5 6.5 12 13 4.5" fill="none" stroke="currentColor" strokeWidth="2.4" />
              </svg>
              <span>{t(`newsletter.points.${point}`)}</span>
            </li>
          ))}
        </ul>
        <NewsletterConsentForm
          consentLabel={t('newsletter.consent')}
          yesLabel={t('newsletter.yes')}
          noLabel={t('newsletter.no')}
        />
      </div>
    </PageLayout>
  );
}
