import { AuthenticationResponseSchema, type TokenClaims } from '@nbr/domain/identity';
import { paths } from '../config/paths.ts';
import { api } from '../lib/api-client.ts';
import { switchAccount } from '../lib/session.ts';

/*
 * Going back to acting as oneself. Which organisation a session acts for is in
 * lib/api/organisations/get-acting-organisation.ts (the docks' operator screens need it too).
 */

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
