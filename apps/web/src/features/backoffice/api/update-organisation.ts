import {
  type BackofficeOrganisation,
  BackofficeOrganisationSchema,
  type BackofficeOrganisationUpdate,
} from '@nbr/domain/backoffice-organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsQueryKey } from './list-organisations.ts';

/** PATCH /backoffice/organisations/{id} — address, listing, billing. */
export function updateOrganisation(
  partyId: string,
  input: BackofficeOrganisationUpdate,
): Promise<BackofficeOrganisation> {
  return api.patch(`/backoffice/organisations/${encodeURIComponent(partyId)}`, input, {
    schema: BackofficeOrganisationSchema,
  });
}

export function useUpdateOrganisation(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: BackofficeOrganisationUpdate) => updateOrganisation(partyId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsQueryKey }),
  });
}
