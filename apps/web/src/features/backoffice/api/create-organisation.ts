import {
  type BackofficeOrganisationCreate,
  type BackofficeOrganisationCreated,
  BackofficeOrganisationCreatedSchema,
} from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsQueryKey } from './list-organisations.ts';

/** POST /backoffice/organisations — the organisation, and an invitation to its first admin. */
export function createOrganisation(
  input: BackofficeOrganisationCreate,
): Promise<BackofficeOrganisationCreated> {
  return api.post('/backoffice/organisations', input, { schema: BackofficeOrganisationCreatedSchema });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: organisationsQueryKey }),
  });
}
