import type { StaffRole } from '@nbr/domain/backoffice';

/** A person as the backoffice rules see them: who they are and their staff role, if any. */
export interface StaffSubject {
  identityPartyId: string;
  staffRole: StaffRole | null;
  /** Set when the caller is itself a switch-user session (staff acting as someone else). */
  switchedBy?: string | null;
}

/**
 * Whether `staff` may switch into `target`'s account. Only staff in their own session may switch,
 * never into their own account (pointless, and it would muddle the audit trail), and never into
 * another staff member's: that would hand support the powers of an admin, or one admin another's.
 */
export function canSwitchTo(staff: StaffSubject, target: StaffSubject): boolean {
  if (!staff.staffRole || staff.switchedBy) return false;
  if (staff.identityPartyId === target.identityPartyId) return false;
  return target.staffRole === null;
}

/**
 * Whether `admin` may grant, change or remove `target`'s staff role. Admins manage everyone but
 * themselves: demoting or removing oneself could leave the register without any admin.
 */
export function canManageStaff(admin: StaffSubject, target: Pick<StaffSubject, 'identityPartyId'>): boolean {
  if (admin.staffRole !== 'admin' || admin.switchedBy) return false;
  return admin.identityPartyId !== target.identityPartyId;
}
