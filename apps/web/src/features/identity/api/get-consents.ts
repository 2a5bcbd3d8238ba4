import { ConsentSchema } from '@nbr/domain/identity';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { consentsQueryKey } from '../api/update-consent.ts';

export function getConsents(signal?: AbortSignal) {
  return api.get('/identities/consents/', { schema: z.array(ConsentSchema), signal });
}

export const consentsQueryOptions = queryOptions({
  queryKey: consentsQueryKey,
  queryFn: ({ signal }) => getConsents(signal),
});

export function useConsents() {
  return useQuery(consentsQueryOptions);
}
