import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
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
 * and the link as a QR code a friend can scan from the screen.
 */
export function InvitationShare({ link, code }: { link: string; code: string }) {
  const { t } = useTranslation('referrals');
  const [qr, setQr] = useState<string | null>(null);
  const [status, setStatus] = useState<'copied' | 'copyFailed' | null>(null);
  const shareable = canShare();

  useEffect(() => {
    let current = true;
    // Imported with the page (not on demand), as the survey invitation does: see invitation-card.tsx.
    void QRCode.toDataURL(link, { errorCorrectionLevel: 'M', margin: 2, width: 480 }).then(
      (dataUrl) => {
        if (current) setQr(dataUrl);
      },
      () => {
        if (current) setQr(null);
      },
    );
    return () => {
      current = false;
    };
  }, [link]);

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
      {qr ? (
        <img className={styles.qr} src={qr} alt={t('invitation.qrAlt')} width={200} height={200} />
      ) : null}
    </Card>
  );
}
