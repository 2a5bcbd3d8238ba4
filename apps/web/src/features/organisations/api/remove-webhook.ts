import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** DELETE /organisations/{id}/webhook — nothing is sent from then on. */
export function removeWebhook(organisationId: string): Promise<void> {
  return api.delete(`/organisations/${encodeURIComponent(organisationId)}/webhook`);
}

export function useRemoveWebhook(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => removeWebhook(organisationId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKey(organisationId) }),
  });
}
