import type { InsuredItem, Policy } from '@nbr/domain/insurance';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import styles from '../hub.module.css';
import { AddBikeCard } from './hub-add-bike.tsx';
import { CheckStatusBadge, insuredBikeName, localised, WithInsuredBike } from './hub-parts.tsx';

function InsuredBikeItem({ policy, item }: { policy: Policy; item: InsuredItem }) {
  const { t } = useTranslation('insurance-hub');
  const name = insuredBikeName(item);
  const ids = { insurerPartyId: policy.insurer.party_id, policyId: policy.id, bikeId: item.bike_id };
  const missing = [
    ...item.missing_uploads.map((kind) => t(`uploadKinds.${kind}`)),
    ...item.missing_details.map((detail) => t(`details.${detail}`)),
  ];
  const status = item.verification_status;
  const canProve = status === 'needs_uploads' || status === 'rejected';
  return (
    <li className={styles.item}>
      <h3 className={styles.itemHeading}>{name}</h3>
      <p className={styles.statusLine}>
        <span>{t('hub.bikeStatus')}</span>
        <CheckStatusBadge status={status} />
      </p>
      {status === 'rejected' ? (
        <Alert tone="error" title={t('hub.rejectedTitle')} announce="none">
          <p>{t('hub.reason', { reason: item.rejection_reason ?? '' })}</p>
        </Alert>
      ) : null}
      {status === 'pending' ? <p className={styles.muted}>{t('hub.pendingText')}</p> : null}
      {status === 'verified' ? <p className={styles.muted}>{t('hub.verifiedText')}</p> : null}
      {canProve ? (
        <div>
          <h4 className={styles.sectionTitle}>{t('hub.missingTitle')}</h4>
          {missing.length > 0 ? (
            <ul className={styles.missing}>
              {missing.map((text) => (
                <li key={text}>{text}</li>
              ))}
            </ul>
          ) : (
            <p className={styles.muted}>{t('hub.nothingMissing')}</p>
          )}
        </div>
      ) : null}
      <div className={styles.actions}>
        <LinkButton
          size="small"
          variant={canProve ? 'primary' : 'secondary'}
          href={
            canProve && status === 'needs_uploads'
              ? paths.insurance.policyVerifyBikePossessionIntro.getHref(ids)
              : paths.insurance.policyVerifyBikePossession.getHref(ids)
          }
          aria-label={t(canProve ? 'hub.proveLabel' : 'hub.seeProofLabel', { name })}
        >
          {t(status === 'rejected' ? 'hub.proveAgain' : canProve ? 'hub.prove' : 'hub.seeProof')}
        </LinkButton>
        <LinkButton
          size="small"
          variant="secondary"
          href={paths.insurance.policyEditBike.getHref(ids)}
          aria-label={t('hub.editLabel', { name })}
        >
          {t('hub.editBike')}
        </LinkButton>
      </div>
    </li>
  );
}

function Hub({ policy }: { policy: Policy }) {
  const { t, i18n } = useTranslation(['insurance-hub', 'common']);
  const product = localised(policy.product.names, i18n.language);
  return (
    <PageLayout title={t('hub.title', { insurer: policy.insurer.name })} lead={t('hub.lead')}>
      <Card title={t('hub.policyTitle')}>
        <dl className={styles.facts}>
          <dt>{t('hub.product')}</dt>
          <dd>{product}</dd>
          <dt>{t('hub.status')}</dt>
          <dd>{t(`policyStatus.${policy.status}`)}</dd>
          <dt>{t('hub.policyNumber')}</dt>
          <dd>{policy.insurer_policy_number ?? t('hub.policyNumberPending')}</dd>
          <dt>{t('hub.numberOfBikes')}</dt>
          <dd>{policy.number_of_bikes}</dd>
          <dt>{t('hub.premium')}</dt>
          <dd>
            {formatMoney(policy.annual_premium.amount_minor, policy.annual_premium.currency, i18n.language)}
          </dd>
          <dt>{t('hub.since')}</dt>
          <dd>{formatDate(policy.activated_at ?? policy.created_at, i18n.language)}</dd>
        </dl>
      </Card>
      <section aria-labelledby="hub-bikes">
        <h2 id="hub-bikes">{t('hub.bikesTitle')}</h2>
        {policy.insured_items.length === 0 ? (
          <p className={styles.muted}>{t('hub.noBikes')}</p>
        ) : (
          <ul className={styles.list}>
            {policy.insured_items.map((item) => (
              <InsuredBikeItem key={item.id} policy={policy} item={item} />
            ))}
          </ul>
        )}
      </section>
      <AddBikeCard policy={policy} />
      <Card title={t('hub.termsTitle', { product })}>
        <p className={styles.terms}>{localised(policy.product.terms, i18n.language)}</p>
        <p className={styles.muted}>{t('hub.documentsText')}</p>
      </Card>
    </PageLayout>
  );
}

/** /insurance/{insurerPartyId}/policy/{policyId}/hub — the holder's insurance: bikes, what each needs, terms. */
export function Component() {
  const { t } = useTranslation('insurance-hub');
  return (
    <WithInsuredBike title={t('hub.titleShort')}>{({ policy }) => <Hub policy={policy} />}</WithInsuredBike>
  );
}
