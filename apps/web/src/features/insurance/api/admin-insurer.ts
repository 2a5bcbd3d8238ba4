import { type Organisation, OrganisationSchema } from '@nbr/domain/organisations';
import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/*
 * The insurer an admin page is about: GET /organisations/{id}, which answers 404 unless the caller
 * is one of its members (our staff included: they see the insurer's figures only through the
 * admin calls, not its pages).
 */

export const adminInsurerQueryKey = (insurerPartyId: string) =>
  ['insurer-admin', 'insurer', insurerPartyId] as const;

export function getAdminInsurer(insurerPartyId: string, signal?: AbortSignal): Promise<Organisation> {
  return api.get(`/organisations/${encodeURIComponent(insurerPartyId)}`, {
    schema: OrganisationSchema,
    signal,
  });
}

export const adminInsurerQueryOptions = (insurerPartyId: string) =>
  queryOptions({
    queryKey: adminInsurerQueryKey(insurerPartyId),
    queryFn: ({ signal }) => getAdminInsurer(insurerPartyId, signal),
  });

/** For pages whose loader fetched the insurer first (a 404 there shows the 404 page). */
export function useAdminInsurer(insurerPartyId: string) {
  return useSuspenseQuery(adminInsurerQueryOptions(insurerPartyId));
}

/** Only the insurer's own people reach its admin pages: anyone else, and a non-insurer, get 404. */
export function isOwnInsurer(organisation: Organisation): boolean {
  return organisation.type === 'insurance_company' && organisation.role !== null;
}
