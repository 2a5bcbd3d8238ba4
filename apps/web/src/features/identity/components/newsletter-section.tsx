import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Card } from '../../../ui/card.tsx';
import { Checkbox } from '../../../ui/checkbox.tsx';
import { Link } from '../../../ui/link.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useConsents } from '../api/get-consents.ts';
import { useUpdateConsent } from '../api/update-consent.ts';
import styles from '../settings.module.css';
import { NotWhileSwitched } from './not-while-switched.tsx';

/** The newsletter consent, switched on and off at once, and when privacy policy and terms were accepted. */
export function NewsletterSection() {
  const { t, i18n } = useTranslation(['settings', 'common']);
  const consents = useConsents();
  const updateConsent = useUpdateConsent();
  const { isSwitched } = useSession();
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const newsletter = consents.data?.find((consent) => consent.type === 'newsletter');
  const terms = consents.data?.find((consent) => consent.type === 'terms');

  const toggle = async (wanted: boolean) => {
    setNotice(null);
    try {
      await updateConsent.mutateAsync({ type: 'newsletter', action: wanted ? 'grant' : 'revoke' });
      setNotice({ tone: 'success', text: wanted ? t('consents.granted') : t('consents.revoked') });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <Card title={t('consents.title')} id="newsletter">
      {consents.isPending ? <LoadingState /> : null}
      {consents.isError ? <Alert tone="error">{errorMessage(consents.error, t)}</Alert> : null}
      {consents.data ? (
        <>
          <Checkbox
            id="newsletter-consent"
            isSelected={
              updateConsent.isPending
                ? updateConsent.variables?.action === 'grant'
                : Boolean(newsletter?.granted)
            }
            onChange={(wanted) => void toggle(wanted)}
            // Read-only rather than disabled: a disabled box would drop keyboard focus while saving,
            // and staff in the account may see the choice but not make it for the person.
            isReadOnly={updateConsent.isPending || isSwitched}
          >
            {t('consents.newsletter')}
          </Checkbox>
          {isSwitched ? <NotWhileSwitched /> : null}
          <p className={styles.muted}>{t('consents.newsletterHelp')}</p>
          {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
          {terms?.granted && terms.updated_at ? (
            <p className={styles.muted}>
              {t('consents.accepted', { date: formatDate(terms.updated_at, i18n.language) })}{' '}
              <Link href={paths.content.privacy.getHref()}>{t('consents.privacyLink')}</Link>
              {' · '}
              <Link href={paths.content.terms.getHref()}>{t('consents.termsLink')}</Link>
            </p>
          ) : null}
        </>
      ) : null}
    </Card>
  );
}
