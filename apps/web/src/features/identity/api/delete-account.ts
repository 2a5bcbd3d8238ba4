import type { AccountDeletion } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface DeleteAccountInput {
  partyId: string;
  confirmations: AccountDeletion;
}

/** DELETE /identities/{partyId}/ — permanent: erases personal data and revokes every session. */
export function deleteAccount({ partyId, confirmations }: DeleteAccountInput): Promise<void> {
  return api.delete<void>(`/identities/${encodeURIComponent(partyId)}/`, confirmations);
}

export function useDeleteAccount() {
  return useMutation({ mutationFn: deleteAccount });
}
