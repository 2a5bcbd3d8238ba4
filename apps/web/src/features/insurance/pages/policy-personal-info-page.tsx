import { isOpenPolicy, type Policy } from '@nbr/domain/insurance';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { usePolicies } from '../../../lib/api/insurance/get-policies.ts';
import { formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useHolderDetails } from '../api/policies-get-holder-details.ts';
import { useSaveHolderDetails } from '../api/policies-save-holder-details.ts';
import styles from './signup.module.css';
import { HolderDetailsForm, regionOfPolicy } from './signup-shared.tsx';

/**
 * /insurance/{insurerPartyId}/policy/personal-info?policy= — the holder's checkout details of a policy
 * at this insurer (SPEC §3): name, address, phones, national id (shown masked once stored) and bank
 * account. Without ?policy= it takes the person's open policy there.
 */
export function Component() {
  const { insurerPartyId = '' } = useParams();
  const [search] = useSearchParams();
  const { t } = useTranslation(['insurance', 'common']);
  const policies = usePolicies();
  if (policies.isError && !policies.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('checkout.title')}
        error={policies.error}
        retry={() => void policies.refetch()}
      />
    );
  if (!policies.data) return <LoadingState />;
  const wanted = search.get('policy');
  const policy = policies.data.find((candidate) =>
    wanted
      ? candidate.id === wanted
      : candidate.insurer.party_id === insurerPartyId && isOpenPolicy(candidate.status),
  );
  if (!policy)
    return (
      <PageLayout title={t('checkout.title')} width="form">
        <p>{t('checkout.noPolicy')}</p>
        <LinkButton href={paths.insuranceSignup.enrolment.getHref({ insurer: insurerPartyId })}>
          {t('insurerPolicies.apply')}
        </LinkButton>
      </PageLayout>
    );
  return <DetailsForm policy={policy} justSent={search.get('sent') === '1'} />;
}

function DetailsForm({ policy, justSent }: { policy: Policy; justSent: boolean }) {
  const { t, i18n } = useTranslation(['insurance', 'common']);
  const details = useHolderDetails(policy.id);
  const save = useSaveHolderDetails();
  if (details.isError && !details.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('checkout.title')}
        error={details.error}
        retry={() => void details.refetch()}
      />
    );
  if (!details.data) return <LoadingState />;
  const detailHref = paths.insurance.policyDetail.getHref({
    insurerPartyId: policy.insurer.party_id,
    policyId: policy.id,
  });
  return (
    <PageLayout
      title={t('checkout.title')}
      lead={t('checkout.leadAt', { insurer: policy.insurer.name })}
      width="form"
    >
      <div className={styles.stack}>
        {justSent && !save.isSuccess ? (
          <Alert tone="success" title={t('checkout.applicationSent')}>
            <p>
              {t('checkout.applicationSentText', {
                insurer: policy.insurer.name,
                amount: formatMoney(
                  policy.annual_premium.amount_minor,
                  policy.annual_premium.currency,
                  i18n.language,
                ),
              })}
            </p>
          </Alert>
        ) : null}
        {save.isSuccess ? (
          <Alert tone="success" title={t('checkout.saved')}>
            <p>
              <Link href={detailHref}>{t('checkout.toPolicy')}</Link>
            </p>
          </Alert>
        ) : null}
        {isOpenPolicy(policy.status) ? (
          <HolderDetailsForm
            // A fresh form once saved: the national id then shows masked and the field is empty again.
            key={details.data.updated_at}
            region={regionOfPolicy(policy)}
            initial={details.data}
            submitLabel={t('checkout.save')}
            isPending={save.isPending}
            error={save.error}
            onSubmit={(body) => save.mutate({ policyId: policy.id, details: body })}
          />
        ) : (
          <p>{t('checkout.closed')}</p>
        )}
      </div>
    </PageLayout>
  );
}
