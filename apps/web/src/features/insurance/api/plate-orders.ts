import { PlateOrderListSchema, PlateOrderSchema } from '@nbr/domain/insurance-plate-orders';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';

/*
 * Plates ordered by e-mail (issue 16 §4): the insurer's orders with the address to mail them to,
 * the insurer's cancel and our staff's "sent".
 */

const PlateOrdersAnswerSchema = z.object({ address: z.string().nullable(), orders: PlateOrderListSchema });

export function plateOrdersQueryOptions(insurerPartyId: string) {
  return queryOptions({
    queryKey: ['plate-orders', insurerPartyId],
    queryFn: ({ signal }) =>
      api.get(`/insurance/${encodeURIComponent(insurerPartyId)}/plate-orders`, {
        schema: PlateOrdersAnswerSchema,
        signal,
      }),
  });
}

export function usePlateOrders(insurerPartyId: string) {
  return useQuery(plateOrdersQueryOptions(insurerPartyId));
}

export function usePlateOrderAction(insurerPartyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, action }: { id: string; action: 'cancel' | 'sent' }) =>
      api.post(`/insurance/plate-orders/${encodeURIComponent(id)}/${action}`, undefined, {
        schema: PlateOrderSchema,
      }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['plate-orders', insurerPartyId] }),
  });
}
