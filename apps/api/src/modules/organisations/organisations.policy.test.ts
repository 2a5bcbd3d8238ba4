import { describe, expect, it } from 'vitest';
import {
  canActFor,
  canBuyForOrganisation,
  canCreateInBackoffice,
  canCreateOrganisation,
  canEditInBackoffice,
  canGovernInBackoffice,
  canListMembers,
  canManageApiKeys,
  canManageInvitations,
  canManageMembers,
  canManageWebhook,
  canRemoveMember,
  canViewOrganisation,
  type Membership,
  type OrganisationActor,
} from './organisations.policy.ts';

const SELF = 'party-self';
const OTHER = 'party-other';

interface Caller {
  actor: OrganisationActor | null;
  membership: Membership;
}

const CALLERS: Record<string, Caller> = {
  visitor: { actor: null, membership: null },
  non_member: { actor: { identityPartyId: SELF, staffRole: null }, membership: null },
  member: { actor: { identityPartyId: SELF, staffRole: null }, membership: 'member' },
  admin: { actor: { identityPartyId: SELF, staffRole: null }, membership: 'admin' },
  /** Runs the organisation's docks (docks.policy.ts); a member for everything here. */
  dock_operator: { actor: { identityPartyId: SELF, staffRole: null }, membership: 'dock_operator' },
  staff_support: { actor: { identityPartyId: SELF, staffRole: 'support' }, membership: null },
  staff_admin: { actor: { identityPartyId: SELF, staffRole: 'admin' }, membership: null },
  /** Support staff switched into an admin's account: sees what the admin sees, changes nothing. */
  switched_into_admin: {
    actor: { identityPartyId: SELF, staffRole: null, switchedBy: 'party-staff' },
    membership: 'admin',
  },
};

type Row = [
  caller: keyof typeof CALLERS,
  view: boolean,
  manage: boolean,
  removeOther: boolean,
  removeSelf: boolean,
  actFor: boolean,
];

/**
 * Who may do what to one organisation: see it and its members, manage members, invitations and API
 * keys, remove, act for it.
 */
const MATRIX: Row[] = [
  ['visitor', false, false, false, false, false],
  ['non_member', false, false, false, false, false],
  ['member', true, false, false, true, true],
  ['admin', true, true, true, true, true],
  ['dock_operator', true, false, false, true, true],
  ['staff_support', true, false, false, false, false],
  ['staff_admin', true, false, false, false, false],
  ['switched_into_admin', true, false, false, false, true],
];

describe('organisations policy matrix', () => {
  it.each(MATRIX)('%s', (name, view, manage, removeOther, removeSelf, actFor) => {
    const { actor, membership } = CALLERS[name] as Caller;
    expect(canViewOrganisation(actor, membership)).toBe(view);
    expect(canListMembers(actor, membership)).toBe(view);
    expect(canManageMembers(actor, membership)).toBe(manage);
    expect(canManageInvitations(actor, membership)).toBe(manage);
    expect(canBuyForOrganisation(actor, membership)).toBe(manage);
    expect(canManageApiKeys(actor, membership)).toBe(manage);
    expect(canManageWebhook(actor, membership)).toBe(manage);
    expect(canRemoveMember(actor, membership, OTHER)).toBe(removeOther);
    expect(canRemoveMember(actor, membership, SELF)).toBe(removeSelf);
    expect(canActFor(actor, membership)).toBe(actFor);
  });
});

describe('creating organisations', () => {
  it('lets a signed-in person create only the self-service types', () => {
    const person = CALLERS.non_member?.actor ?? null;
    expect(['business', 'club', 'dealer'].map((type) => canCreateOrganisation(person, type))).toEqual([
      true,
      true,
      true,
    ]);
    expect(
      ['insurance_company', 'police', 'bank'].map((type) => canCreateOrganisation(person, type)),
    ).toEqual([false, false, false]);
    expect(canCreateOrganisation(null, 'business')).toBe(false);
  });

  it('lets backoffice staff create the self-service types, and only admins the others (any new type too)', () => {
    const creators = (type: string) =>
      Object.entries(CALLERS)
        .filter(([, caller]) => canCreateInBackoffice(caller.actor, type))
        .map(([name]) => name);
    for (const type of ['business', 'club', 'dealer']) {
      expect(creators(type)).toEqual(['staff_support', 'staff_admin']);
    }
    for (const type of ['insurance_company', 'police', 'municipality', 'a_type_added_later']) {
      expect(creators(type)).toEqual(['staff_admin']);
    }
  });

  it('lets staff edit an organisation in the backoffice, and only admins suspend it or change its members', () => {
    const names = (rule: (actor: OrganisationActor | null) => boolean) =>
      Object.entries(CALLERS)
        .filter(([, caller]) => rule(caller.actor))
        .map(([name]) => name);
    expect(names(canEditInBackoffice)).toEqual(['staff_support', 'staff_admin']);
    expect(names(canGovernInBackoffice)).toEqual(['staff_admin']);
  });
});
