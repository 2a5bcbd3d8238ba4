import { type InsuranceOffer, InsuranceOfferListSchema } from '@nbr/domain/insurance-signup';
import type { Region } from '@nbr/domain/locale';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /insurance/products?region= — the covers insurers offer now, with their tariffs (public). */
export function getInsuranceOffers(region: Region, signal?: AbortSignal): Promise<InsuranceOffer[]> {
  return api.get('/insurance/products', { schema: InsuranceOfferListSchema, query: { region }, signal });
}

export function insuranceOffersQueryOptions(region: Region) {
  return queryOptions({
    queryKey: ['insurance', 'offers', region] as const,
    queryFn: ({ signal }) => getInsuranceOffers(region, signal),
  });
}

export function useInsuranceOffers(region: Region) {
  return useQuery(insuranceOffersQueryOptions(region));
}
