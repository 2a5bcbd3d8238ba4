import type { TokenClaims } from '@nbr/domain/identity';
import { type Organisation, OrganisationSchema } from '@nbr/domain/organisations';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../api-client.ts';

/*
 * The organisation a session acts for: the shell names it (app/), the docks' operator screens ask
 * for the person's role in it. The organisations feature has its own calls with the same cache entry.
 */

/** The organisation the session acts for, or null while it acts for the person. */
export function actingPartyOf(claims: TokenClaims | null): string | null {
  return claims && claims.party_id !== claims.identity_party_id ? claims.party_id : null;
}

/**
 * GET /organisations/{id}. The same cache entry as the organisations pages' (same key, same
 * answer), so a rename there shows in the shell at once.
 */
export const actingOrganisationQueryOptions = (partyId: string) =>
  queryOptions({
    queryKey: ['organisations', partyId],
    queryFn: ({ signal }): Promise<Organisation> =>
      api.get(`/organisations/${encodeURIComponent(partyId)}`, { schema: OrganisationSchema, signal }),
    staleTime: 5 * 60_000,
  });

/** The organisation the session acts for (its `role` is the person's role in it); idle while acting as oneself. */
export function useActingOrganisation(claims: TokenClaims | null) {
  const partyId = actingPartyOf(claims);
  return useQuery({ ...actingOrganisationQueryOptions(partyId ?? ''), enabled: partyId !== null });
}
