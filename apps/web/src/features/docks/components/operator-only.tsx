import { canRunDocks, type Organisation } from '@nbr/domain/organisations';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadErrorPage } from '../../../components/load-error.tsx';
import { paths } from '../../../config/paths.ts';
import { useActingOrganisation } from '../../../lib/api/organisations/get-acting-organisation.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { LinkButton } from '../../../ui/button.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';

/**
 * The operator's screens: only for a person acting for an organisation as its admin or dock operator
 * (the API decides the same: docks.policy.ts mayOperateDock). Anyone else is told how to get there.
 */
export function OperatorOnly({
  title,
  children,
}: {
  title: string;
  children: (organisation: Organisation) => ReactNode;
}) {
  const { t } = useTranslation('docks');
  const { claims } = useSession();
  const acting = useActingOrganisation(claims);
  const isActing = claims !== null && claims.party_id !== claims.identity_party_id;

  if (!isActing || claims?.act) {
    return (
      <PageLayout title={title}>
        <Alert tone="info" title={t('operator.actForTitle')}>
          <p>{t('operator.actFor')}</p>
          <LinkButton size="small" variant="secondary" href={paths.app.organisations.getHref()}>
            {t('operator.toOrganisations')}
          </LinkButton>
        </Alert>
      </PageLayout>
    );
  }
  if (acting.isPending) return <LoadingState />;
  if (acting.isError) {
    return (
      <LoadErrorPage
        title={title}
        alertTitle={t('operator.organisationFailed')}
        error={acting.error}
        retry={() => void acting.refetch()}
      />
    );
  }
  if (!canRunDocks(acting.data.role)) {
    return (
      <PageLayout title={title}>
        <Alert tone="info" title={t('operator.adminsOnlyTitle')}>
          <p>{t('operator.adminsOnly', { organisation: acting.data.name })}</p>
        </Alert>
      </PageLayout>
    );
  }
  return <>{children(acting.data)}</>;
}
