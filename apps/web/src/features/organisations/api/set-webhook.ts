import { type WebhookSaved, WebhookSavedSchema, type WebhookSet } from '@nbr/domain/checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** PUT /organisations/{id}/webhook — the first time, the answer holds the signing secret, shown this once. */
export function setWebhook(organisationId: string, input: WebhookSet): Promise<WebhookSaved> {
  return api.put(`/organisations/${encodeURIComponent(organisationId)}/webhook`, input, {
    schema: WebhookSavedSchema,
  });
}

export function useSetWebhook(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookSet) => setWebhook(organisationId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKey(organisationId) }),
  });
}
