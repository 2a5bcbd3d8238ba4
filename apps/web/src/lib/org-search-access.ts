import { canUseCloseSerialSearch } from '@nbr/domain/close-serial';
import type { TokenClaims } from '@nbr/domain/identity';
import { canUseOrgBikeSearch } from '@nbr/domain/organisation-powers';

// Apart from access.ts, which the first route loads: only the signed-in shell and the search need it.
/**
 * Whether the session may use /org-bike-search (issue 17 §3): a member acting for the police, a
 * municipality or an insurer in their own session (never staff switched into an account). The API
 * decides the same.
 */
export function mayUseOrgBikeSearch(claims: TokenClaims | null): boolean {
  if (!claims || claims.act) return false;
  return claims.party_id !== claims.identity_party_id && canUseOrgBikeSearch(claims.organisation_type);
}

/** Whether the session may also search close serials (issue 32 §3): the police alone; the API decides the same. */
export function mayUseCloseSerialSearch(claims: TokenClaims | null): boolean {
  return mayUseOrgBikeSearch(claims) && canUseCloseSerialSearch(claims?.organisation_type ?? '');
}
