import type { Region } from '@nbr/domain/locale';
import { type Product, ProductListSchema } from '@nbr/domain/webshop';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const productsQueryKey = (region: Region | null, language: string) =>
  ['webshop', 'products', region ?? 'mine', language] as const;

/**
 * GET /webshop/products?region= — what the shop sells, in whole kroner incl. VAT. Without a region
 * the API answers the signed-in person's region (a visitor: Denmark).
 */
export function getProducts(region: Region | null, signal?: AbortSignal): Promise<Product[]> {
  return api.get('/webshop/products', {
    ...(region ? { query: { region } } : {}),
    schema: ProductListSchema,
    signal,
  });
}

export const productsQueryOptions = (region: Region | null, language: string) =>
  queryOptions({
    // The names come in the request's language: a language switch asks again.
    queryKey: productsQueryKey(region, language),
    queryFn: ({ signal }) => getProducts(region, signal),
    staleTime: 5 * 60_000,
  });

export function useProducts(region: Region | null, language: string) {
  return useQuery(productsQueryOptions(region, language));
}
