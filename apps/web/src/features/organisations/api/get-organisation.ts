import { type Organisation, OrganisationSchema } from '@nbr/domain/organisations';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { organisationsQueryKey } from '../../../lib/api/organisations/get-organisations.ts';
import { api } from '../../../lib/api-client.ts';

/** GET /organisations/{id} — 404 unless the caller is a member. */
export function getOrganisation(organisationId: string, signal?: AbortSignal): Promise<Organisation> {
  return api.get(`/organisations/${encodeURIComponent(organisationId)}`, {
    schema: OrganisationSchema,
    signal,
  });
}

export const organisationQueryOptions = (organisationId: string) =>
  queryOptions({
    queryKey: [...organisationsQueryKey, organisationId],
    queryFn: ({ signal }) => getOrganisation(organisationId, signal),
  });

/** For pages whose loader fetched the organisation first (a 404 there shows the 404 page). */
export function useOrganisation(organisationId: string) {
  return useSuspenseQuery(organisationQueryOptions(organisationId));
}
