import { type WebhookOverview, WebhookOverviewSchema } from '@nbr/domain/checks';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

export const webhookQueryKey = (organisationId: string) =>
  [...organisationsQueryKey, organisationId, 'webhook'] as const;

/** GET /organisations/{id}/webhook — the webhook (null when none) and its newest events (admins only). */
export function getWebhook(organisationId: string, signal?: AbortSignal): Promise<WebhookOverview> {
  return api.get(`/organisations/${encodeURIComponent(organisationId)}/webhook`, {
    schema: WebhookOverviewSchema,
    signal,
  });
}

/** While an event waits for delivery, the list is asked again this often, so its outcome shows. */
const PENDING_REFRESH_MS = 3000;

export const webhookQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: webhookQueryKey(organisationId),
    queryFn: ({ signal }) => getWebhook(organisationId, signal),
    refetchInterval: (query) =>
      query.state.data?.deliveries.some((delivery) => delivery.status === 'pending')
        ? PENDING_REFRESH_MS
        : false,
  });

export function useWebhook(organisationId: string) {
  return useQuery(webhookQueryOptions(organisationId));
}
