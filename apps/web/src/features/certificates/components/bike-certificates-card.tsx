import type { Bike } from '@nbr/domain/bikes';
import type { OwnResaleCertificate } from '@nbr/domain/resale-certificates';
import QRCode from 'qrcode';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, buttonClassName } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { useBikeCertificates } from '../api/get-bike-certificates.ts';
import { useIssueCertificate } from '../api/issue-certificate.ts';
import { useRevokeCertificate } from '../api/revoke-certificate.ts';
import styles from '../certificates.module.css';

/** The page's address on this site (the API answers it under PUBLIC_URL; a test server may differ). */
function pageHref(certificate: OwnResaleCertificate): string {
  return new URL(new URL(certificate.page_url).pathname, window.location.origin).toString();
}

/** The certificate just made: its link with a copy button, its QR code and its PDF. */
function IssuedCertificate({ certificate }: { certificate: OwnResaleCertificate }) {
  const { t, i18n } = useTranslation('certificates');
  const href = pageHref(certificate);
  const [qr, setQr] = useState<string | null>(null);
  const [copied, setCopied] = useState<'yes' | 'failed' | null>(null);

  useEffect(() => {
    let current = true;
    void QRCode.toDataURL(certificate.page_url, { errorCorrectionLevel: 'M', margin: 2, width: 400 }).then(
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
  }, [certificate.page_url]);

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(certificate.page_url);
      setCopied('yes');
    } catch {
      setCopied('failed');
    }
  };

  return (
    <Alert tone="success" title={t('owner.issuedTitle')}>
      <p>{t('owner.issuedText')}</p>
      <p className={styles.link}>
        <a className={styles.textLink} href={href}>
          {certificate.page_url}
        </a>
      </p>
      <div className={styles.actions}>
        <Button size="small" variant="secondary" onPress={() => void copy()}>
          {t('owner.copy')}
        </Button>
        <a
          className={buttonClassName({ variant: 'secondary', size: 'small' })}
          href={`${certificate.pdf_url}?lang=${i18n.language}`}
          download
        >
          {t('owner.pdf')}
        </a>
      </div>
      {copied ? (
        <p className={styles.meta} role="status">
          {copied === 'yes' ? t('owner.copied') : t('owner.copyFailed')}
        </p>
      ) : null}
      {qr ? <img className={styles.qr} src={qr} alt={t('owner.qrAlt')} width={200} height={200} /> : null}
    </Alert>
  );
}

/**
 * On the owner's bike page (issue 32 §4): make a resale certificate for a buyer — its link, QR code
 * and PDF — and the ones made before, each with its status and a way to withdraw it.
 */
export function BikeCertificatesCard({ bike }: { bike: Bike }) {
  const { t, i18n } = useTranslation(['certificates', 'common']);
  const list = useBikeCertificates(bike.bike_id);
  const issue = useIssueCertificate(bike.bike_id);
  const revoke = useRevokeCertificate(bike.bike_id);
  const cannot =
    bike.status === 'stolen' ? t('owner.stolen') : bike.visibility === 'private' ? t('owner.private') : null;

  return (
    <Card title={t('owner.title')} id="bike-certificates">
      <p>{t('owner.intro')}</p>
      {cannot ? (
        <p className={styles.meta}>{cannot}</p>
      ) : (
        <div className={styles.actions}>
          <Button variant="secondary" isPending={issue.isPending} onPress={() => issue.mutate()}>
            {t('owner.make')}
          </Button>
        </div>
      )}
      {issue.isError ? (
        <Alert tone="error">
          <p>{errorMessage(issue.error, t)}</p>
        </Alert>
      ) : null}
      {issue.data ? <IssuedCertificate certificate={issue.data} /> : null}
      {list.data && list.data.certificates.length > 0 ? (
        <>
          <h3 className={styles.sectionTitle}>{t('owner.listTitle')}</h3>
          <ul className={styles.list}>
            {list.data.certificates.map((certificate) => (
              <li key={certificate.certificate_id} className={styles.item}>
                <span>
                  <a className={styles.textLink} href={pageHref(certificate)}>
                    {t('owner.issuedOn', {
                      date: formatDate(certificate.issued_at.slice(0, 10), i18n.language),
                    })}
                  </a>{' '}
                  <span className={styles.meta}>{t(`owner.status.${certificate.status}`)}</span>
                </span>
                {certificate.revoked_at ? null : (
                  <Button
                    size="small"
                    variant="danger"
                    isPending={revoke.isPending && revoke.variables === certificate.certificate_id}
                    onPress={() => revoke.mutate(certificate.certificate_id)}
                  >
                    {t('owner.revoke')}
                  </Button>
                )}
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {revoke.isError ? (
        <Alert tone="error">
          <p>{errorMessage(revoke.error, t)}</p>
        </Alert>
      ) : null}
    </Card>
  );
}
