import { useTranslation } from 'react-i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { useParams } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { Link } from '../../../ui/link.tsx';
import { PageLayout } from '../../../ui/page-layout.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useMembers } from '../api/get-members.ts';
import { organisationQueryOptions, useOrganisation } from '../api/get-organisation.ts';
import { InvitationList } from '../components/invitation-list.tsx';
import { InviteMemberForm } from '../components/invite-member-form.tsx';
import { LeaveOrganisation } from '../components/leave-organisation.tsx';
import { MemberList } from '../components/member-list.tsx';
import styles from '../organisations.module.css';

/** The organisation is loaded before the page shows: someone else's (404) gets the 404 page. */
export async function loader({ params }: LoaderFunctionArgs) {
  await queryClient.ensureQueryData(organisationQueryOptions(params.organisationId ?? ''));
  return null;
}

/** /app/organisations/{organisationId}/members — everyone sees the list; admins invite and manage. */
export function Component() {
  const { t } = useTranslation(['organisations', 'common']);
  const organisationId = useParams().organisationId ?? '';
  const { data: organisation } = useOrganisation(organisationId);
  const members = useMembers(organisationId);
  const isAdmin = organisation.role === 'admin';

  return (
    <PageLayout
      title={t('members.title', { name: organisation.name })}
      lead={t('members.lead', {
        type: t(`types.${organisation.type}`),
        role: organisation.role ? t(`roles.${organisation.role}`) : '–',
      })}
      width="reading"
    >
      <div className={styles.stack}>
        <Card title={t('members.listTitle')} id="members">
          {members.isPending ? <LoadingState /> : null}
          {members.isError ? (
            <Alert tone="error">
              <p>{errorMessage(members.error, t)}</p>
              <Button variant="secondary" size="small" onPress={() => void members.refetch()}>
                {t('list.retry')}
              </Button>
            </Alert>
          ) : null}
          {members.data ? <MemberList organisation={organisation} members={members.data} /> : null}
          {isAdmin ? null : <p className={styles.meta}>{t('members.readOnly')}</p>}
        </Card>
        {isAdmin ? <InviteMemberForm organisationId={organisationId} /> : null}
        {isAdmin ? <InvitationList organisationId={organisationId} /> : null}
        <div className={styles.actions}>
          <LeaveOrganisation
            organisation={organisation}
            isSoleAdmin={
              organisation.role === 'admin' &&
              (members.data ?? []).filter((member) => member.role === 'admin').length === 1
            }
          />
        </div>
        {isAdmin ? (
          <p>
            <Link href={paths.app.organisationApiKeys.getHref({ organisationId })}>
              {t('list.manageApiKeys', { name: organisation.name })}
            </Link>
          </p>
        ) : null}
        <p>
          <Link href={paths.app.organisations.getHref()}>{t('members.backToList')}</Link>
        </p>
      </div>
    </PageLayout>
  );
}
