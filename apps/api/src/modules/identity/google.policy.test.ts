import { describe, expect, it } from 'vitest';
import { isGoogleAuthoritativeFor, mayLinkGoogleByEmail } from './google.policy.ts';

describe('isGoogleAuthoritativeFor', () => {
  it.each([
    ['sigrid@gmail.com', null, true],
    ['sigrid@googlemail.com', null, true],
    ['sigrid@GMAIL.com', null, true],
    ['sigrid@cykler.dk', 'cykler.dk', true],
    ['sigrid@cykler.dk', 'CYKLER.DK', true],
    ['sigrid@cykler.dk', null, false],
    ['sigrid@cykler.dk', 'other.dk', false],
    // A subdomain is not the Workspace domain itself.
    ['sigrid@mail.cykler.dk', 'cykler.dk', false],
    ['sigrid@gmail.com.evil.dk', null, false],
  ])('%s with hd %s → %s', (email, hd, expected) => {
    expect(isGoogleAuthoritativeFor(email, hd)).toBe(expected);
  });
});

describe('mayLinkGoogleByEmail', () => {
  it('never links a staff account, even where Google is authoritative', () => {
    expect(mayLinkGoogleByEmail('staff@gmail.com', null, { isStaff: true })).toBe(false);
    expect(mayLinkGoogleByEmail('staff@cykler.dk', 'cykler.dk', { isStaff: true })).toBe(false);
    expect(mayLinkGoogleByEmail('rider@gmail.com', null, { isStaff: false })).toBe(true);
    expect(mayLinkGoogleByEmail('rider@cykler.dk', null, { isStaff: false })).toBe(false);
  });
});
