import { type InsuranceVerification, InsuranceVerificationSchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insuranceVerificationPath, insuranceVerificationQueryKey } from './get-insurance-verification.ts';
import { insuranceVerificationsQueryKey } from './list-insurance-verifications.ts';

/** POST /backoffice/insurance-verifications/{id}/reject/ — back to the holder with the reason they see. */
export function rejectInsuranceVerification(itemId: string, reason: string): Promise<InsuranceVerification> {
  return api.post(
    `${insuranceVerificationPath(itemId)}reject/`,
    { reason },
    { schema: InsuranceVerificationSchema },
  );
}

export function useRejectInsuranceVerification(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (reason: string) => rejectInsuranceVerification(itemId, reason),
    onSuccess: (verification) => {
      queryClient.setQueryData(insuranceVerificationQueryKey(itemId), verification);
      void queryClient.invalidateQueries({ queryKey: insuranceVerificationsQueryKey });
    },
  });
}
