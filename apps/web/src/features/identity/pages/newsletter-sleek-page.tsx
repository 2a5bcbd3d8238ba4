import { useTranslation } from 'react-i18next';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../auth.module.css';
import { NewsletterConsentForm } from '../components/newsletter-consent-form.tsx';

/** The Norwegian variant of the newsletter question: one line of copy, the box and two buttons. */
export function Component() {
  const { t } = useTranslation('auth');
  return (
    <PageLayout title={t('newsletterSleek.title')} lead={t('newsletterSleek.intro')} width="form">
      <div className={styles.panel}>
        <NewsletterConsentForm
          consentLabel={t('newsletterSleek.consent')}
          yesLabel={t('newsletterSleek.yes')}
          noLabel={t('newsletterSleek.no')}
        />
        <p className={styles.footnote}>{t('newsletterSleek.footnote')}</p>
      </div>
    </PageLayout>
  );
}
