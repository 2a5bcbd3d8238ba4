import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { InsuranceVerificationQueueView } from '../components/insurance-verification-queue.tsx';

/** /backoffice/v2/insurance-verification — the v2 queue: every waiting bike, narrowed by ?insurer=. */
export function Component() {
  const { t } = useTranslation('backoffice');
  const [search] = useSearchParams();
  const insurer = search.get('insurer');
  const base = paths.backoffice.v2InsuranceVerification.getHref();
  return (
    <PageLayout title={t('insuranceVerification.titleV2')} lead={t('insuranceVerification.leadV2')}>
      {insurer ? (
        <p>
          <Link href={base}>{t('insuranceVerification.allInsurers')}</Link>
        </p>
      ) : null}
      <InsuranceVerificationQueueView
        insurerPartyId={insurer}
        insurerHref={(id) => `${base}?insurer=${encodeURIComponent(id)}`}
      />
    </PageLayout>
  );
}
