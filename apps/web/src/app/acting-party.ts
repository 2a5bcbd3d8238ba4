import { AuthenticationResponseSchema, type TokenClaims } from '@nbr/domain/identity';
import { type Organisation, OrganisationSchema } from '@nbr/domain/organisations';
import { queryOptions } from '@tanstack/react-query';
import { paths } from '../config/paths.ts';
import { api } from '../lib/api-client.ts';
import { switchAccount } from '../lib/session.ts';

/*
 * What the shell needs to know about a session that acts for an organisation. The organisations
 * feature has its own calls; the shell keeps these few lines rather than reach into a feature.
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

/**
 * PUT /identities/authentications/acting-party with the person's own party: the session acts for
 * them again. Nothing cached for the organisation may show afterwards, hence a fresh start on /app.
 */
export async function actAsOwnProfile(claims: TokenClaims): Promise<void> {
  const answer = await api.put(
    '/identities/authentications/acting-party',
    { party_id: claims.identity_party_id },
    { schema: AuthenticationResponseSchema },
  );
  switchAccount(answer.authentication_token, paths.app.home.getHref());
}
