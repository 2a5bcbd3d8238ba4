import { describe, expect, it } from 'vitest';
import { routePatternOf } from './route-pattern.ts';

describe('routePatternOf', () => {
  it('joins the matched routes’ paths, never the address', () => {
    expect(routePatternOf([{ route: {} }, { route: { path: '/app/bikes/:bikeId' } }])).toBe(
      '/app/bikes/:bikeId',
    );
    expect(
      routePatternOf([{ route: { path: '/insurance' } }, { route: { path: ':insurerPartyId/admin' } }]),
    ).toBe('/insurance/:insurerPartyId/admin');
    expect(routePatternOf([{ route: {} }, { route: {} }])).toBe('/');
  });
});
