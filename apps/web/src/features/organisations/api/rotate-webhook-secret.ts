import { type WebhookSaved, WebhookSavedSchema } from '@nbr/domain/checks';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** POST /organisations/{id}/webhook/secret — a new signing secret, shown this once. */
export function rotateWebhookSecret(organisationId: string): Promise<WebhookSaved> {
  return api.post(`/organisations/${encodeURIComponent(organisationId)}/webhook/secret`, undefined, {
    schema: WebhookSavedSchema,
  });
}

export function useRotateWebhookSecret(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => rotateWebhookSecret(organisationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKey(organisationId) }),
  });
}
