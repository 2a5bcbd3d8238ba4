import { type OwnerContact, OwnerContactSchema } from '@nbr/domain/org-search';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /org-bike-search/bikes/{bike_id}/owner-contact — the police, with a case number. */
export function revealOwnerContact(input: { bikeId: string; caseNumber: string }): Promise<OwnerContact> {
  return api.post(
    `/org-bike-search/bikes/${encodeURIComponent(input.bikeId)}/owner-contact`,
    { case_number: input.caseNumber },
    { schema: OwnerContactSchema },
  );
}

export function useRevealOwnerContact() {
  return useMutation({ mutationFn: revealOwnerContact });
}
