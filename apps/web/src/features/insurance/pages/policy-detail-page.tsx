import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePolicy } from '../api/policies-get-policy.ts';
import styles from './signup.module.css';
import { PolicyFacts } from './signup-shared.tsx';

/** /insurance/{insurerPartyId}/policy/{policyId} — one policy: status, number, bikes, premium. */
export function Component() {
  const { insurerPartyId = '', policyId = '' } = useParams();
  const { t } = useTranslation(['insurance', 'common']);
  const policy = usePolicy(policyId);
  if (policy.isError && !policy.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={t('policy.title')}
        error={policy.error}
        retry={() => void policy.refetch()}
      />
    );
  if (!policy.data) return <LoadingState />;
  const data = policy.data;
  return (
    <PageLayout title={t('policy.titleAt', { insurer: data.insurer.name })} width="form">
      <div className={styles.stack}>
        <Card title={t('policy.facts')}>
          <PolicyFacts policy={data} />
        </Card>
        <Card title={t('policy.insuredBikes')}>
          {data.insured_items.length === 0 ? (
            <p>{t('policy.noBikesYet')}</p>
          ) : (
            <ul className={styles.list}>
              {data.insured_items.map((item) => (
                <li key={item.id}>
                  <strong>{item.bike.nickname}</strong>
                  {item.bike.frame_number ? ` · ${item.bike.frame_number}` : ''} ·{' '}
                  <span className={styles.status}>
                    {t(`policy.itemStatuses.${item.verification_status}`)}
                  </span>
                </li>
              ))}
            </ul>
          )}
        </Card>
        <div className={styles.actions}>
          <LinkButton
            href={paths.insurance.policyHub.getHref({
              insurerPartyId: data.insurer.party_id,
              policyId: data.id,
            })}
          >
            {t('policy.toHub')}
          </LinkButton>
          <LinkButton
            variant="secondary"
            href={paths.insurance.policyPersonalInfo.getHref(
              { insurerPartyId: insurerPartyId || data.insurer.party_id },
              { policy: data.id },
            )}
          >
            {t('policy.toPersonalInfo')}
          </LinkButton>
          <LinkButton
            variant="secondary"
            href={paths.insurance.lockTestPortal.getHref({ insurerPartyId: data.insurer.party_id })}
          >
            {t('policy.toLockTests')}
          </LinkButton>
        </div>
        <Link href={paths.insurance.home.getHref()}>{t('policy.allPolicies')}</Link>
      </div>
    </PageLayout>
  );
}
