import { describe, expect, it } from 'vitest';
import { canManageStaff, canSwitchTo, type StaffSubject } from './backoffice.policy.ts';

const person = (
  id: string,
  staffRole: StaffSubject['staffRole'] = null,
  switchedBy: string | null = null,
) => ({
  identityPartyId: id,
  staffRole,
  switchedBy,
});

describe('canSwitchTo', () => {
  const cases: Array<[string, StaffSubject, StaffSubject, boolean]> = [
    ['support → user', person('s', 'support'), person('u'), true],
    ['admin → user', person('a', 'admin'), person('u'), true],
    ['user → user', person('x'), person('u'), false],
    ['support → self', person('s', 'support'), person('s', 'support'), false],
    ['admin → self', person('a', 'admin'), person('a', 'admin'), false],
    ['support → support', person('s', 'support'), person('t', 'support'), false],
    ['support → admin', person('s', 'support'), person('a', 'admin'), false],
    ['admin → support', person('a', 'admin'), person('s', 'support'), false],
    ['admin → admin', person('a', 'admin'), person('b', 'admin'), false],
    ['switched session → user', person('s', 'support', 'staff'), person('u'), false],
  ];
  it.each(cases)('%s', (_name, staff, target, expected) => {
    expect(canSwitchTo(staff, target)).toBe(expected);
  });
});

describe('canManageStaff', () => {
  const cases: Array<[string, StaffSubject, string, boolean]> = [
    ['admin → user', person('a', 'admin'), 'u', true],
    ['admin → other admin', person('a', 'admin'), 'b', true],
    ['admin → self', person('a', 'admin'), 'a', false],
    ['support → user', person('s', 'support'), 'u', false],
    ['support → self', person('s', 'support'), 's', false],
    ['user → user', person('x'), 'u', false],
    ['switched admin → user', person('a', 'admin', 'other'), 'u', false],
  ];
  it.each(cases)('%s', (_name, admin, target, expected) => {
    expect(canManageStaff(admin, { identityPartyId: target })).toBe(expected);
  });
});
