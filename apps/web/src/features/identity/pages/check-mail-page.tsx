import { PASSWORD_RESET_TTL_MINUTES } from '@nbr/domain/identity';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { EmailAddress } from '../../../ui/email-address.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { useRequestPasswordReset } from '../api/request-password-reset.ts';
import styles from '../auth.module.css';
import { passwordResetEmail } from '../password-reset-email.ts';

/** Long enough that an impatient second click does not send a second mail before the first arrives. */
const RESEND_COOLDOWN_SECONDS = 30;

function useCountdown(seconds: number): [number, () => void] {
  const [until, setUntil] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const left = Math.max(0, Math.ceil((until - now) / 1000));
  useEffect(() => {
    if (left === 0) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [left]);
  const restart = () => {
    const start = Date.now();
    setNow(start);
    setUntil(start + seconds * 1000);
  };
  return [left, restart];
}

export function Component() {
  const { t } = useTranslation(['auth', 'common']);
  const [email] = useState(passwordResetEmail);
  const resend = useRequestPasswordReset();
  const [secondsLeft, restartCountdown] = useCountdown(RESEND_COOLDOWN_SECONDS);
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);

  const sendAgain = async () => {
    if (!email) return;
    setNotice(null);
    try {
      await resend.mutateAsync(email);
      setNotice({ tone: 'success', text: t('checkMail.resent') });
      restartCountdown();
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <PageLayout title={t('checkMail.title')} width="form">
      <div className={styles.panel}>
        <p>
          {email ? (
            <Trans
              t={t}
              i18nKey="checkMail.sentTo"
              values={{ email }}
              components={{ strong: <EmailAddress /> }}
            />
          ) : (
            t('checkMail.sentToUnknown')
          )}
        </p>
        <p>{t('checkMail.validity', { minutes: PASSWORD_RESET_TTL_MINUTES })}</p>
        <h2>{t('checkMail.noMailTitle')}</h2>
        <p>{t('checkMail.noMail')}</p>
        {notice ? <Alert tone={notice.tone}>{notice.text}</Alert> : null}
        {email ? (
          <div className={styles.status}>
            <Button
              variant="secondary"
              onPress={() => void sendAgain()}
              isDisabled={secondsLeft > 0}
              isPending={resend.isPending}
              aria-describedby={secondsLeft > 0 ? 'resend-wait' : undefined}
            >
              {t('checkMail.resend')}
            </Button>
            {secondsLeft > 0 ? (
              <p id="resend-wait" className={styles.footnote}>
                {t('checkMail.resendWait', { count: secondsLeft })}
              </p>
            ) : null}
          </div>
        ) : null}
      </div>
      <ul className={styles.aside}>
        <li>
          <Link href={paths.auth.forgotPassword.getHref()}>{t('checkMail.otherAddress')}</Link>
        </li>
        <li>
          <Link href={paths.auth.login.getHref()}>{t('checkMail.backToLogin')}</Link>
        </li>
      </ul>
    </PageLayout>
  );
}
