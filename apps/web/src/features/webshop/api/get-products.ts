import type { Region } from '@nbr/domain/locale';
import { type Product, ProductListSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../../lib/api-client.ts';

export const productsQueryKey = ['webshop', 'products'] as const;

/**
 * GET /webshop/products?region= — what the shop sells in a region, prices in whole kroner incl. VAT.
 * Without a region the API answers the signed-in person's (else Denmark's).
 */
export function getProducts(region: Region | undefined, signal?: AbortSignal): Promise<Product[]> {
  return api.get('/webshop/products', {
    schema: ProductListSchema,
    query: region ? { region } : {},
    signal,
  });
}

export function productsQueryOptions(region: Region | undefined, language: string) {
  return queryOptions({
    // The names come in the request's language: a language switch asks again.
    queryKey: [...productsQueryKey, region ?? 'mine', language],
    queryFn: ({ signal }) => getProducts(region, signal),
    staleTime: 5 * 60_000,
  });
}

export function useProducts(region: Region | undefined) {
  const { i18n } = useTranslation();
  const options = productsQueryOptions(region, i18n.language);
  // While another language's names of the same region's products load, the page keeps showing the
  // last ones: a checkout does not fall back to its spinner and lose what the person ticked (its
  // consent box was seen unticked again in an e2e run whose language settled after the first render).
  // Another region's prices are never shown in the meantime.
  return useQuery({
    ...options,
    placeholderData: (previous, previousQuery) =>
      previousQuery?.queryKey[2] === options.queryKey[2] ? previous : undefined,
  });
}
