import { type StaffReferrals, StaffReferralsSchema } from '@nbr/domain/referrals';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const personReferralsQueryKey = (partyId: string) =>
  ['backoffice', 'person-referrals', partyId] as const;

/** GET /backoffice/identities/{id}/referrals — who invited the person and whom they invited (audited). */
export function getPersonReferrals(partyId: string, signal?: AbortSignal): Promise<StaffReferrals> {
  return api.get(`/backoffice/identities/${encodeURIComponent(partyId)}/referrals`, {
    schema: StaffReferralsSchema,
    signal,
  });
}

export function usePersonReferrals(partyId: string) {
  return useQuery(
    queryOptions({
      queryKey: personReferralsQueryKey(partyId),
      queryFn: ({ signal }) => getPersonReferrals(partyId, signal),
      // Each read is an audited look-up: do not refetch on every focus.
      staleTime: 5 * 60_000,
      refetchOnWindowFocus: false,
    }),
  );
}
