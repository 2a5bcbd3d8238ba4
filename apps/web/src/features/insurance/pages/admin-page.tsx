import type { Organisation } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { useActAs } from '../../../lib/use-act-as.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { adminInsurerQueryOptions, isOwnInsurer, useAdminInsurer } from '../api/admin-insurer.ts';
import { PlateOrdersCard } from '../components/plate-orders-card.tsx';
import styles from './admin.module.css';
import { PoliciesSection } from './admin-policies-section.tsx';
import { PreRegistrationUpload, SharedTheftReports } from './admin-sections.tsx';

/**
 * Only the insurer's own people reach its admin: anyone else (staff looking in included) and any
 * organisation that is not an insurance company get the 404 page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const organisation = await queryClient.ensureQueryData(
    adminInsurerQueryOptions(params.insurerPartyId ?? ''),
  );
  if (!isOwnInsurer(organisation)) throw new Response(null, { status: 404 });
  return null;
}

/** The insurer's organisation, its members and acting for it (moved here from the organisations feature). */
function OrganisationCard({ insurer, isActing }: { insurer: Organisation; isActing: boolean }) {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const { actAs, actAsSelf, isPending } = useActAs();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);

  const backToOwn = async () => {
    setError(null);
    try {
      await actAsSelf();
      await navigate(paths.app.home.getHref());
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  const switchTo = async () => {
    setError(null);
    try {
      await actAs(insurer);
    } catch (failure) {
      setError(errorMessage(failure, t));
    }
  };

  return (
    <Card title={t('organisation.title')} id="organisation">
      {error ? <Alert tone="error">{error}</Alert> : null}
      <dl className={styles.details}>
        <dt>{t('organisation.name')}</dt>
        <dd>{insurer.name}</dd>
        <dt>{t('organisation.type')}</dt>
        <dd>{t('organisation.insuranceCompany')}</dd>
        {insurer.registration_number ? (
          <>
            <dt>{t('organisation.registrationNumber')}</dt>
            <dd>{insurer.registration_number}</dd>
          </>
        ) : null}
        <dt>{t('organisation.yourRole')}</dt>
        <dd>{insurer.role ? t(`organisation.roles.${insurer.role}`) : '–'}</dd>
      </dl>
      <div className={styles.actions}>
        <LinkButton href={paths.app.organisationMembers.getHref({ organisationId: insurer.party_id })}>
          {t('organisation.manageMembers')}
        </LinkButton>
        {isActing ? (
          <Button variant="secondary" onPress={() => void backToOwn()} isDisabled={isPending}>
            {t('organisation.backToOwn')}
          </Button>
        ) : (
          <Button variant="secondary" onPress={() => void switchTo()} isDisabled={isPending}>
            {t('organisation.actAs', { name: insurer.name })}
          </Button>
        )}
      </div>
    </Card>
  );
}

/**
 * /insurance/{insurerPartyId}/admin — the insurer's start page, where its users land after login:
 * its organisation, and while acting for it its policies and decisions, the upload of existing
 * customers, the theft reports shared with it, and a way to its reports.
 */
export function Component() {
  const { t } = useTranslation(['insurer-admin', 'common']);
  const insurerPartyId = useParams().insurerPartyId ?? '';
  const { data: insurer } = useAdminInsurer(insurerPartyId);
  const { actingPartyId } = useActAs();
  const isActing = actingPartyId === insurer.party_id;

  return (
    <PageLayout title={insurer.name} lead={t('admin.lead', { name: insurer.name })}>
      <div className={styles.stack}>
        {isActing ? null : <Alert tone="info">{t('admin.notActing', { name: insurer.name })}</Alert>}
        <OrganisationCard insurer={insurer} isActing={isActing} />
        {isActing ? (
          <>
            <Card title={t('admin.reportsTitle')} id="reports">
              <p>{t('admin.reportsBody')}</p>
              <LinkButton href={paths.insurance.adminReports.getHref({ insurerPartyId: insurer.party_id })}>
                {t('admin.reportsLink')}
              </LinkButton>
            </Card>
            <Card title={t('admin.productsTitle')} id="products">
              <p>{t('admin.productsBody')}</p>
              <LinkButton href={paths.insurance.adminProducts.getHref({ insurerPartyId: insurer.party_id })}>
                {t('admin.productsLink')}
              </LinkButton>
            </Card>
            <Card title={t('admin.lockTestsTitle')} id="lock-tests">
              <p>{t('admin.lockTestsBody')}</p>
              <LinkButton href={paths.insurance.lockTestPortal.getHref({ insurerPartyId: insurer.party_id })}>
                {t('admin.lockTestsLink')}
              </LinkButton>
            </Card>
            <PoliciesSection insurerPartyId={insurer.party_id} />
            <SharedTheftReports insurerPartyId={insurer.party_id} />
            <PreRegistrationUpload insurerPartyId={insurer.party_id} />
            <PlateOrdersCard insurerPartyId={insurer.party_id} viewer="insurer" />
          </>
        ) : null}
      </div>
    </PageLayout>
  );
}
