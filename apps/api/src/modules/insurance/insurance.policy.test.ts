import { describe, expect, it } from 'vitest';
import {
  canActForInsurer,
  canApply,
  canChangePolicy,
  type InsuranceViewer,
  insurerAdminAudience,
  policyAudience,
} from './insurance.policy.ts';

const HOLDER = 'holder';
const INSURER = 'insurer-a';
const POLICY = { holderPartyId: HOLDER, insurerPartyId: INSURER };

function person(partyId: string, extra: Partial<InsuranceViewer> = {}): InsuranceViewer {
  return {
    partyId,
    identityPartyId: partyId,
    staffRole: null,
    switchedBy: null,
    actingOrganisation: null,
    ...extra,
  };
}

function actingFor(organisationPartyId: string, type: string): InsuranceViewer {
  return person(organisationPartyId, {
    identityPartyId: `member-of-${organisationPartyId}`,
    actingOrganisation: { partyId: organisationPartyId, type },
  });
}

const VIEWERS: Array<[string, InsuranceViewer, ReturnType<typeof policyAudience>, boolean, boolean]> = [
  // name, viewer, audience, may apply, may change
  ['the holder', person(HOLDER), 'holder', true, true],
  ['staff switched into the holder', person(HOLDER, { switchedBy: 'support' }), 'holder', true, true],
  ['another person', person('other'), null, true, false],
  ['staff of the policy’s insurer', actingFor(INSURER, 'insurance_company'), 'insurer', false, false],
  ['staff of another insurer', actingFor('insurer-b', 'insurance_company'), null, false, false],
  [
    'a business with the insurer’s party id but another type',
    actingFor(INSURER, 'business'),
    null,
    false,
    false,
  ],
  ['backoffice support', person('support', { staffRole: 'support' }), 'staff', true, false],
  ['backoffice admin', person('admin', { staffRole: 'admin' }), 'staff', true, false],
  [
    'staff switched into someone else',
    person('other', { staffRole: 'support', switchedBy: 'support' }),
    null,
    true,
    false,
  ],
];

describe('insurance policy rules', () => {
  for (const [name, viewer, audience, apply, change] of VIEWERS) {
    it(`${name}: sees it as ${audience ?? 'nobody'}, ${apply ? 'may' : 'may not'} apply, ${change ? 'may' : 'may not'} change it`, () => {
      expect(policyAudience(viewer, POLICY)).toBe(audience);
      expect(canApply(viewer)).toBe(apply);
      expect(canChangePolicy(viewer, POLICY)).toBe(change);
    });
  }

  it('needs the session to act for the insurer, not only a membership of it', () => {
    const member = person('frida', { actingOrganisation: { partyId: INSURER, type: 'insurance_company' } });
    expect(policyAudience(member, POLICY)).toBeNull();
  });
});

describe('the insurer’s admin rules (issue 16 §4)', () => {
  const ADMIN: Array<[string, InsuranceViewer, ReturnType<typeof insurerAdminAudience>, boolean]> = [
    // name, viewer, audience, may act (decide, upload, pay)
    ['staff of the insurer acting for it', actingFor(INSURER, 'insurance_company'), 'insurer', true],
    ['staff of another insurer', actingFor('insurer-b', 'insurance_company'), null, false],
    ['a business with the insurer’s party id', actingFor(INSURER, 'business'), null, false],
    [
      'a member of the insurer acting as themselves',
      person('frida', { actingOrganisation: { partyId: INSURER, type: 'insurance_company' } }),
      null,
      false,
    ],
    ['a holder', person(HOLDER), null, false],
    ['backoffice support', person('support', { staffRole: 'support' }), 'staff', false],
    ['backoffice admin', person('admin', { staffRole: 'admin' }), 'staff', false],
    [
      'staff switched into someone',
      person('other', { staffRole: 'support', switchedBy: 'support' }),
      null,
      false,
    ],
  ];
  for (const [name, viewer, audience, act] of ADMIN) {
    it(`${name}: works there as ${audience ?? 'nobody'} and ${act ? 'may' : 'may not'} act`, () => {
      expect(insurerAdminAudience(viewer, INSURER)).toBe(audience);
      expect(canActForInsurer(viewer, INSURER)).toBe(act);
    });
  }
});
