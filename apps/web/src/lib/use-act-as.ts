import type { Organisation } from '@nbr/domain/organisations';
import { useNavigate } from 'react-router';
import { paths } from '../config/paths.ts';
import { useSetActingParty } from './api/identity/set-acting-party.ts';
import { useSession } from './session.ts';

/**
 * Switching between the person and an organisation of theirs. An insurer's work happens on its
 * admin pages, so acting for an insurance company goes there, like a login of its users does.
 */
export function useActAs() {
  const { claims } = useSession();
  const setActingParty = useSetActingParty();
  const navigate = useNavigate();

  const actAs = async (organisation: Pick<Organisation, 'party_id' | 'type'>): Promise<void> => {
    await setActingParty.mutateAsync(organisation.party_id);
    if (organisation.type === 'insurance_company') {
      await navigate(paths.insurance.admin.getHref({ insurerPartyId: organisation.party_id }));
    }
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
