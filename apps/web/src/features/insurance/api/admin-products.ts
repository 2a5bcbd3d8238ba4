import type { InsurerProductUpdate } from '@nbr/domain/insurance-admin';
import { InsuranceOfferListSchema, InsuranceOfferSchema } from '@nbr/domain/insurance-signup';
import { queryOptions, useMutation, useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * The insurer's covers in its admin: GET /insurance/{insurer}/admin/products, and an admin's change
 * of one (PUT …/products/{coverKind}), which refreshes the list.
 */

const base = (insurerPartyId: string) => `/insurance/${encodeURIComponent(insurerPartyId)}/admin/products`;

export const adminProductsQueryOptions = (insurerPartyId: string) =>
  queryOptions({
    queryKey: ['insurer-admin', 'products', insurerPartyId],
    queryFn: ({ signal }) => api.get(base(insurerPartyId), { schema: InsuranceOfferListSchema, signal }),
  });

export function useAdminProducts(insurerPartyId: string) {
  return useSuspenseQuery(adminProductsQueryOptions(insurerPartyId));
}

export function useUpdateProduct(insurerPartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ coverKind, body }: { coverKind: string; body: InsurerProductUpdate }) =>
      api.put(`${base(insurerPartyId)}/${encodeURIComponent(coverKind)}`, body, {
        schema: InsuranceOfferSchema,
      }),
    onSuccess: (product) => {
      queryClient.setQueryData(adminProductsQueryOptions(insurerPartyId).queryKey, (list) =>
        list?.map((item) => (item.cover_kind === product.cover_kind ? product : item)),
      );
    },
  });
}
