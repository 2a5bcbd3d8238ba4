import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { usePolicies } from '../../../lib/api/insurance/get-policies.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import styles from './signup.module.css';
import { PolicyFacts } from './signup-shared.tsx';

/** /insurance/{insurerPartyId}/policy — the person's policies at one insurer, and applying there. */
export function Component() {
  const { insurerPartyId = '' } = useParams();
  const { t } = useTranslation(['insurance', 'common']);
  const policies = usePolicies();
  if (policies.isError && !policies.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('insurerPolicies.title')}
        error={policies.error}
        retry={() => void policies.refetch()}
      />
    );
  if (!policies.data) return <LoadingState />;
  const here = policies.data.filter((policy) => policy.insurer.party_id === insurerPartyId);
  const insurerName = here[0]?.insurer.name;
  return (
    <PageLayout
      title={
        insurerName ? t('insurerPolicies.titleAt', { insurer: insurerName }) : t('insurerPolicies.title')
      }
      width="form"
    >
      <div className={styles.stack}>
        {here.length === 0 ? <p>{t('insurerPolicies.none')}</p> : null}
        <ul className={styles.list}>
          {here.map((policy) => (
            <li key={policy.id}>
              <Card title={t(`covers.${policy.coverage}`)} headingLevel={2}>
                <PolicyFacts policy={policy} />
                <Link href={paths.insurance.policyDetail.getHref({ insurerPartyId, policyId: policy.id })}>
                  {t('home.openPolicy')}
                </Link>
              </Card>
            </li>
          ))}
        </ul>
        <div className={styles.actions}>
          <LinkButton href={paths.insuranceSignup.enrolment.getHref({ insurer: insurerPartyId })}>
            {t('insurerPolicies.apply')}
          </LinkButton>
        </div>
      </div>
    </PageLayout>
  );
}
