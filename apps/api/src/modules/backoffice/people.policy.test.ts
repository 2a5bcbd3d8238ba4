import { STAFF_CAPABILITIES, type StaffCapability } from '@nbr/domain/backoffice-people';
import { describe, expect, it } from 'vitest';
import { capabilitiesOf, staffMay } from './people.policy.ts';

/** The whole matrix, written out: a change to who may do what shows here as a failing row. */
const MATRIX: Record<StaffCapability, { support: boolean; admin: boolean }> = {
  view_person: { support: true, admin: true },
  edit_profile: { support: true, admin: true },
  resend_mails: { support: true, admin: true },
  switch_user: { support: true, admin: true },
  edit_email: { support: false, admin: true },
  block: { support: false, admin: true },
  view_audit_trail: { support: false, admin: true },
  read_national_identity: { support: false, admin: true },
};

describe('staffMay (support vs admin)', () => {
  it('covers every capability', () => {
    expect(Object.keys(MATRIX).sort()).toEqual([...STAFF_CAPABILITIES].sort());
  });

  for (const capability of STAFF_CAPABILITIES) {
    it(`${capability}: support ${MATRIX[capability].support}, admin ${MATRIX[capability].admin}, non-staff never`, () => {
      expect(staffMay('support', capability)).toBe(MATRIX[capability].support);
      expect(staffMay('admin', capability)).toBe(MATRIX[capability].admin);
      expect(staffMay(null, capability)).toBe(false);
    });
  }

  it('lists the capabilities of a role', () => {
    expect(capabilitiesOf(null)).toEqual([]);
    expect(capabilitiesOf('admin').sort()).toEqual([...STAFF_CAPABILITIES].sort());
    expect(capabilitiesOf('support')).not.toContain('block');
  });
});
