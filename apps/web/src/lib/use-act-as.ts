import type { Organisation } from '@nbr/domain/organisations';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSetActingParty } from './api/identity/set-acting-party.ts';
import { useSession } from './session.ts';

/**
 * Switching between the person and an organisation of theirs. Acting for one goes to its page (an
 * insurer's admin pages, where its work happens; another organisation's members page), like a login
 * of its users does.
 */
export function useActAs() {
  const { claims } = useSession();
  const setActingParty = useSetActingParty();
  const navigate = useNavigate();

  const actAs = async (organisation: Pick<Organisation, 'party_id' | 'type'>): Promise<void> => {
    await setActingParty.mutateAsync(organisation.party_id);
    // Acting for an organisation starts on its page (the members page), not the person's overview.
    await navigate(
      organisation.type === 'insurance_company'
        ? paths.insurance.admin.getHref({ insurerPartyId: organisation.party_id })
        : paths.app.organisationMembers.getHref({ organisationId: organisation.party_id }),
    );
  };

  const actAsSelf = async (): Promise<void> => {
    if (!claims) return;
    await setActingParty.mutateAsync(claims.identity_party_id);
  };

  return {
    /** The organisation the session acts for now, or null when it acts for the person. */
    actingPartyId: claims && claims.party_id !== claims.identity_party_id ? claims.party_id : null,
    actAs,
    actAsSelf,
    isPending: setActingParty.isPending,
  };
}
