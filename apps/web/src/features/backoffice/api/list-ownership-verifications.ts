import { type OwnershipVerificationQueueItem, OwnershipVerificationQueueSchema } from '@nbr/domain/ownership';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const ownershipVerificationsQueryKey = ['backoffice', 'ownership-verifications'] as const;

/** GET /backoffice/ownership-verifications — submitted verifications, oldest first. */
export function listOwnershipVerifications(signal?: AbortSignal): Promise<OwnershipVerificationQueueItem[]> {
  return api.get('/backoffice/ownership-verifications', { schema: OwnershipVerificationQueueSchema, signal });
}

export function useOwnershipVerifications() {
  return useQuery(
    queryOptions({
      queryKey: ownershipVerificationsQueryKey,
      queryFn: ({ signal }) => listOwnershipVerifications(signal),
    }),
  );
}
