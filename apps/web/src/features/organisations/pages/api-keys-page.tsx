import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { organisationQueryOptions, useOrganisation } from '../api/get-organisation.ts';
import { ApiKeyList } from '../components/api-key-list.tsx';
import { CreateApiKeyForm } from '../components/create-api-key-form.tsx';
import { WebhookDeliveries } from '../components/webhook-deliveries.tsx';
import { WebhookSettings } from '../components/webhook-settings.tsx';
import styles from '../organisations.module.css';

/** The organisation is loaded before the page shows: someone else's (404) gets the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(organisationQueryOptions(params.organisationId ?? ''));
  return null;
}

/**
 * /app/organisations/{organisationId}/api-keys — the admins' keys for checks by API (issue 32 §1):
 * a marketplace's or a police system's way to ask whether a bike is registered or stolen, and the
 * webhook that tells them when a bike they checked is reported stolen.
 */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const organisationId = useParams().organisationId ?? '';
  const { data: organisation } = useOrganisation(organisationId);
  const isAdmin = organisation.role === 'admin';

  return (
    <PageLayout
      title={t('apiKeys.title', { name: organisation.name })}
      lead={t('apiKeys.lead')}
      width="reading"
    >
      <div className={styles.stack}>
        {isAdmin ? (
          <>
            <CreateApiKeyForm organisationId={organisationId} />
            <ApiKeyList organisationId={organisationId} />
            <WebhookSettings organisationId={organisationId} />
            <WebhookDeliveries organisationId={organisationId} />
          </>
        ) : (
          <Alert tone="info">{t('apiKeys.adminsOnly')}</Alert>
        )}
        <p>
          <Link href={paths.app.organisations.getHref()}>{t('members.backToList')}</Link>
        </p>
      </div>
    </PageLayout>
  );
}
