import type { StickerLookup } from '@nbr/domain/plates';
import { describe, expect, it } from 'vitest';
import { plateFromSearch } from '../../lib/plate-param.ts';
import { scanOutcome, stickerPageHref } from './scan-routing.ts';

const BIKE = '0190a0b0-0000-7000-8000-000000000001';

function lookup(overrides: Partial<StickerLookup> = {}): StickerLookup {
  return {
    sticker_id: 'K7MXP3AW',
    kind: 'bike',
    status: 'free',
    bike_id: null,
    bike_status: null,
    on_equipment: false,
    ...overrides,
  };
}

const visitor = { isLoggedIn: false };
const member = { isLoggedIn: true };

describe('scanOutcome', () => {
  it('sends an unknown code to no-registration, carrying what was scanned', () => {
    expect(scanOutcome('ZZZ99', null, visitor)).toEqual({
      kind: 'redirect',
      href: '/sticker-id/no-registration?code=ZZZ99',
    });
  });

  it('treats a withdrawn (void) sticker as not registered', () => {
    expect(scanOutcome('K7MXP3AW', lookup({ status: 'void' }), member)).toEqual({
      kind: 'redirect',
      href: '/sticker-id/no-registration?code=K7MXP3AW',
    });
  });

  it('sends a visitor with a free sticker to sign up with the plate, a member to register the bike', () => {
    expect(scanOutcome('k7mxp3aw', lookup(), visitor)).toEqual({
      kind: 'redirect',
      href: '/signup/from-scan?plate=K7MXP3AW',
    });
    expect(scanOutcome('K7MXP3AW', lookup(), member)).toEqual({
      kind: 'redirect',
      href: '/app/register-bike?plate=K7MXP3AW',
    });
  });

  it('shows a visitor the registered bike on the sticker page, and takes a member to its public page', () => {
    const registered = lookup({ status: 'registered', bike_id: BIKE, bike_status: 'stolen' });
    expect(scanOutcome('K7MXP3AW', registered, visitor)).toEqual({ kind: 'bike', bikeId: BIKE });
    expect(scanOutcome('K7MXP3AW', registered, member)).toEqual({
      kind: 'redirect',
      href: `/app/my-bikes/${BIKE}/public`,
    });
  });

  it('says only that the sticker is registered when the owner keeps the bike private', () => {
    expect(scanOutcome('K7MXP3AW', lookup({ status: 'registered' }), visitor)).toEqual({
      kind: 'private-bike',
    });
  });

  it('explains equipment stickers, free or on equipment', () => {
    expect(scanOutcome('K7MXP3AW', lookup({ kind: 'equipment' }), visitor)).toEqual({ kind: 'equipment' });
    expect(scanOutcome('K7MXP3AW', lookup({ status: 'registered', on_equipment: true }), member)).toEqual({
      kind: 'equipment',
    });
  });

  it('sends a free insurance plate to the insurance explanation', () => {
    expect(scanOutcome('K7MXP3AW', lookup({ kind: 'insurance' }), member)).toEqual({
      kind: 'redirect',
      href: '/sticker-id/insurance-plate?code=K7MXP3AW',
    });
  });

  it('treats a registered insurance plate like any registered sticker', () => {
    expect(
      scanOutcome('K7MXP3AW', lookup({ kind: 'insurance', status: 'registered', bike_id: BIKE }), visitor),
    ).toEqual({ kind: 'bike', bikeId: BIKE });
  });
});

describe('stickerPageHref', () => {
  it('reads a Digital Link, the short address and a bare code', () => {
    expect(stickerPageHref('https://cykelregister.dk/sticker-id/01/05790002290008/21/K7MXP3AW')).toBe(
      '/sticker-id/K7MXP3AW',
    );
    expect(stickerPageHref('http://localhost:3000/sticker-id/k7mx-p3aw')).toBe('/sticker-id/K7MXP3AW');
    expect(stickerPageHref('  k7mx p3aw ')).toBe('/sticker-id/K7MXP3AW');
  });

  it('refuses text that is neither', () => {
    expect(stickerPageHref('')).toBeNull();
    expect(stickerPageHref('https://example.org/some/other/page')).toBeNull();
    expect(stickerPageHref('a/b')).toBeNull();
  });
});

describe('plateFromSearch', () => {
  it('normalises the plate of the address and ignores a missing one', () => {
    expect(plateFromSearch(new URLSearchParams('plate=k7mx-p3aw'))).toBe('K7MXP3AW');
    expect(plateFromSearch(new URLSearchParams(''))).toBeNull();
    expect(plateFromSearch(new URLSearchParams('code=abc12'), 'code')).toBe('ABC12');
  });
});
