import type { Organisation } from '@nbr/domain/organisations';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { errorMessage } from '../../../lib/api-errors.ts';
import { useSession } from '../../../lib/session.ts';
import { useActAs } from '../../../lib/use-act-as.ts';
import { Button } from '../../../ui/button.tsx';
import { ConfirmDialog } from '../../../ui/dialog.tsx';
import { useRemoveMember } from '../api/remove-member.ts';
import styles from '../organisations.module.css';

/**
 * A member leaves. A session acting for the organisation would end with the membership, so it
 * switches back to the person first and the user stays signed in.
 */
export function LeaveOrganisation({
  organisation,
  isSoleAdmin,
}: {
  organisation: Organisation;
  /** The only administrator cannot leave (the API refuses): the way out is to appoint another first. */
  isSoleAdmin: boolean;
}) {
  const { t } = useTranslation(['organisations', 'common']);
  const { claims } = useSession();
  const { actingPartyId, actAsSelf } = useActAs();
  const removeMember = useRemoveMember(organisation.party_id);
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);

  if (!claims || organisation.role === null) return null;
  if (isSoleAdmin) {
    return (
      <div className={styles.stack}>
        <Button variant="secondary" isDisabled aria-describedby="sole-admin-hint">
          {t('members.leave')}
        </Button>
        <p className={styles.meta} id="sole-admin-hint">
          {t('members.lastAdminHint')}
        </p>
      </div>
    );
  }

  return (
    <>
      <Button variant="secondary" onPress={() => setOpen(true)}>
        {t('members.leave')}
      </Button>
      <ConfirmDialog
        isOpen={isOpen}
        onOpenChange={setOpen}
        title={t('members.leaveTitle', { organisation: organisation.name })}
        confirmLabel={t('members.leaveConfirm')}
        variant="danger"
        onConfirm={async () => {
          if (actingPartyId === organisation.party_id) await actAsSelf();
          await removeMember.mutateAsync(claims.identity_party_id);
          await navigate(paths.app.organisations.getHref(), { replace: true });
        }}
        describeError={(error) => errorMessage(error, t)}
      >
        <p>{t('members.leaveBody')}</p>
      </ConfirmDialog>
    </>
  );
}
