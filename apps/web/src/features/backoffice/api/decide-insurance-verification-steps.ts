import {
  type InsuranceVerification,
  InsuranceVerificationSchema,
  type VerificationStepsUpdate,
} from '@nbr/domain/insurance';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insuranceVerificationPath, insuranceVerificationQueryKey } from './get-insurance-verification.ts';

/** PUT /backoffice/insurance-verifications/{id}/steps/ — the steps given are decided, the rest kept. */
export function decideInsuranceVerificationSteps(
  itemId: string,
  steps: VerificationStepsUpdate,
): Promise<InsuranceVerification> {
  return api.put(`${insuranceVerificationPath(itemId)}steps/`, steps, {
    schema: InsuranceVerificationSchema,
  });
}

export function useDecideInsuranceVerificationSteps(itemId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (steps: VerificationStepsUpdate) => decideInsuranceVerificationSteps(itemId, steps),
    onSuccess: (verification) => {
      queryClient.setQueryData(insuranceVerificationQueryKey(itemId), verification);
    },
  });
}
