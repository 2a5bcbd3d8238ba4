import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../lib/format.ts';
import { useInvitations } from '../api/get-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import styles from '../organisations.module.css';
import { RevocableList } from './revocable-list.tsx';

/** Invitations nobody has answered yet, for the organisation's admins; each can be revoked. */
export function InvitationList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const invitations = useInvitations(organisationId);
  const revoke = useRevokeInvitation(organisationId);

  return (
    <RevocableList
      title={t('members.pendingTitle')}
      cardId="invitations"
      query={invitations}
      emptyText={t('members.pendingEmpty')}
      renderItem={(invitation) => (
        <>
          <p className={`${styles.memberName} ${styles.address}`}>{invitation.email}</p>
          <p className={styles.meta}>
            {t('members.pendingMeta', {
              role: t(`roles.${invitation.role}`),
              date: formatDate(invitation.expires_at, i18n.language),
            })}
          </p>
        </>
      )}
      textsOf={(invitation) => ({
        buttonLabel: t('members.revokeLabel', { email: invitation.email }),
        dialogTitle: t('members.revokeTitle', { email: invitation.email }),
        revokedNotice: t('members.revoked', { email: invitation.email }),
      })}
      revokeText={t('members.revoke')}
      confirmText={t('members.revokeConfirm')}
      dialogBody={t('members.revokeBody')}
      revoke={(id) => revoke.mutateAsync(id)}
    />
  );
}
