import { isOpenPolicy } from '@nbr/domain/insurance';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { usePolicies } from '../../../lib/api/insurance/get-policies.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Link } from '../../../ui/link.tsx';
import styles from '../bikes.module.css';

/**
 * The person's own open policies in the register, if any: a bike insured that way is registered
 * here by the person and then put on the policy from its page (the policy's hub). Nothing is shown
 * to someone without such a policy.
 */
export function OwnPoliciesNote() {
  const { t } = useTranslation('bikes');
  const policies = usePolicies();
  const open = (policies.data ?? []).filter((policy) => isOpenPolicy(policy.status));
  if (open.length === 0) return null;
  return (
    <Alert tone="info" announce="none" title={t('ownPolicies.title')}>
      <p>{t('ownPolicies.body')}</p>
      <ul className={styles.checklist}>
        {open.map((policy) => (
          <li key={policy.id}>
            <Link
              href={paths.insurance.policyHub.getHref({
                insurerPartyId: policy.insurer.party_id,
                policyId: policy.id,
              })}
            >
              {t('ownPolicies.policy', {
                insurer: policy.insurer.name,
                count: policy.insured_items.length,
                total: policy.number_of_bikes,
              })}
            </Link>
          </li>
        ))}
      </ul>
    </Alert>
  );
}
