import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../../lib/session.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useInsuranceOffers } from '../api/onboarding-get-offers.ts';
import styles from './signup.module.css';

/**
 * /forsikringsfordel — what the insurance benefit is (issue 16 §2), true to insurance.md: Danish
 * insurers pay for a stolen bike that has a frame number and was locked with a Varefakta-approved
 * lock, and ask for a receipt; the register keeps the frame number, the sticker and the proofs, and
 * applies for the cover at the insurers that work with it. Public: a visitor reads it before signing in.
 */
export function Component() {
  const { t } = useTranslation('insurance');
  const { isLoggedIn } = useSession();
  const offers = useInsuranceOffers('dk');
  const insurers = [...new Set((offers.data ?? []).map((offer) => offer.insurer.name))];
  return (
    <PageLayout title={t('benefit.title')} lead={t('benefit.lead')} width="reading">
      <div className={styles.stack}>
        <Card title={t('benefit.whatTitle')}>
          <p>{t('benefit.what')}</p>
        </Card>
        <Card title={t('benefit.needsTitle')}>
          <ul>
            <li>{t('benefit.needFrame')}</li>
            <li>{t('benefit.needLock')}</li>
            <li>{t('benefit.needReceipt')}</li>
            <li>{t('benefit.needPolice')}</li>
          </ul>
          <p className={styles.muted}>{t('benefit.needsSource')}</p>
        </Card>
        <Card title={t('benefit.howTitle')}>
          <ol>
            <li>{t('benefit.how1')}</li>
            <li>{t('benefit.how2')}</li>
            <li>{t('benefit.how3')}</li>
            <li>{t('benefit.how4')}</li>
          </ol>
        </Card>
        <Card title={t('benefit.insurersTitle')}>
          {offers.isPending ? (
            <LoadingState />
          ) : insurers.length > 0 ? (
            <ul>
              {insurers.map((name) => (
                <li key={name}>{name}</li>
              ))}
            </ul>
          ) : (
            <p>{t('offers.none')}</p>
          )}
        </Card>
        <div className={styles.actions}>
          <LinkButton href={paths.insuranceSignup.enrolment.getHref()}>{t('benefit.start')}</LinkButton>
          {isLoggedIn ? null : <p className={styles.muted}>{t('benefit.signInFirst')}</p>}
        </div>
      </div>
    </PageLayout>
  );
}
