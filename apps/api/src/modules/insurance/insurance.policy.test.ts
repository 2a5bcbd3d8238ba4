import { describe, expect, it } from 'vitest';
import { canApply, canChangePolicy, type InsuranceViewer, policyAudience } from './insurance.policy.ts';

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
