import { type OwnershipVerification, OwnershipVerificationSchema } from '@nbr/domain/ownership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ownershipVerificationsQueryKey } from './list-ownership-verifications.ts';

/** POST /backoffice/ownership-verifications/{id}/reject — with the reason the owner reads. */
export function rejectOwnershipVerification(input: {
  verificationId: string;
  reason: string;
}): Promise<OwnershipVerification> {
  return api.post(
    `/backoffice/ownership-verifications/${encodeURIComponent(input.verificationId)}/reject`,
    { reason: input.reason },
    { schema: OwnershipVerificationSchema },
  );
}

export function useRejectOwnershipVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: rejectOwnershipVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownershipVerificationsQueryKey }),
  });
}
