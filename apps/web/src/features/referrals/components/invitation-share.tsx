import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import styles from '../referrals.module.css';

/** Whether the browser offers its share sheet (phones, some desktops). */
function canShare(): boolean {
  return typeof navigator !== 'undefined' && typeof navigator.share === 'function';
}

/**
 * The person's invitation: the link with a copy button, the phone's share sheet where there is one,
 * and the link as a QR code a friend can scan from the screen (drawn by the API: no QR library here).
 */
export function InvitationShare({ link, code, qrSvg }: { link: string; code: string; qrSvg: string }) {
  const { t } = useTranslation('referrals');
  const [status, setStatus] = useState<'copied' | 'copyFailed' | null>(null);
  const shareable = canShare();

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setStatus('copied');
    } catch {
      setStatus('copyFailed');
    }
  };

  const share = async () => {
    try {
      await navigator.share({ title: t('share.title'), text: t('share.text'), url: link });
    } catch {
      // Closing the share sheet is no error worth a word.
    }
  };

  return (
    <Card title={t('invitation.title')} id="invitation">
      <p>{t('invitation.lead')}</p>
      <p className={styles.link}>
        <a href={link} data-testid="referral-link">
          {link}
        </a>
      </p>
      <p className={styles.meta}>{t('invitation.code', { code })}</p>
      <div className={styles.actions}>
        {shareable ? <Button onPress={() => void share()}>{t('invitation.share')}</Button> : null}
        <Button variant={shareable ? 'secondary' : 'primary'} onPress={() => void copy()}>
          {t('invitation.copy')}
        </Button>
      </div>
      <p role="status" className={styles.meta}>
        {status ? t(`invitation.${status}`) : ''}
      </p>
      <img
        className={styles.qr}
        src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(qrSvg)}`}
        alt={t('invitation.qrAlt')}
        width={200}
        height={200}
      />
    </Card>
  );
}
