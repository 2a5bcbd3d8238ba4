import type { Invitation } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { formatDate } from '../../../lib/format.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { Card } from '../../../ui/card.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { LoadingState } from '../../../ui/spinner.tsx';
import { useInvitations } from '../api/get-invitations.ts';
import { useRevokeInvitation } from '../api/revoke-invitation.ts';
import styles from '../organisations.module.css';

/** Invitations nobody has answered yet, for the organisation's admins; each can be revoked. */
export function InvitationList({ organisationId }: { organisationId: string }) {
  const { t, i18n } = useTranslation(['organisations', 'common']);
  const invitations = useInvitations(organisationId);
  const revoke = useRevokeInvitation(organisationId);
  const [revoking, setRevoking] = useState<Invitation | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  return (
    <Card title={t('members.pendingTitle')} id="invitations">
      {notice ? <Alert tone="success">{notice}</Alert> : null}
      {invitations.isPending ? <LoadingState /> : null}
      {invitations.isError ? (
        <Alert tone="error">
          <p>{errorMessage(invitations.error, t)}</p>
          <Button variant="secondary" size="small" onPress={() => void invitations.refetch()}>
            {t('list.retry')}
          </Button>
        </Alert>
      ) : null}
      {invitations.data?.length === 0 ? <p className={styles.meta}>{t('members.pendingEmpty')}</p> : null}
      {invitations.data && invitations.data.length > 0 ? (
        <ul className={styles.members}>
          {invitations.data.map((invitation) => (
            <li key={invitation.id} className={styles.member}>
              <div>
                <p className={`${styles.memberName} ${styles.address}`}>{invitation.email}</p>
                <p className={styles.meta}>
                  {t('members.pendingMeta', {
                    role: t(`roles.${invitation.role}`),
                    date: formatDate(invitation.expires_at, i18n.language),
                  })}
                </p>
              </div>
              <div className={styles.memberControls}>
                <Button
                  variant="danger"
                  size="small"
                  aria-label={t('members.revokeLabel', { email: invitation.email })}
                  onPress={() => {
                    setNotice(null);
                    setRevoking(invitation);
                  }}
                >
                  {t('members.revoke')}
                </Button>
              </div>
            </li>
          ))}
        </ul>
      ) : null}
      <ConfirmDialog
        isOpen={revoking !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRevoking(null);
        }}
        title={revoking ? t('members.revokeTitle', { email: revoking.email }) : ''}
        confirmLabel={t('members.revokeConfirm')}
        variant="danger"
        onConfirm={async () => {
          if (!revoking) return;
          await revoke.mutateAsync(revoking.id);
          setNotice(t('members.revoked', { email: revoking.email }));
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('members.revokeBody')}</p>
      </ConfirmDialog>
    </Card>
  );
}
