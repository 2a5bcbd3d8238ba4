import { describe, expect, it } from 'vitest';
import { todayInRegisterZone } from './bikes.ts';
import {
  CONTACT_MESSAGE_MAX_LENGTH,
  ContactOwnerSchema,
  canRegisterPickup,
  canReleaseHeldBike,
  isVettedOrganisation,
  PICKUP_MAX_DAYS,
  PickupCreateSchema,
  pickupUrgency,
} from './finds.ts';
import { ORGANISATION_TYPES } from './organisations.ts';

function inDays(days: number, from = todayInRegisterZone()): string {
  const day = new Date(`${from}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

const codes = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
  result.success ? [] : (result.error?.issues.map((issue) => issue.message) ?? []);

describe('contacting an owner', () => {
  it('takes a trimmed message up to the limit, an optional address and the honeypot', () => {
    expect(ContactOwnerSchema.parse({ message: '  Fundet!  ' })).toEqual({ message: 'Fundet!' });
    expect(codes(ContactOwnerSchema.safeParse({ message: '   ' }))).toEqual(['required']);
    expect(
      codes(ContactOwnerSchema.safeParse({ message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH + 1) })),
    ).toEqual(['too_long']);
    expect(ContactOwnerSchema.safeParse({ message: 'x'.repeat(CONTACT_MESSAGE_MAX_LENGTH) }).success).toBe(
      true,
    );
    expect(codes(ContactOwnerSchema.safeParse({ message: 'Hej', email: 'nope' }))).toEqual(['invalid_email']);
    expect(ContactOwnerSchema.parse({ message: 'Hej', website: 'x' }).website).toBe('x');
  });
});

describe('registering a pickup', () => {
  const base = { place: 'Jagtvej 10', collect_until: inDays(7) };

  it('needs a place and a real last day from today to half a year ahead', () => {
    expect(PickupCreateSchema.safeParse(base).success).toBe(true);
    expect(PickupCreateSchema.safeParse({ ...base, collect_until: inDays(0) }).success).toBe(true);
    expect(PickupCreateSchema.safeParse({ ...base, collect_until: inDays(PICKUP_MAX_DAYS) }).success).toBe(
      true,
    );
    expect(codes(PickupCreateSchema.safeParse({ ...base, collect_until: inDays(-1) }))).toEqual([
      'date_not_in_future',
    ]);
    expect(
      codes(PickupCreateSchema.safeParse({ ...base, collect_until: inDays(PICKUP_MAX_DAYS + 1) })),
    ).toEqual(['date_too_far_ahead']);
    expect(codes(PickupCreateSchema.safeParse({ ...base, collect_until: '2026-02-30' }))).toEqual([
      'invalid_date',
    ]);
    expect(codes(PickupCreateSchema.safeParse({ ...base, place: '  ' }))).toEqual(['required']);
    expect(codes(PickupCreateSchema.safeParse({ ...base, found_on: inDays(1) }))).toEqual([
      'date_not_in_past',
    ]);
  });

  it('tells how urgent collecting is', () => {
    const today = '2026-06-10';
    expect(pickupUrgency('2026-06-09', today)).toBe('past');
    expect(pickupUrgency('2026-06-10', today)).toBe('soon');
    expect(pickupUrgency('2026-06-13', today)).toBe('soon');
    expect(pickupUrgency('2026-06-14', today)).toBe('later');
  });
});

describe('canRegisterPickup', () => {
  const holders: Array<[string | null, boolean, boolean]> = [
    // [acting as, verified, may register]
    [null, true, true],
    [null, false, false],
    ['business', true, true],
    ['business', false, false],
    ['club', true, true],
    ['club', false, false],
    ['dealer', true, true],
    ['dealer', false, false],
    ['police', true, true],
    ['police', false, true],
    ['municipality', true, true],
    ['municipality', false, true],
    ['insurance_company', true, true],
    ['insurance_company', false, true],
  ];
  it.each(holders)('acting as %s, verified %s: %s', (organisationType, isVerified, expected) => {
    expect(canRegisterPickup({ organisationType, isVerified })).toBe(expected);
  });

  it('covers every organisation type', () => {
    const covered = new Set(holders.map(([type]) => type).filter((type) => type !== null));
    expect([...covered].sort()).toEqual([...ORGANISATION_TYPES].sort());
  });
});

describe('isVettedOrganisation', () => {
  it('is true only for the types backoffice admins create after checking who they are', () => {
    expect(ORGANISATION_TYPES.filter((type) => isVettedOrganisation(type)).sort()).toEqual([
      'insurance_company',
      'municipality',
      'police',
    ]);
    expect(isVettedOrganisation(null)).toBe(false);
  });
});

describe('canReleaseHeldBike', () => {
  const today = '2026-06-10';
  it('lets the police or a municipality release a waiting bike once its last day has passed', () => {
    const held = {
      status: 'waiting' as const,
      collectUntil: '2026-06-09',
      holderOrganisationType: 'municipality',
    };
    expect(canReleaseHeldBike(held, today)).toBe(true);
    expect(canReleaseHeldBike({ ...held, holderOrganisationType: 'police' }, today)).toBe(true);
    // On the last day the owner may still come.
    expect(canReleaseHeldBike({ ...held, collectUntil: '2026-06-10' }, today)).toBe(false);
    expect(canReleaseHeldBike({ ...held, status: 'collected' }, today)).toBe(false);
    for (const holder of ['insurance_company', 'business', 'dealer', null]) {
      expect(canReleaseHeldBike({ ...held, holderOrganisationType: holder }, today), String(holder)).toBe(
        false,
      );
    }
  });
});
