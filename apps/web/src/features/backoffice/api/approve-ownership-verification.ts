import { type OwnershipVerification, OwnershipVerificationSchema } from '@nbr/domain/ownership';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { ownershipVerificationsQueryKey } from './list-ownership-verifications.ts';

/** POST /backoffice/ownership-verifications/{id}/approve — the bike becomes owner-verified. */
export function approveOwnershipVerification(verificationId: string): Promise<OwnershipVerification> {
  return api.post(
    `/backoffice/ownership-verifications/${encodeURIComponent(verificationId)}/approve`,
    undefined,
    {
      schema: OwnershipVerificationSchema,
    },
  );
}

export function useApproveOwnershipVerification() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: approveOwnershipVerification,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ownershipVerificationsQueryKey }),
  });
}
