import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { InsuranceVerificationQueueView } from '../components/insurance-verification-queue.tsx';

/**
 * /backoffice/insurance-verification and …/{insurerPartyId}: insured bikes waiting for our check,
 * counted per insurer; with an insurer in the address, only that insurer's.
 */
export function Component() {
  const { t } = useTranslation('backoffice');
  const { insurerPartyId = null } = useParams();
  return (
    <PageLayout title={t('insuranceVerification.title')} lead={t('insuranceVerification.lead')}>
      {insurerPartyId ? (
        <p>
          <Link href={paths.backoffice.insuranceVerification.getHref()}>
            {t('insuranceVerification.allInsurers')}
          </Link>
        </p>
      ) : null}
      <InsuranceVerificationQueueView
        insurerPartyId={insurerPartyId}
        insurerHref={(id) => paths.backoffice.insuranceVerificationInsurer.getHref({ insurerPartyId: id })}
      />
    </PageLayout>
  );
}
