import type { ClubOrderCreate } from '@nbr/domain/club';
import { OrderCheckoutSchema } from '@nbr/domain/webshop';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';

export type ClubOrderStarted = z.infer<typeof OrderCheckoutSchema>;

/**
 * POST /webshop/{club}/ — the club's offer ordered at the member price, and the Vipps MobilePay page
 * to send the browser to; with `extra`, POST /webshop/{club}/extra-bike-registration (one more
 * registration at the member price). A retry after a network error reuses the key, so one press
 * never opens two orders.
 */
export function createClubOrder(
  input: { club: string; extra?: boolean } & ClubOrderCreate,
): Promise<ClubOrderStarted> {
  const { club, extra = false, ...body } = input;
  const path = `/webshop/${encodeURIComponent(club)}/${extra ? 'extra-bike-registration' : ''}`;
  return withIdempotencyKey(`club-order:${JSON.stringify(input)}`, (key) =>
    api.post(path, body, {
      schema: OrderCheckoutSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useCreateClubOrder() {
  return useMutation({ mutationFn: createClubOrder });
}
