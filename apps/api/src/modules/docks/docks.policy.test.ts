import { describe, expect, it } from 'vitest';
import {
  type DockForPolicy,
  mayCreateDock,
  mayOperateDock,
  maySeeDock,
  mayUnlockParking,
  mayUseDock,
  type OperatorForPolicy,
  type PersonForPolicy,
} from './docks.policy.ts';

/*
 * Who may use, run and create docks, and open a parking (issue 28), as a matrix: every kind of
 * person against every kind of dock, every kind of session against the dock's operator.
 */

const OPERATOR = 'operator-org';
const EMPLOYER = 'employer-org';

function dock(extra: Partial<DockForPolicy> = {}): DockForPolicy {
  return {
    operatorPartyId: OPERATOR,
    access: 'signed_in',
    organisationIds: [],
    peopleEmails: [],
    closedAt: null,
    ...extra,
  };
}

const DOCKS: Record<string, DockForPolicy> = {
  public: dock(),
  organisations: dock({ access: 'organisations', organisationIds: [EMPLOYER] }),
  people: dock({ access: 'people', peopleEmails: ['named@example.dk'] }),
  closedPublic: dock({ closedAt: new Date('2026-01-01T00:00:00Z') }),
};

function person(email: string, organisationIds: string[] = []): PersonForPolicy {
  return { partyId: `party-of-${email}`, email, organisationIds };
}

const PEOPLE: Record<string, PersonForPolicy> = {
  stranger: person('stranger@example.dk'),
  named: person('named@example.dk'),
  employee: person('employee@example.dk', [EMPLOYER]),
  operatorMember: person('staff@example.dk', [OPERATOR]),
};

// person → [public, organisations, people, closedPublic]
const USE: Record<string, [boolean, boolean, boolean, boolean]> = {
  stranger: [true, false, false, false],
  named: [true, false, true, false],
  employee: [true, true, false, false],
  operatorMember: [true, true, true, false],
};

describe('mayUseDock', () => {
  for (const [who, expected] of Object.entries(USE)) {
    it(`the ${who}`, () => {
      const subject = PEOPLE[who]!;
      expect([
        mayUseDock(subject, DOCKS.public!),
        mayUseDock(subject, DOCKS.organisations!),
        mayUseDock(subject, DOCKS.people!),
        mayUseDock(subject, DOCKS.closedPublic!),
      ]).toEqual(expected);
    });
  }

  it('a closed dock is nobody’s to use, its operator’s members included', () => {
    const closedForPeople = dock({
      access: 'people',
      peopleEmails: ['named@example.dk'],
      closedAt: new Date(),
    });
    expect(mayUseDock(PEOPLE.named!, closedForPeople)).toBe(false);
    expect(mayUseDock(PEOPLE.operatorMember!, closedForPeople)).toBe(false);
  });
});

const SESSIONS: Array<[string, OperatorForPolicy, boolean, boolean]> = [
  // name, session, may operate the operator's dock, may create docks
  ['an admin acting for the operator', { actingOrganisationId: OPERATOR, role: 'admin' }, true, true],
  ['a member acting for the operator', { actingOrganisationId: OPERATOR, role: 'member' }, false, false],
  [
    'a dock operator acting for the operator',
    { actingOrganisationId: OPERATOR, role: 'dock_operator' },
    true,
    true,
  ],
  [
    'a dock operator acting for another organisation',
    { actingOrganisationId: EMPLOYER, role: 'dock_operator' },
    false,
    true,
  ],
  [
    'an admin acting for another organisation',
    { actingOrganisationId: EMPLOYER, role: 'admin' },
    false,
    true,
  ],
  ['a person acting as themself', { actingOrganisationId: null, role: null }, false, false],
  [
    'a member of nothing claiming the admin role',
    { actingOrganisationId: null, role: 'admin' },
    false,
    false,
  ],
  [
    'a member of nothing claiming the dock operator role',
    { actingOrganisationId: null, role: 'dock_operator' },
    false,
    false,
  ],
];

describe('mayOperateDock and mayCreateDock', () => {
  for (const [name, session, operate, create] of SESSIONS) {
    it(name, () => {
      expect(mayOperateDock(session, DOCKS.public!)).toBe(operate);
      expect(mayCreateDock(session)).toBe(create);
    });
  }
});

describe('mayUnlockParking', () => {
  const open = { partyId: 'parker', unlockedAt: null };
  const closed = { partyId: 'parker', unlockedAt: new Date() };
  it.each([
    ['the person who locked it, while open', 'parker', open, true],
    ['the person who locked it, once opened', 'parker', closed, false],
    ['anyone else', 'someone-else', open, false],
  ] as const)('%s', (_name, partyId, parking, expected) => {
    expect(mayUnlockParking(partyId, parking)).toBe(expected);
  });
});

describe('maySeeDock', () => {
  it('whoever may use the dock sees it; nobody else without a bike in it', () => {
    for (const [who, expected] of Object.entries(USE)) {
      const subject = PEOPLE[who]!;
      expect([
        maySeeDock(subject, DOCKS.public!, false),
        maySeeDock(subject, DOCKS.organisations!, false),
        maySeeDock(subject, DOCKS.people!, false),
        maySeeDock(subject, DOCKS.closedPublic!, false),
      ]).toEqual(expected);
    }
  });

  it('a person whose bike is locked in the dock always sees it, closed or no longer theirs to use', () => {
    for (const subject of Object.values(PEOPLE)) {
      for (const target of Object.values(DOCKS)) expect(maySeeDock(subject, target, true)).toBe(true);
    }
  });
});
