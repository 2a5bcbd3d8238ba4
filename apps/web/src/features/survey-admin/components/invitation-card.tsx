import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import styles from '../survey-admin.module.css';

/** The invitation's full address: /survey?id=… on this site. */
export function invitationUrl(surveyId: string): string {
  return new URL(paths.surveys.survey.getHref({ id: surveyId }), window.location.origin).toString();
}

/**
 * The invitation: the link to the survey with a copy button, and its QR code to print on a poster or
 * download as a picture. Printing prints this card alone (the page's print style hides the rest).
 */
export function InvitationCard({ surveyId, title }: { surveyId: string; title: string }) {
  const { t } = useTranslation('survey-admin');
  const url = invitationUrl(surveyId);
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    setQr(null);
    // Imported with the page, not on demand: a dynamic import of this CommonJS package split the
    // bundler's interop helpers into a chunk of their own that the first route then loaded too.
    void QRCode.toDataURL(url, { errorCorrectionLevel: 'M', margin: 2, width: 480 }).then(
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
  }, [url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  const print = () => {
    document.body.dataset.printSurveyInvitation = '';
    const done = () => {
      delete document.body.dataset.printSurveyInvitation;
      window.removeEventListener('afterprint', done);
    };
    window.addEventListener('afterprint', done);
    window.print();
  };

  return (
    <Card title={t('invitation.title')} id="survey-invitation" className={styles.printable}>
      <p className={styles.printOnly}>{title}</p>
      <p className={styles.noPrint}>{t('invitation.lead')}</p>
      <p className={styles.invitationLink}>
        <a href={url} data-testid="survey-invitation-link">
          {url}
        </a>
      </p>
      <div className={`${styles.actions} ${styles.noPrint}`}>
        <Button size="small" variant="secondary" onPress={() => void copy()}>
          {t('invitation.copy')}
        </Button>
        <Button size="small" variant="secondary" onPress={print} isDisabled={qr === null}>
          {t('invitation.print')}
        </Button>
        {qr ? (
          <a className={styles.textLink} href={qr} download={`survey-qr-${surveyId}.png`}>
            {t('invitation.downloadQr')}
          </a>
        ) : null}
      </div>
      <p role="status" className={styles.noPrint}>
        {copied === 'yes' ? t('invitation.copied') : copied === 'failed' ? t('invitation.copyFailed') : ''}
      </p>
      {qr ? (
        <img className={styles.qr} src={qr} alt={t('invitation.qrAlt', { title })} width={240} height={240} />
      ) : null}
    </Card>
  );
}
