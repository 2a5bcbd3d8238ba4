import {
  type BackofficeOrganisationList,
  BackofficeOrganisationListSchema,
} from '@nbr/domain/backoffice-organisations';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export const organisationsQueryKey = ['backoffice', 'organisations'] as const;

export interface OrganisationsInput {
  query: string;
  type: string | null;
  page: number;
}

/** GET /backoffice/organisations — by name, registration number, town or postcode. */
export function listOrganisations(
  input: OrganisationsInput,
  signal?: AbortSignal,
): Promise<BackofficeOrganisationList> {
  return api.get('/backoffice/organisations', {
    schema: BackofficeOrganisationListSchema,
    query: { query: input.query || undefined, type: input.type ?? undefined, page: input.page },
    signal,
  });
}

export function useOrganisations(input: OrganisationsInput) {
  return useQuery(
    queryOptions({
      queryKey: [...organisationsQueryKey, input.query, input.type, input.page] as const,
      queryFn: ({ signal }) => listOrganisations(input, signal),
      placeholderData: keepPreviousData,
    }),
  );
}
