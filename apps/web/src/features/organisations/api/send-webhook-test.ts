import { type WebhookDelivery, WebhookDeliverySchema } from '@nbr/domain/checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** POST /organisations/{id}/webhook/test — queues a signed `webhook.test` event. */
export function sendWebhookTest(organisationId: string): Promise<WebhookDelivery> {
  return api.post(`/organisations/${encodeURIComponent(organisationId)}/webhook/test`, undefined, {
    schema: WebhookDeliverySchema,
  });
}

export function useSendWebhookTest(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => sendWebhookTest(organisationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKey(organisationId) }),
  });
}
