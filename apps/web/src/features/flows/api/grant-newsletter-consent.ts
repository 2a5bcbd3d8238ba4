import { type Consent, ConsentSchema } from '@nbr/domain/identity';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /identities/consents/newsletter {action: 'grant'} — a flow's give_consent action, in its own step. */
export function useGrantNewsletterConsent() {
  return useMutation({
    mutationFn: (): Promise<Consent> =>
      api.post('/identities/consents/newsletter', { action: 'grant' }, { schema: ConsentSchema }),
  });
}
