import { type InsuredItem, type Policy, REQUIRED_UPLOADS } from '@nbr/domain/insurance';
import { useTranslation } from 'react-i18next';
import { paths } from '../../../config/paths.ts';
import { LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { usePossession } from '../api/hub-get-possession.ts';
import styles from '../hub.module.css';
import { insuredBikeName, NotOnPolicy, WithInsuredBike } from './hub-parts.tsx';

function Intro({ policy, item }: { policy: Policy; item: InsuredItem }) {
  const { t } = useTranslation('insurance-hub');
  const possession = usePossession(item.id);
  const required = possession.data?.required_uploads ?? item.missing_uploads;
  const ids = { insurerPartyId: policy.insurer.party_id, policyId: policy.id, bikeId: item.bike_id };
  return (
    <PageLayout
      title={t('intro.title')}
      lead={t('intro.lead', { name: insuredBikeName(item), insurer: policy.insurer.name })}
      width="reading"
    >
      <Card title={t('intro.whatTitle')}>
        <ul className={styles.steps}>
          {REQUIRED_UPLOADS.map((kind) => (
            <li key={kind}>
              <strong>
                {t(`uploadKinds.${kind}`)}
                {required.includes(kind) ? '' : ` (${t('optional')})`}
              </strong>
              <br />
              {t(`intro.why.${kind}`)}
            </li>
          ))}
        </ul>
      </Card>
      <Card title={t('intro.detailsTitle')}>
        <p className={styles.muted}>{t('intro.detailsText')}</p>
      </Card>
      <Card title={t('intro.privacyTitle')}>
        <p className={styles.muted}>{t('intro.privacyText', { insurer: policy.insurer.name })}</p>
      </Card>
      <div className={styles.actions}>
        <LinkButton href={paths.insurance.policyVerifyBikePossession.getHref(ids)}>
          {t('intro.start')}
        </LinkButton>
        <LinkButton href={paths.insurance.policyHub.getHref(ids)} variant="secondary">
          {t('backToHub')}
        </LinkButton>
      </div>
    </PageLayout>
  );
}

/** …/bikes/{bikeId}/verify-bike-possession/intro — what to photograph and why, before the uploads. */
export function Component() {
  const { t } = useTranslation('insurance-hub');
  return (
    <WithInsuredBike title={t('intro.title')}>
      {({ policy, item, params }) =>
        item ? (
          <Intro policy={policy} item={item} />
        ) : (
          <NotOnPolicy title={t('intro.title')} params={params} />
        )
      }
    </WithInsuredBike>
  );
}
