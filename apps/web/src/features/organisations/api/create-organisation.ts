import { type Organisation, type OrganisationCreate, OrganisationSchema } from '@nbr/domain/organisations';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

/** POST /organisations — needs a verified national identity; the creator becomes admin. */
export function createOrganisation(input: OrganisationCreate): Promise<Organisation> {
  return api.post('/organisations', input, { schema: OrganisationSchema });
}

export function useCreateOrganisation() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createOrganisation,
    onSuccess: (organisation) => {
      queryClient.setQueryData([...organisationsQueryKey, organisation.party_id], organisation);
      void queryClient.invalidateQueries({ queryKey: organisationsQueryKey, exact: true });
    },
  });
}
