import { type InsuranceVerificationQueue, InsuranceVerificationQueueSchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const insuranceVerificationsQueryKey = ['backoffice', 'insurance-verifications'] as const;

/** GET /backoffice/insurance-verifications/ — insured bikes waiting for our check, with counts per insurer. */
export function listInsuranceVerifications(
  insurerPartyId: string | null,
  signal?: AbortSignal,
): Promise<InsuranceVerificationQueue> {
  const query = insurerPartyId ? `?insurer=${encodeURIComponent(insurerPartyId)}` : '';
  return api.get(`/backoffice/insurance-verifications/${query}`, {
    schema: InsuranceVerificationQueueSchema,
    signal,
  });
}

export function useInsuranceVerifications(insurerPartyId: string | null) {
  return useQuery(
    queryOptions({
      queryKey: [...insuranceVerificationsQueryKey, insurerPartyId ?? 'all'] as const,
      queryFn: ({ signal }) => listInsuranceVerifications(insurerPartyId, signal),
    }),
  );
}
