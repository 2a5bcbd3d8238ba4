import { type PersonDetail, PersonDetailSchema } from '@nbr/domain/backoffice-people';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const personQueryKey = (partyId: string) => ['backoffice', 'person', partyId] as const;

/** GET /backoffice/identities/{id} — the person as staff work with them (audited by the API). */
export function getPerson(partyId: string, signal?: AbortSignal): Promise<PersonDetail> {
  return api.get(`/backoffice/identities/${encodeURIComponent(partyId)}`, {
    schema: PersonDetailSchema,
    signal,
  });
}

export function usePerson(partyId: string) {
  return useQuery(
    queryOptions({
      queryKey: personQueryKey(partyId),
      queryFn: ({ signal }) => getPerson(partyId, signal),
      // Each read is an audited look-up: do not refetch on every focus.
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    }),
  );
}
