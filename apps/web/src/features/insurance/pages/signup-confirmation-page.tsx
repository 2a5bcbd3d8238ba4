import { PLATE_DELIVERY_BUSINESS_DAYS } from '@nbr/domain/webshop';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useHolderDetails } from '../api/policies-get-holder-details.ts';
import { usePolicy } from '../api/policies-get-policy.ts';
import styles from './signup.module.css';
import { PolicyFacts } from './signup-shared.tsx';

/**
 * /forsikrings-indtegning/order-confirmation?policy= — what happens next, as the register does it:
 * the application waits for the insurer, which accepts it with its own policy number (the policy
 * is then active); the plates for the bikes are on their way to the holder's address; each bike is
 * checked from the proofs the insurer asks for.
 */
export function Component() {
  const { t } = useTranslation(['insurance', 'common']);
  const [search] = useSearchParams();
  const policyId = search.get('policy') ?? '';
  const policy = usePolicy(policyId);
  const details = useHolderDetails(policyId);
  if (policy.isError && !policy.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('confirmation.title')}
        error={policy.error}
        retry={() => void policy.refetch()}
      />
    );
  if (!policy.data) return <LoadingState />;
  const data = policy.data;
  const needsUploads = data.insured_items.some((item) => item.verification_status === 'needs_uploads');
  const unnamed = data.number_of_bikes - data.insured_items.length;
  const shipping = details.data?.plate_order_id ? details.data : null;
  return (
    <PageLayout title={t('confirmation.title')} width="form">
      <div className={styles.stack}>
        <Alert tone="success" title={t('confirmation.sent', { insurer: data.insurer.name })}>
          <p>{t('confirmation.sentText')}</p>
        </Alert>
        <Card title={t('confirmation.nextTitle')}>
          <ol>
            <li>{t('confirmation.nextInsurer', { insurer: data.insurer.name })}</li>
            {shipping ? (
              <li>
                {t('confirmation.nextPlates', {
                  address: [shipping.streetAddress, `${shipping.zipCode ?? ''} ${shipping.city ?? ''}`.trim()]
                    .filter(Boolean)
                    .join(', '),
                  ...PLATE_DELIVERY_BUSINESS_DAYS,
                })}
              </li>
            ) : null}
            {needsUploads ? <li>{t('confirmation.nextUploads')}</li> : null}
            {unnamed > 0 ? <li>{t('confirmation.nextRegister', { count: unnamed })}</li> : null}
            <li>{t('confirmation.nextStatus')}</li>
          </ol>
        </Card>
        <Card title={t('policy.facts')}>
          <PolicyFacts policy={data} />
        </Card>
        <div className={styles.actions}>
          <LinkButton
            href={paths.insurance.policyDetail.getHref({
              insurerPartyId: data.insurer.party_id,
              policyId: data.id,
            })}
          >
            {t('home.openPolicy')}
          </LinkButton>
          <LinkButton variant="secondary" href={paths.insurance.home.getHref()}>
            {t('confirmation.toInsurances')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
