import type { StaffRole } from '@nbr/domain/backoffice';
import { useProfile } from '../../../lib/api/identity/get-profile.ts';

/**
 * The signed-in staff member's role (the backoffice layout shows these pages to staff only, from the
 * same profile query); admins see the actions the API keeps for them.
 */
export function useStaffRole(): StaffRole | null {
  return useProfile().data?.staff_role ?? null;
}
