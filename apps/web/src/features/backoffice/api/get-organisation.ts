import {
  type BackofficeOrganisationDetail,
  BackofficeOrganisationDetailSchema,
} from '@nbr/domain/backoffice-organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { organisationsQueryKey } from './list-organisations.ts';

export const organisationQueryKey = (partyId: string) => [...organisationsQueryKey, 'one', partyId] as const;

/** GET /backoffice/organisations/{id} — with its members. */
export function getOrganisation(
  partyId: string,
  signal?: AbortSignal,
): Promise<BackofficeOrganisationDetail> {
  return api.get(`/backoffice/organisations/${encodeURIComponent(partyId)}`, {
    schema: BackofficeOrganisationDetailSchema,
    signal,
  });
}

export function useOrganisation(partyId: string) {
  return useQuery(
    queryOptions({
      queryKey: organisationQueryKey(partyId),
      queryFn: ({ signal }) => getOrganisation(partyId, signal),
    }),
  );
}
