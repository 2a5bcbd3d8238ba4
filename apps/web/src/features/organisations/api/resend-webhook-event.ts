import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { webhookQueryKey } from './get-webhook.ts';

/** POST /organisations/{id}/webhook/deliveries/{eventId}/resend — a failed event is tried again. */
export function resendWebhookEvent(organisationId: string, eventId: string): Promise<void> {
  return api.post(
    `/organisations/${encodeURIComponent(organisationId)}/webhook/deliveries/${encodeURIComponent(eventId)}/resend`,
  );
}

export function useResendWebhookEvent(organisationId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (eventId: string) => resendWebhookEvent(organisationId, eventId),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookQueryKey(organisationId) }),
  });
}
