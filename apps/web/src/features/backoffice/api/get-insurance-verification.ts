import { type InsuranceVerification, InsuranceVerificationSchema } from '@nbr/domain/insurance';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { insuranceVerificationsQueryKey } from './list-insurance-verifications.ts';

export const insuranceVerificationQueryKey = (itemId: string) =>
  [...insuranceVerificationsQueryKey, 'item', itemId] as const;

export const insuranceVerificationPath = (itemId: string) =>
  `/backoffice/insurance-verifications/${encodeURIComponent(itemId)}/`;

/** GET /backoffice/insurance-verifications/{id}/ — the uploads beside the register's data (the look is audited). */
export function getInsuranceVerification(
  itemId: string,
  signal?: AbortSignal,
): Promise<InsuranceVerification> {
  return api.get(insuranceVerificationPath(itemId), { schema: InsuranceVerificationSchema, signal });
}

export function useInsuranceVerification(itemId: string) {
  return useQuery(
    queryOptions({
      queryKey: insuranceVerificationQueryKey(itemId),
      queryFn: ({ signal }) => getInsuranceVerification(itemId, signal),
    }),
  );
}
