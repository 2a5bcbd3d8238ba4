/*
 * What the organisations the registry vetted may do at work (issue 17 §3), with no imports: the web
 * app's shell reads it on its first route (the sidebar, the sign-in guard), so it must stay small.
 */

/** The organisations that may search the register in their work (/org-bike-search). */
export const ORG_SEARCH_ORGANISATION_TYPES = ['police', 'municipality', 'insurance_company'] as const;

export function canUseOrgBikeSearch(organisationType: string | null): boolean {
  return (ORG_SEARCH_ORGANISATION_TYPES as readonly (string | null)[]).includes(organisationType);
}

/** Only the police may see a bike owner's contact details (after stating a case number). */
export function canRevealOwnerContact(organisationType: string | null): boolean {
  return organisationType === 'police';
}

/**
 * Only the police see where a stolen bike was last locked in a dock (issue 28: "to the police
 * organisation's bike search, not to the public"); municipalities and insurers do not.
 */
export function canSeeLastDockParking(organisationType: string | null): boolean {
  return organisationType === 'police';
}

/**
 * Checks by API (issue 32 §1): only the police are told a stolen bike's theft report reference and
 * since when it is missing; a marketplace or a dealer hears registered, stolen or unknown.
 */
export function canSeeTheftCaseInChecks(organisationType: string | null): boolean {
  return organisationType === 'police';
}
