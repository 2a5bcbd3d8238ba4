import { type PersonProfile, PersonProfileSchema, type PersonUpdate } from '@nbr/domain/backoffice-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { personQueryKey } from './get-person.ts';

/** PATCH /backoffice/identities/{id} — corrected details, with the reason. */
export function updatePerson(partyId: string, input: PersonUpdate): Promise<PersonProfile> {
  return api.patch(`/backoffice/identities/${encodeURIComponent(partyId)}`, input, {
    schema: PersonProfileSchema,
  });
}

export function useUpdatePerson(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PersonUpdate) => updatePerson(partyId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKey(partyId) }),
  });
}
