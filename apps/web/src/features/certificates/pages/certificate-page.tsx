import type { ResaleCertificate } from '@nbr/domain/resale-certificates';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { RequestOwnershipAction } from '../../../components/bike/request-ownership-action.tsx';
import { isApiError } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { pageData } from '../../../lib/page-data.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { certificateQueryOptions, useCertificate } from '../api/get-certificate.ts';
import styles from '../certificates.module.css';

/**
 * The server paints the certificate as a visitor sees it (issue 31). An address that is no certificate
 * (a mistyped or made-up one) is answered with 404, as any address with nothing behind it; any other
 * failure leaves the page to the browser, which asks again.
 */
export const loader = pageData(({ params }, fetch) => [
  fetch(certificateQueryOptions(params.certificateId ?? '')).catch((error: unknown) => {
    if (isApiError(error) && error.status === 404) throw error;
  }),
]);

/** Genuine and current, or what happened since: the first thing a buyer reads. */
function Verdict({ certificate }: { certificate: ResaleCertificate }) {
  const { t, i18n } = useTranslation('certificates');
  if (!certificate.genuine) {
    return (
      <Alert tone="error" title={t('page.notGenuineTitle')} announce="none">
        <p>{t('page.notGenuineText')}</p>
      </Alert>
    );
  }
  switch (certificate.status) {
    case 'stolen':
      return (
        <Alert tone="error" title={t('page.stolenTitle')} announce="none">
          <p>
            {certificate.reported_stolen_since
              ? t('page.stolenSince', { date: formatDate(certificate.reported_stolen_since, i18n.language) })
              : t('page.stolenText')}
          </p>
        </Alert>
      );
    case 'revoked':
      return (
        <Alert tone="warning" title={t('page.revokedTitle')} announce="none">
          <p>{t('page.revokedText')}</p>
        </Alert>
      );
    case 'bike_deleted':
      return (
        <Alert tone="warning" title={t('page.deletedTitle')} announce="none">
          <p>{t('page.deletedText')}</p>
        </Alert>
      );
    case 'superseded':
      return (
        <Alert tone="warning" title={t('page.supersededTitle')} announce="none">
          <p>{certificate.transferred_since ? t('page.transferredText') : t('page.changedText')}</p>
        </Alert>
      );
    case 'current':
      return (
        <Alert tone="success" title={t('page.currentTitle')} announce="none">
          <p>{t('page.currentText')}</p>
        </Alert>
      );
  }
}

function Facts({ certificate }: { certificate: ResaleCertificate }) {
  const { t, i18n } = useTranslation(['certificates', 'common']);
  const { statement } = certificate;
  const { bike } = statement;
  const date = (day: string) => formatDate(day, i18n.language);
  const none = t('facts.notGiven');
  const rows: Array<[string, string]> = [
    [t('facts.brand'), bike.brand ?? none],
    [t('facts.model'), bike.model ?? none],
    [t('facts.color'), bike.color ? t(`common:bike.colors.${bike.color}`) : none],
    [t('facts.category'), bike.category ? t(`common:bike.categories.${bike.category}`) : none],
    [t('facts.electric'), bike.is_electric ? t('facts.yes') : t('facts.no')],
    [t('facts.frameNumber'), bike.frame_number_masked ?? none],
    [t('facts.registeredSince'), date(statement.registered_since)],
    [t('facts.owners'), String(statement.number_of_owners)],
    [
      t('facts.thefts'),
      statement.thefts.length === 0
        ? t('facts.noThefts')
        : statement.thefts
            .map((theft) =>
              theft.recovered_on
                ? t('facts.theftRecovered', {
                    stolen: date(theft.reported_stolen_on),
                    recovered: date(theft.recovered_on),
                  })
                : t('facts.theftOpen', { stolen: date(theft.reported_stolen_on) }),
            )
            .join('; '),
    ],
    [t('facts.identityVerified'), statement.owner_identity_verified ? t('facts.yes') : t('facts.no')],
    [t('facts.issuedAt'), date(statement.issued_at.slice(0, 10))],
  ];
  return (
    <dl className={styles.facts}>
      {rows.map(([label, value]) => (
        <div key={label} className={styles.fact}>
          <dt>{label}</dt>
          <dd>{value}</dd>
        </div>
      ))}
    </dl>
  );
}

/**
 * /certifikat/{certificateId} — a resale certificate as a buyer scans it (issue 32 §4): whether the
 * register's signature holds and whether it is still current, the bike's facts (no names), the PDF,
 * and the ownership request that exists. Painted on the server for a visitor.
 */
export function Component() {
  const { certificateId = '' } = useParams();
  const { t, i18n } = useTranslation(['certificates', 'common']);
  const { isLoggedIn } = useSession();
  const certificate = useCertificate(certificateId);

  if (certificate.isPending) {
    return (
      <PageLayout title={t('page.title')} width="reading">
        <LoadingState />
      </PageLayout>
    );
  }
  if (certificate.isError) {
    const notFound = isApiError(certificate.error) && certificate.error.status === 404;
    return (
      <PageLayout title={t('page.title')} width="reading">
        <Alert tone="error" title={notFound ? t('page.notFoundTitle') : undefined} announce="none">
          <p>{notFound ? t('page.notFoundText') : errorMessage(certificate.error, t)}</p>
        </Alert>
        {notFound ? null : (
          <Button variant="secondary" onPress={() => void certificate.refetch()}>
            {t('common:actions.tryAgain')}
          </Button>
        )}
      </PageLayout>
    );
  }
  const data = certificate.data;
  const { bike } = data.statement;
  const make = [bike.brand, bike.model].filter(Boolean).join(' ');
  const canRequest = data.genuine && data.status === 'current' && !data.is_owner;
  return (
    <PageLayout title={t('page.title')} lead={make || t('page.lead')} width="reading">
      <div className={styles.stack}>
        <Verdict certificate={data} />
        <section aria-labelledby="certificate-facts" className={styles.section}>
          <h2 id="certificate-facts" className={styles.sectionTitle}>
            {t('page.factsTitle')}
          </h2>
          <Facts certificate={data} />
          <p className={styles.meta}>{t('page.noNames')}</p>
          <p className={styles.meta}>
            {t('page.checkedAt', { date: formatDate(data.checked_at.slice(0, 10), i18n.language) })}
          </p>
          <p>
            <a className={styles.textLink} href={`${data.pdf_url}?lang=${i18n.language}`}>
              {t('page.pdf')}
            </a>
          </p>
        </section>
        {data.is_owner ? <p className={styles.meta}>{t('page.yours')}</p> : null}
        {canRequest ? <RequestOwnershipAction bikeId={bike.bike_id} isLoggedIn={isLoggedIn} /> : null}
        <details className={styles.signature}>
          <summary>{t('page.signatureTitle')}</summary>
          <p className={styles.meta}>{t('page.signatureText', { kid: data.kid })}</p>
          <code className={styles.code}>{data.signature}</code>
        </details>
      </div>
    </PageLayout>
  );
}
