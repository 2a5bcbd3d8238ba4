import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type LoaderFunctionArgs, useNavigate, useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button, LinkButton } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { organisationQueryOptions, useOrganisation } from '../api/get-organisation.ts';
import { useActAs } from '../components/use-act-as.ts';
import styles from '../organisations.module.css';

/**
 * Only the insurer's own people reach its admin: anyone else (staff looking in included) and any
 * organisation that is not an insurance company get the 404 page.
 */
export async function loader({ params }: LoaderFunctionArgs) {
  const organisation = await queryClient.ensureQueryData(
    organisationQueryOptions(params.insurerPartyId ?? ''),
  );
  if (organisation.type !== 'insurance_company' || organisation.role === null) {
    throw new Response(null, { status: 404 });
  }
  return null;
}

/** /insurance/{insurerPartyId}/admin — the insurer's start page; where its users land after login. */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const insurerPartyId = useParams().insurerPartyId ?? '';
  const { data: insurer } = useOrganisation(insurerPartyId);
  const { actingPartyId, actAs, actAsSelf, isPending } = useActAs();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const isActing = actingPartyId === insurer.party_id;

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
    <PageLayout title={insurer.name} lead={t('insurer.lead', { name: insurer.name })} width="reading">
      <div className={styles.stack}>
        {error ? <Alert tone="error">{error}</Alert> : null}
        {isActing ? null : <Alert tone="info">{t('insurer.notActing', { name: insurer.name })}</Alert>}
        <Card title={t('insurer.detailsTitle')} id="organisation">
          <dl className={styles.details}>
            <dt>{t('insurer.name')}</dt>
            <dd>{insurer.name}</dd>
            <dt>{t('insurer.type')}</dt>
            <dd>{t(`types.${insurer.type}`)}</dd>
            {insurer.registration_number ? (
              <>
                <dt>{t('insurer.registrationNumber')}</dt>
                <dd>{insurer.registration_number}</dd>
              </>
            ) : null}
            <dt>{t('insurer.yourRole')}</dt>
            <dd>{insurer.role ? t(`roles.${insurer.role}`) : '–'}</dd>
          </dl>
          <div className={styles.actions}>
            <LinkButton href={paths.app.organisationMembers.getHref({ organisationId: insurer.party_id })}>
              {t('insurer.manageMembers')}
            </LinkButton>
            {isActing ? (
              <Button variant="secondary" onPress={() => void backToOwn()} isDisabled={isPending}>
                {t('insurer.backToOwn')}
              </Button>
            ) : (
              <Button variant="secondary" onPress={() => void switchTo()} isDisabled={isPending}>
                {t('insurer.actAs', { name: insurer.name })}
              </Button>
            )}
          </div>
        </Card>
      </div>
    </PageLayout>
  );
}
