import type { StaffRole } from '@nbr/domain/backoffice';
import type { StaffCapability } from '@nbr/domain/backoffice-people';

/**
 * What each staff role may do with a person (issue 17 §1). Support helps people day to day; what
 * hands over an account (its sign-in address), shuts someone out (blocking) or reads what identifies
 * them beyond their profile (national identity checks, the audit trail about them) is the admins'.
 */
const ROLES_BY_CAPABILITY: Record<StaffCapability, readonly StaffRole[]> = {
  view_person: ['support', 'admin'],
  edit_profile: ['support', 'admin'],
  resend_mails: ['support', 'admin'],
  switch_user: ['support', 'admin'],
  edit_email: ['admin'],
  block: ['admin'],
  view_audit_trail: ['admin'],
  read_national_identity: ['admin'],
};

/** Whether staff in `role` may do `capability`; nobody without a staff role may do any of it. */
export function staffMay(role: StaffRole | null, capability: StaffCapability): boolean {
  return role !== null && ROLES_BY_CAPABILITY[capability].includes(role);
}

/** Every capability of the role, for the screen to offer only what the API allows. */
export function capabilitiesOf(role: StaffRole | null): StaffCapability[] {
  return (Object.keys(ROLES_BY_CAPABILITY) as StaffCapability[]).filter((capability) =>
    staffMay(role, capability),
  );
}
