import { type ClubOffer, ClubOfferSchema } from '@nbr/domain/club';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const clubOfferQueryKey = ['webshop', 'club-offer'] as const;

/** GET /webshop/{club}/ — the club's offer, each price before and after the member discount, incl. VAT. */
export function getClubOffer(club: string, signal?: AbortSignal): Promise<ClubOffer> {
  return api.get(`/webshop/${encodeURIComponent(club)}/`, { schema: ClubOfferSchema, signal });
}

export function clubOfferQueryOptions(club: string) {
  return queryOptions({
    queryKey: [...clubOfferQueryKey, club],
    queryFn: ({ signal }) => getClubOffer(club, signal),
  });
}

export function useClubOffer(club: string, options: { enabled?: boolean } = {}) {
  return useQuery({ ...clubOfferQueryOptions(club), enabled: options.enabled ?? true });
}
