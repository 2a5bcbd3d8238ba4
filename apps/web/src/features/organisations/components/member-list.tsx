import type { Member, Organisation, OrganisationRole } from '@nbr/domain/organisations';
import { ORGANISATION_ROLES } from '@nbr/domain/organisations';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { Alert } from '../../../ui/alert.tsx';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { Select } from '../../../ui/select.tsx';
import { useRemoveMember } from '../api/remove-member.ts';
import { useUpdateMemberRole } from '../api/update-member-role.ts';
import styles from '../organisations.module.css';

type Notice = { tone: 'success' | 'error'; text: string };

function displayName(member: Member): string {
  return member.name ?? member.email;
}

/** The members of an organisation; admins change roles and remove people here. */
export function MemberList({ organisation, members }: { organisation: Organisation; members: Member[] }) {
  const { t } = useTranslation(['organisations', 'common']);
  const { claims } = useSession();
  const updateRole = useUpdateMemberRole(organisation.party_id);
  const removeMember = useRemoveMember(organisation.party_id);
  const [notice, setNotice] = useState<Notice | null>(null);
  const [removing, setRemoving] = useState<Member | null>(null);
  const isAdmin = organisation.role === 'admin';
  const adminCount = members.filter((member) => member.role === 'admin').length;
  const noticeRef = useRef<HTMLDivElement>(null);

  const changeRole = async (member: Member, role: OrganisationRole) => {
    if (role === member.role) return;
    setNotice(null);
    try {
      await updateRole.mutateAsync({ identityPartyId: member.identity_party_id, role });
      setNotice({
        tone: 'success',
        text: t('members.roleChanged', { name: displayName(member), role: t(`roles.${role}`) }),
      });
    } catch (error) {
      setNotice({ tone: 'error', text: errorMessage(error, t) });
    }
  };

  return (
    <>
      {notice ? (
        <Alert tone={notice.tone} ref={noticeRef} tabIndex={-1}>
          {notice.text}
        </Alert>
      ) : null}
      <ul className={styles.members}>
        {members.map((member) => {
          const isSelf = member.identity_party_id === claims?.identity_party_id;
          const name = displayName(member);
          // The API refuses to leave an organisation without an administrator: do not offer it.
          const isSoleAdmin = member.role === 'admin' && adminCount === 1;
          return (
            <li key={member.identity_party_id} className={styles.member}>
              <div>
                <p className={`${styles.memberName} ${styles.address}`}>
                  {name} {isSelf ? t('members.you') : null}
                </p>
                {member.name ? <p className={`${styles.meta} ${styles.address}`}>{member.email}</p> : null}
                {isAdmin ? null : <p className={styles.meta}>{t(`roles.${member.role}`)}</p>}
              </div>
              {isAdmin ? (
                <div className={styles.memberControls}>
                  <Select
                    label={t('members.roleLabel', { name })}
                    options={ORGANISATION_ROLES.map((value) => ({ value, label: t(`roles.${value}`) }))}
                    value={member.role}
                    onChange={(value) => void changeRole(member, value as OrganisationRole)}
                    isDisabled={updateRole.isPending || isSoleAdmin}
                    {...(isSoleAdmin ? { description: t('members.soleAdminRole') } : {})}
                  />
                  {isSelf ? null : (
                    <Button
                      variant="danger"
                      size="small"
                      aria-label={t('members.removeLabel', { name })}
                      onPress={() => {
                        setNotice(null);
                        setRemoving(member);
                      }}
                    >
                      {t('members.remove')}
                    </Button>
                  )}
                </div>
              ) : null}
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        isOpen={removing !== null}
        onOpenChange={(isOpen) => {
          if (!isOpen) setRemoving(null);
        }}
        title={removing ? t('members.removeTitle', { name: displayName(removing) }) : ''}
        confirmLabel={t('members.removeConfirm')}
        variant="danger"
        onConfirm={async () => {
          if (!removing) return;
          await removeMember.mutateAsync(removing.identity_party_id);
          setNotice({ tone: 'success', text: t('members.removed', { name: displayName(removing) }) });
          // The removed row (and the button that had focus) is gone: continue from the notice.
          requestAnimationFrame(() => noticeRef.current?.focus());
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{removing ? t('members.removeBody', { name: displayName(removing) }) : null}</p>
      </ConfirmDialog>
    </>
  );
}
