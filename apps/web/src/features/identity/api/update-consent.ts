import { type Consent, ConsentSchema, type ConsentType } from '@nbr/domain/identity';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const consentsQueryKey = ['identities', 'consents'] as const;

export interface UpdateConsentInput {
  type: ConsentType;
  action: 'grant' | 'revoke';
}

/** POST /identities/consents/{type}/ — records a grant or a revoke (the history is kept). */
export function updateConsent({ type, action }: UpdateConsentInput): Promise<Consent> {
  return api.post(`/identities/consents/${type}/`, { action }, { schema: ConsentSchema });
}

export function useUpdateConsent() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateConsent,
    onSuccess: (consent) => {
      queryClient.setQueryData<Consent[]>(consentsQueryKey, (consents) =>
        consents?.map((existing) => (existing.type === consent.type ? consent : existing)),
      );
      void queryClient.invalidateQueries({ queryKey: consentsQueryKey });
    },
  });
}
