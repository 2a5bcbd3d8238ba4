import { OrderCheckoutSchema, type Product, ProductListSchema } from '@nbr/domain/webshop';
import { type OrganisationOrderState, OrganisationOrderStateSchema } from '@nbr/domain/webshop-receipts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { IDEMPOTENCY_HEADER, withIdempotencyKey } from '../../../lib/idempotency.ts';
import { readJson, writeJson } from '../../../lib/storage.ts';

/*
 * The organisation's subscription (issue 15 §6): its admin opens the provider's window for a number
 * of credits; the return page polls the organisation's order until the provider has answered.
 */

/** Which organisation the purchase in the provider's window is for (the return address names only the order). */
const PURCHASE_KEY = 'nbr.organisation-purchase';

export function rememberPurchase(purchase: { orderId: string; organisationId: string }): void {
  writeJson(PURCHASE_KEY, purchase, 'session');
}

export function rememberedPurchase(): { orderId: string; organisationId: string } | null {
  const value = readJson<{ orderId?: unknown; organisationId?: unknown }>(PURCHASE_KEY, 'session');
  return value && typeof value.orderId === 'string' && typeof value.organisationId === 'string'
    ? { orderId: value.orderId, organisationId: value.organisationId }
    : null;
}

export function startOrganisationSubscription(input: { organisationId: string; quantity: number }) {
  const body = { quantity: input.quantity };
  return withIdempotencyKey(`organisation-subscription:${input.organisationId}:${input.quantity}`, (key) =>
    api.post(`/organisations/${encodeURIComponent(input.organisationId)}/subscriptions/sessions`, body, {
      schema: OrderCheckoutSchema,
      headers: { [IDEMPOTENCY_HEADER]: key },
    }),
  );
}

export function useStartOrganisationSubscription() {
  return useMutation({ mutationFn: startOrganisationSubscription });
}

export function getOrganisationOrder(
  organisationId: string,
  orderId: string,
  signal?: AbortSignal,
): Promise<OrganisationOrderState> {
  return api.get(
    `/organisations/${encodeURIComponent(organisationId)}/orders/${encodeURIComponent(orderId)}`,
    {
      schema: OrganisationOrderStateSchema,
      signal,
    },
  );
}

/** Still waiting for the provider's word. */
export function isWaiting(state: OrganisationOrderState | undefined): boolean {
  return !state || state.status === 'pending' || state.status === 'failed';
}

export const organisationOrderQueryOptions = (organisationId: string, orderId: string) =>
  queryOptions({
    queryKey: ['organisations', organisationId, 'orders', orderId] as const,
    queryFn: ({ signal }) => getOrganisationOrder(organisationId, orderId, signal),
    // Poll while the provider has not answered; stop once it has.
    refetchInterval: (query) => (isWaiting(query.state.data) ? 2_000 : false),
  });

export function useOrganisationOrder(organisationId: string | null, orderId: string | null) {
  return useQuery({
    ...organisationOrderQueryOptions(organisationId ?? '', orderId ?? ''),
    enabled: Boolean(organisationId && orderId),
  });
}

/**
 * The ORGANISATION plan of the signed-in person's region (GET /webshop/products answers that region
 * without one): its price per credit incl. VAT, in the language asked for. Null when it is not sold.
 */
export async function getOrganisationPlan(signal?: AbortSignal): Promise<Product | null> {
  const products = await api.get('/webshop/products', { schema: ProductListSchema, signal });
  return (
    products.find((product) => product.kind === 'subscription' && product.plan === 'ORGANISATION') ?? null
  );
}

export function useOrganisationPlan(language: string) {
  return useQuery({
    queryKey: ['organisations', 'plan', language] as const,
    queryFn: ({ signal }) => getOrganisationPlan(signal),
    staleTime: 5 * 60_000,
  });
}
