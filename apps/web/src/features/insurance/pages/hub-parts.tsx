import type { InsuredItem, InsuredItemStatus, Policy } from '@nbr/domain/insurance';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { usePolicy } from '../api/policies-get-policy.ts';
import styles from '../hub.module.css';

/*
 * What the hub's pages share: the policy and the insured bike of the address, the status badge and
 * the bike's name. Not a route module.
 */

const TONES: Record<InsuredItemStatus, string | undefined> = {
  needs_uploads: styles.badgeWarning,
  pending: undefined,
  verified: styles.badgeSuccess,
  rejected: styles.badgeDanger,
};

export function CheckStatusBadge({ status }: { status: InsuredItemStatus }) {
  const { t } = useTranslation('insurance-hub');
  return (
    <span className={[styles.badge, TONES[status]].filter(Boolean).join(' ')}>{t(`status.${status}`)}</span>
  );
}

/** A bike's name as the hub shows it: its nickname, with brand and model when known. */
export function insuredBikeName(item: InsuredItem): string {
  const make = [item.bike.brand, item.bike.model].filter(Boolean).join(' ');
  return make ? `${item.bike.nickname} (${make})` : item.bike.nickname;
}

/** The language's text of a product's names or terms. */
export function localised(text: { da: string; en: string; no: string }, language: string): string {
  if (language.startsWith('da')) return text.da;
  if (language.startsWith('no') || language.startsWith('nb')) return text.no;
  return text.en;
}

export interface HubParams {
  insurerPartyId: string;
  policyId: string;
  bikeId: string;
}

export function useHubParams(): HubParams {
  const { insurerPartyId = '', policyId = '', bikeId = '' } = useParams();
  return { insurerPartyId, policyId, bikeId };
}

/**
 * Loads the policy of the address and renders `children` with it (and the insured bike when the
 * address names one); a bike that is not on the policy is the 404 page's business.
 */
export function WithInsuredBike({
  title,
  children,
}: {
  title: string;
  children: (data: { policy: Policy; item: InsuredItem | null; params: HubParams }) => ReactNode;
}) {
  const { t } = useTranslation('insurance-hub');
  const params = useHubParams();
  const policy = usePolicy(params.policyId);
  if (policy.isError && !policy.data)
    return (
      <LoadErrorPage
        alertTitle={t('loadFailed')}
        title={title}
        error={policy.error}
        retry={() => void policy.refetch()}
      />
    );
  if (!policy.data) return <LoadingState />;
  const item = params.bikeId
    ? (policy.data.insured_items.find((candidate) => candidate.bike_id === params.bikeId) ?? null)
    : null;
  return <>{children({ policy: policy.data, item, params })}</>;
}

/** The address names a bike that is not (or no longer) on this policy. */
export function NotOnPolicy({ title, params }: { title: string; params: HubParams }) {
  const { t } = useTranslation('insurance-hub');
  return (
    <PageLayout title={title} width="form">
      <Alert tone="error" announce="none">
        <p>{t('notOnPolicy')}</p>
      </Alert>
      <LinkButton href={paths.insurance.policyHub.getHref(params)} variant="secondary">
        {t('backToHub')}
      </LinkButton>
    </PageLayout>
  );
}
