import { type InsuranceVerification, InsuranceVerificationSchema } from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insuranceVerificationPath, insuranceVerificationQueryKey } from './get-insurance-verification.ts';
import { insuranceVerificationsQueryKey } from './list-insurance-verifications.ts';

/** POST /backoffice/insurance-verifications/{id}/approve/ — verified (409 verification_steps_open otherwise). */
export function approveInsuranceVerification(itemId: string): Promise<InsuranceVerification> {
  return api.post(`${insuranceVerificationPath(itemId)}approve/`, undefined, {
    schema: InsuranceVerificationSchema,
  });
}

export function useApproveInsuranceVerification(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => approveInsuranceVerification(itemId),
    onSuccess: (verification) => {
      queryClient.setQueryData(insuranceVerificationQueryKey(itemId), verification);
      void queryClient.invalidateQueries({ queryKey: insuranceVerificationsQueryKey });
    },
  });
}
