import { type PersonProfile, PersonProfileSchema } from '@nbr/domain/backoffice-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { personQueryKey } from './get-person.ts';

/** POST /backoffice/identities/{id}/block — no sign-in, sessions end (admins). */
export function blockPerson(partyId: string, reason: string): Promise<PersonProfile> {
  return api.post(
    `/backoffice/identities/${encodeURIComponent(partyId)}/block`,
    { reason },
    {
      schema: PersonProfileSchema,
    },
  );
}

export function useBlockPerson(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => blockPerson(partyId, reason),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKey(partyId) }),
  });
}
