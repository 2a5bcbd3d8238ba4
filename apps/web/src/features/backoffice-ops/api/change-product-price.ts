import { StaffProductSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffProductsQueryKey } from './list-staff-products.ts';

/** PUT /backoffice/products/{productId}/price — admins set a price incl. VAT (whole kroner, in øre). */
export function changeProductPrice(input: { productId: string; priceMinor: number }) {
  return api.put(
    `/backoffice/products/${encodeURIComponent(input.productId)}/price`,
    { price_minor: input.priceMinor },
    { schema: StaffProductSchema },
  );
}

export function useChangeProductPrice() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeProductPrice,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffProductsQueryKey }),
  });
}
