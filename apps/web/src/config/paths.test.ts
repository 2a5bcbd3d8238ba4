import { isFlowMemoFree } from '@nbr/domain/flows';
import { REGIONS } from '@nbr/domain/locale-values';
import { describe, expect, it } from 'vitest';
import { definePath, paths, regionPageHref } from './paths.ts';

describe('paths', () => {
  it('builds addresses with encoded parameters and an optional query', () => {
    expect(paths.app.bike.getHref({ bikeId: 'a b/c' })).toBe('/app/my-bikes/a%20b%2Fc');
    expect(paths.auth.login.getHref()).toBe('/login');
    expect(paths.auth.resetPassword.getHref({ code: 'x1', empty: undefined })).toBe(
      '/reset-password?code=x1',
    );
    expect(paths.stickers.scanCode.getHref({ gtin: '05712345678901', stickerId: 'AB12C' })).toBe(
      '/sticker-id/01/05712345678901/21/AB12C',
    );
    expect(paths.insurance.admin.getHref({ insurerPartyId: 'p1' }, { tab: 'reports' })).toBe(
      '/insurance/p1/admin?tab=reports',
    );
  });

  it('refuses to build an address with a missing parameter', () => {
    const route = definePath('/x/:id');
    expect(() => route.getHref({ id: '' })).toThrow(/id/);
  });

  it('holds every address once', () => {
    const all = Object.values(paths).flatMap((group) => Object.values(group).map((entry) => entry.path));
    expect(new Set(all).size).toBe(all.length);
    expect(all.length).toBeGreaterThan(130);
  });

  it('builds region page addresses and names a fixed route for every region', () => {
    expect(regionPageHref('no', '')).toBe('/no');
    expect(regionPageHref('no', 'naf/medlem')).toBe('/no/naf/medlem');
    const routes = paths.public as Record<string, { path: string }>;
    for (const region of REGIONS) {
      const key = `region${region[0]?.toUpperCase()}${region.slice(1)}`;
      expect(routes[key]?.path, region).toBe(`/${region}`);
      expect(isFlowMemoFree(region), region).toBe(false);
    }
  });

  it('reserves every first part of an address, so a flow’s poster address never shadows a screen', () => {
    const all = Object.values(paths).flatMap((group) => Object.values(group).map((entry) => entry.path));
    const firstParts = new Set(
      all.map((path) => path.split('/')[1] ?? '').filter((part) => part !== '' && !part.startsWith(':')),
    );
    expect([...firstParts].filter((part) => isFlowMemoFree(part))).toEqual([]);
  });
});
