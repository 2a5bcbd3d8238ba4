import {
  type BackofficeOrganisation,
  BackofficeOrganisationSchema,
} from '@nbr/domain/backoffice-organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsQueryKey } from './list-organisations.ts';

/** POST /backoffice/organisations/{id}/suspend or …/unsuspend, with the reason (admins). */
export function suspendOrganisation(
  partyId: string,
  input: { suspended: boolean; reason: string },
): Promise<BackofficeOrganisation> {
  const action = input.suspended ? 'suspend' : 'unsuspend';
  return api.post(
    `/backoffice/organisations/${encodeURIComponent(partyId)}/${action}`,
    { reason: input.reason },
    {
      schema: BackofficeOrganisationSchema,
    },
  );
}

export function useSuspendOrganisation(partyId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: { suspended: boolean; reason: string }) => suspendOrganisation(partyId, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsQueryKey }),
  });
}
