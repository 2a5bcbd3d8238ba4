import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../config/paths.ts';
import { decideMeasurement, useMeasurementChoice } from '../../lib/consent.ts';
import { useSession } from '../../lib/session.ts';
import { Alert } from '../../ui/alert.tsx';
import { Button } from '../../ui/button.tsx';
import { Card } from '../../ui/card.tsx';
import { Link } from '../../ui/link.tsx';
import { PageLayout } from '../../ui/page-layout.tsx';
import styles from '../consent-banner.module.css';

/**
 * /privacy/settings — the answer to the measurement question, changed at any time (issue 30 §2):
 * what is measured, what is not, and the two answers with the same weight. A visitor's answer stays
 * on this device; a signed-in person's also goes with the account.
 */
export function Component() {
  const { t } = useTranslation('common');
  const choice = useMeasurementChoice();
  const { isLoggedIn, isSwitched } = useSession();
  const [saved, setSaved] = useState(false);

  const decide = async (next: 'granted' | 'denied') => {
    setSaved(false);
    await decideMeasurement(next);
    setSaved(true);
  };

  return (
    <PageLayout title={t('measurement.settings.title')} lead={t('measurement.settings.lead')} width="reading">
      <Card title={t('measurement.settings.whatTitle')}>
        <ul>
          <li>{t('measurement.settings.what.events')}</li>
          <li>{t('measurement.settings.what.vitals')}</li>
          <li>{t('measurement.settings.what.tagManager')}</li>
        </ul>
        <p>{t('measurement.settings.never')}</p>
        <p>
          <Link href={paths.content.privacy.getHref()}>{t('footer.privacy')}</Link>
        </p>
      </Card>
      <Card title={t('measurement.settings.choiceTitle')} id="measurement-choice">
        <p role="status" aria-live="polite">
          {choice === 'granted'
            ? t('measurement.settings.state.granted')
            : choice === 'denied'
              ? t('measurement.settings.state.denied')
              : t('measurement.settings.state.open')}
        </p>
        {choice ? (
          <p>
            {isLoggedIn && !isSwitched ? t('measurement.settings.account') : t('measurement.settings.device')}
          </p>
        ) : null}
        <div className={styles.actions}>
          <Button variant="secondary" onPress={() => void decide('denied')} isDisabled={choice === 'denied'}>
            {t('measurement.reject')}
          </Button>
          <Button
            variant="secondary"
            onPress={() => void decide('granted')}
            isDisabled={choice === 'granted'}
          >
            {t('measurement.accept')}
          </Button>
        </div>
        {saved ? <Alert tone="success">{t('measurement.settings.saved')}</Alert> : null}
      </Card>
    </PageLayout>
  );
}
