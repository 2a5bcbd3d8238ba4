import { isFlowMemoFree } from '@nbr/domain/flows';
import { describe, expect, it } from 'vitest';
import { definePath, paths } from './paths.ts';

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

  it('reserves every first part of an address, so a flow’s poster address never shadows a screen', () => {
    const all = Object.values(paths).flatMap((group) => Object.values(group).map((entry) => entry.path));
    const firstParts = new Set(
      all.map((path) => path.split('/')[1] ?? '').filter((part) => part !== '' && !part.startsWith(':')),
    );
    expect([...firstParts].filter((part) => isFlowMemoFree(part))).toEqual([]);
  });
});
