/*
 * Who may see and change a policy (issue 16 §1), as pure functions tested as a matrix
 * (insurance.policy.test.ts). Anyone the rules leave out gets 404, never 403: a policy's existence
 * is nobody else's business.
 */

/** The caller as the rules need them; `actingOrganisation` is the organisation the session acts for. */
export interface InsuranceViewer {
  partyId: string;
  identityPartyId: string;
  staffRole: 'support' | 'admin' | null;
  switchedBy: string | null;
  actingOrganisation: { partyId: string; type: string } | null;
}

export interface PolicyFacts {
  holderPartyId: string;
  insurerPartyId: string;
}

/**
 * Whose eyes a policy is shown to: its holder (also staff switched into the holder), the staff of
 * its insurer (a session acting for that insurance company), or our backoffice staff in their own
 * session; null for everyone else.
 */
export type PolicyAudience = 'holder' | 'insurer' | 'staff';

export function policyAudience(viewer: InsuranceViewer, policy: PolicyFacts): PolicyAudience | null {
  if (viewer.partyId === policy.holderPartyId) return 'holder';
  if (isInsurerStaff(viewer, policy.insurerPartyId)) return 'insurer';
  if (isOurStaff(viewer)) return 'staff';
  return null;
}

/** A session acting for this insurance company (its staff at work). */
export function isInsurerStaff(viewer: InsuranceViewer, insurerPartyId: string): boolean {
  const organisation = viewer.actingOrganisation;
  return (
    organisation?.type === 'insurance_company' &&
    organisation.partyId === insurerPartyId &&
    viewer.partyId === organisation.partyId
  );
}

/** Our backoffice staff in their own session (not switched into someone's account). */
export function isOurStaff(viewer: InsuranceViewer): boolean {
  return viewer.staffRole !== null && !viewer.switchedBy;
}

/** Only a person acting as themselves takes out a policy: not an organisation, not an insurer's staff. */
export function canApply(viewer: InsuranceViewer): boolean {
  return viewer.partyId === viewer.identityPartyId && viewer.actingOrganisation === null;
}

/** The holder changes their own policy (the route already refuses staff switched in). */
export function canChangePolicy(viewer: InsuranceViewer, policy: PolicyFacts): boolean {
  return viewer.partyId === policy.holderPartyId && viewer.partyId === viewer.identityPartyId;
}

/**
 * Who works in an insurer's admin (issue 16 §4): the staff of that insurer in a session acting for
 * it, or our backoffice staff in their own session, who may only read. Null (404) for everyone else:
 * another insurer's staff, persons, staff switched into someone.
 */
export type InsurerAdminAudience = 'insurer' | 'staff';

export function insurerAdminAudience(
  viewer: InsuranceViewer,
  insurerPartyId: string,
): InsurerAdminAudience | null {
  if (isInsurerStaff(viewer, insurerPartyId)) return 'insurer';
  if (isOurStaff(viewer)) return 'staff';
  return null;
}

/** Deciding, uploading and paying are the insurer's own acts: our staff only look. */
export function canActForInsurer(viewer: InsuranceViewer, insurerPartyId: string): boolean {
  return insurerAdminAudience(viewer, insurerPartyId) === 'insurer';
}
