import type { PersonMail } from '@nbr/domain/backoffice-people';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { personQueryKey } from './get-person.ts';

/** POST /backoffice/identities/{id}/mails — the verification or password reset link, mailed again. */
export function resendPersonMail(partyId: string, mail: PersonMail): Promise<void> {
  return api.post(`/backoffice/identities/${encodeURIComponent(partyId)}/mails`, { mail });
}

export function useResendPersonMail(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (mail: PersonMail) => resendPersonMail(partyId, mail),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: personQueryKey(partyId) }),
  });
}
