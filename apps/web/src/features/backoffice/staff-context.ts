import type { StaffRole } from '@nbr/domain/backoffice';
import { useOutletContext } from 'react-router';

/** What the backoffice layout knows about the staff member and hands to every backoffice page. */
export interface StaffContext {
  staffRole: StaffRole;
}

export function useStaffContext(): StaffContext {
  return useOutletContext<StaffContext>();
}
