import type { Position } from 'geojson';
import { describe, expect, it } from 'vitest';
import { clipRing, simplifyRing, unwrapAntimeridian } from './offline-land.ts';

describe('clipRing', () => {
  it('keeps a ring that lies inside the box', () => {
    const ring: Position[] = [
      [1, 1],
      [2, 1],
      [2, 2],
      [1, 1],
    ];
    expect(clipRing(ring, [0, 0, 10, 10])).toEqual(ring);
  });

  it('cuts a ring at the box edges', () => {
    const square: Position[] = [
      [-5, -5],
      [5, -5],
      [5, 5],
      [-5, 5],
      [-5, -5],
    ];
    const clipped = clipRing(square, [0, 0, 10, 10]);
    expect(clipped[0]).toEqual(clipped[clipped.length - 1]);
    for (const [x = 0, y = 0] of clipped) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(y).toBeGreaterThanOrEqual(0);
    }
    expect(clipped).toContainEqual([5, 5]);
    expect(clipped).toContainEqual([0, 0]);
  });

  it('drops a ring outside the box', () => {
    const far: Position[] = [
      [20, 20],
      [21, 20],
      [21, 21],
      [20, 20],
    ];
    expect(clipRing(far, [0, 0, 10, 10])).toEqual([]);
  });
});

describe('unwrapAntimeridian', () => {
  // Like Russia: from 30°E east to the antimeridian and on to Chukotka at −170°.
  const acrossTheAntimeridian: Position[] = [
    [30, 60],
    [180, 60],
    [-170, 60],
    [-170, 65],
    [180, 65],
    [30, 65],
    [30, 60],
  ];

  it('keeps a ring clipped to the map box on its own side of the antimeridian', () => {
    const clipped = clipRing(unwrapAntimeridian(acrossTheAntimeridian), [-30, 49, 60, 72]);
    expect(clipped.length).toBeGreaterThan(0);
    for (const [x = 0] of clipped) expect(x).toBeGreaterThanOrEqual(30);
  });

  it('leaves a ring that does not cross it as it is', () => {
    const square: Position[] = [
      [-5, 50],
      [5, 50],
      [5, 55],
      [-5, 55],
      [-5, 50],
    ];
    expect(unwrapAntimeridian(square)).toBe(square);
  });
});

describe('simplifyRing', () => {
  it('drops points closer to the line than the tolerance and keeps the corners', () => {
    const ring: Position[] = [
      [0, 0],
      [5, 0.0001],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ];
    expect(simplifyRing(ring, 0.01)).toEqual([
      [0, 0],
      [10, 0],
      [10, 10],
      [0, 10],
      [0, 0],
    ]);
  });

  it('removes a ring that collapses below the tolerance', () => {
    const speck: Position[] = [
      [0, 0],
      [0.0001, 0],
      [0.0001, 0.0001],
      [0, 0.0001],
      [0, 0],
    ];
    expect(simplifyRing(speck, 0.01)).toEqual([]);
  });
});
