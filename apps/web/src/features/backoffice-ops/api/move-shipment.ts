import { OrderSchema } from '@nbr/domain/webshop';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { staffOrdersQueryKey } from './search-orders.ts';

/** POST /webshop/orders/{order_id}/shipment — pack, or ship with the carrier's tracking number. */
export function moveShipment(input: {
  orderId: string;
  status: 'packed' | 'shipped';
  trackingNumber?: string;
}) {
  return api.post(
    `/webshop/orders/${encodeURIComponent(input.orderId)}/shipment`,
    {
      status: input.status,
      ...(input.trackingNumber ? { tracking_number: input.trackingNumber } : {}),
    },
    { schema: OrderSchema },
  );
}

export function useMoveShipment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: moveShipment,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: staffOrdersQueryKey }),
  });
}
