import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useParams } from 'react-router';
import { LoadError } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { formatDate, formatMoney } from '../../../lib/format.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { adminBikeQueryOptions, useAdminBike } from '../api/admin-bike.ts';
import { adminInsurerQueryOptions, isOwnInsurer } from '../api/admin-insurer.ts';
import { usePossession } from '../api/hub-get-possession.ts';
import styles from './admin.module.css';
import { HolderDetailsCard } from './admin-holder-card.tsx';

/** The insurer's own people only (404 otherwise), and a bike that is on this insurer's policy. */
export async function loader({ params }: LoaderFunctionArgs) {
  const insurerPartyId = params.insurerPartyId ?? '';
  const organisation = await queryClient.ensureQueryData(adminInsurerQueryOptions(insurerPartyId));
  if (!isOwnInsurer(organisation)) throw new Response(null, { status: 404 });
  await queryClient.ensureQueryData(
    adminBikeQueryOptions(insurerPartyId, params.policyId ?? '', params.bikeId ?? ''),
  );
  return null;
}

/**
 * /insurance/{insurerPartyId}/admin/policies/{policyId}/bikes/{bikeId} — one insured bike as the
 * insurer sees it: the register's facts, the check of the holder's proof, the policy, and the theft
 * report the owner shared with its claim. No owner data beyond the holder's name and national id
 * (masked; in full on an audited ask with a reason, admin-holder-card.tsx).
 */
export function Component() {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const params = useParams();
  const insurerPartyId = params.insurerPartyId ?? '';
  const { data } = useAdminBike(insurerPartyId, params.policyId ?? '', params.bikeId ?? '');
  const { bike } = data;
  const title = [bike.brand, bike.model].filter(Boolean).join(' ') || bike.nickname;
  const report = data.theft_report;

  return (
    <PageLayout title={title} lead={t('bike.lead', { holder: data.holder_name ?? '–' })}>
      <div className={styles.stack}>
        <p>
          <Link href={paths.insurance.admin.getHref({ insurerPartyId })}>{t('bike.back')}</Link>
        </p>
        <Card title={t('bike.registerTitle')} id="bike">
          <dl className={styles.details}>
            <dt>{t('bike.frameNumber')}</dt>
            <dd>{bike.frame_number ?? '–'}</dd>
            <dt>{t('bike.plate')}</dt>
            <dd>{bike.plate_id ?? '–'}</dd>
            <dt>{t('bike.category')}</dt>
            <dd>
              {bike.category
                ? t(`common:bike.categories.${bike.category}`, { defaultValue: bike.category })
                : '–'}
            </dd>
            <dt>{t('bike.electric')}</dt>
            <dd>{bike.is_electric ? t('bike.yes') : t('bike.no')}</dd>
            <dt>{t('bike.price')}</dt>
            <dd>{bike.price === null ? '–' : formatMoney(bike.price * 100, bike.currency, i18n.language)}</dd>
            <dt>{t('bike.status')}</dt>
            <dd>{bike.status === 'stolen' ? t('bike.stolen') : t('bike.registered')}</dd>
            <dt>{t('bike.ownerVerified')}</dt>
            <dd>{bike.owner_verified ? t('bike.yes') : t('bike.no')}</dd>
            <dt>{t('bike.registeredAt')}</dt>
            <dd>{formatDate(bike.registered_at, i18n.language)}</dd>
          </dl>
        </Card>
        <Card title={t('bike.policyTitle')} id="policy">
          <dl className={styles.details}>
            <dt>{t('bike.policyNumber')}</dt>
            <dd>{data.insurer_policy_number ?? '–'}</dd>
            <dt>{t('bike.policyStatus')}</dt>
            <dd>{t(`policies.status.${data.policy_status}`)}</dd>
            <dt>{t('bike.holder')}</dt>
            <dd>{data.holder_name ?? '–'}</dd>
            <dt>{t('bike.verification')}</dt>
            <dd>
              {t(`bike.verificationStatus.${data.verification_status}`, {
                defaultValue: data.verification_status,
              })}
            </dd>
            <dt>{t('bike.insuredSince')}</dt>
            <dd>{formatDate(data.insured_since, i18n.language)}</dd>
          </dl>
        </Card>
        <PossessionProofCard itemId={data.insured_item_id} />
        <HolderDetailsCard policyId={params.policyId ?? ''} />
        <Card title={t('bike.theftTitle')} id="theft">
          {report ? (
            <dl className={styles.details}>
              <dt>{t('bike.reported')}</dt>
              <dd>{report.submitted_at ? formatDate(report.submitted_at, i18n.language) : '–'}</dd>
              <dt>{t('bike.claim')}</dt>
              <dd>
                {report.payout
                  ? t('theft.paid', {
                      amount: formatMoney(
                        report.payout.amount.amount_minor,
                        report.payout.amount.currency,
                        i18n.language,
                      ),
                      date: formatDate(report.payout.paid_at, i18n.language),
                    })
                  : t('bike.notPaid')}
              </dd>
              {report.payout?.registration_transferred ? (
                <>
                  <dt>{t('bike.registration')}</dt>
                  <dd>{t('theft.transferred')}</dd>
                </>
              ) : null}
            </dl>
          ) : (
            <p>{t('bike.noTheft')}</p>
          )}
        </Card>
      </div>
    </PageLayout>
  );
}

/**
 * The holder's proof of possession as they uploaded it (issue 27: the holder is told the insurer's
 * staff see it, and they did not): each upload with its kind, opened by its signed address. The API
 * answers it to the staff of the policy's insurer and ours only (GET …/possession/, 404 otherwise).
 */
function PossessionProofCard({ itemId }: { itemId: string }) {
  const { t, i18n } = useTranslation(['insurer-admin', 'common']);
  const possession = usePossession(itemId);
  return (
    <Card title={t('bike.proofTitle')} id="possession">
      {possession.isError ? (
        <LoadError
          title={t('bike.proofLoadFailed')}
          error={possession.error}
          retry={() => void possession.refetch()}
        />
      ) : !possession.data ? (
        <LoadingState />
      ) : possession.data.uploads.length === 0 ? (
        <p>{t('bike.proofNone')}</p>
      ) : (
        <ul>
          {possession.data.uploads.map((upload) => (
            <li key={upload.id}>
              <Link href={upload.url} external>
                {t(`products.upload.${upload.kind}`)}
              </Link>{' '}
              <span className={styles.muted}>
                {t('bike.proofUploaded', { date: formatDate(upload.created_at, i18n.language) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </Card>
  );
}
