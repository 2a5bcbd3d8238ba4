import { describe, expect, it } from 'vitest';
import {
  BboxSchema,
  CLUSTER_MAX_LEVEL,
  expansionZoom,
  gridCellSize,
  latitudeOfMercatorY,
  MAX_GRID_CELLS_PER_SIDE,
  mapGrid,
  mercatorX,
  mercatorY,
  StolenBikesMapQuerySchema,
} from './stolen-map.ts';
import { PUBLIC_LOCATION_GRID_DEGREES } from './theft.ts';

describe('BboxSchema', () => {
  it('reads west,south,east,north', () => {
    expect(BboxSchema.parse('8.1, 54.5,15.2,57.8')).toEqual({
      minLon: 8.1,
      minLat: 54.5,
      maxLon: 15.2,
      maxLat: 57.8,
    });
  });

  it.each([
    '',
    '1,2,3',
    '1,2,3,4,5',
    'a,b,c,d',
    '10,50,5,60',
    '10,60,12,50',
    '-181,0,0,1',
    '0,-91,1,0',
    '1,2,Infinity,4',
  ])('refuses %j', (value) => {
    expect(BboxSchema.safeParse(value).success).toBe(false);
  });
});

describe('StolenBikesMapQuerySchema', () => {
  it('takes the filters from strings and defaults the period to all', () => {
    expect(
      StolenBikesMapQuerySchema.parse({ bbox: '8,54,16,58', zoom: '7.5', electric: 'true', region: 'dk' }),
    ).toEqual({
      bbox: { minLon: 8, minLat: 54, maxLon: 16, maxLat: 58 },
      zoom: 7.5,
      electric: true,
      region: 'dk',
      period: 'all',
    });
  });
});

describe('the cluster grid', () => {
  it('stops clustering where cells get narrower than the public rounding grid', () => {
    expect(gridCellSize(CLUSTER_MAX_LEVEL) * 360).toBeLessThan(PUBLIC_LOCATION_GRID_DEGREES);
    expect(gridCellSize(CLUSTER_MAX_LEVEL - 1) * 360).toBeGreaterThanOrEqual(PUBLIC_LOCATION_GRID_DEGREES);
  });

  it('maps latitudes to Web Mercator and back', () => {
    for (const latitude of [-60, 0, 55.68, 71.2]) {
      expect(latitudeOfMercatorY(mercatorY(latitude))).toBeCloseTo(latitude, 9);
    }
    expect(mercatorX(-180)).toBe(0);
    expect(mercatorY(0)).toBeCloseTo(0.5, 12);
    expect(mercatorY(89)).toBe(mercatorY(85.0511287798066));
  });

  it('rounds the zoom down, grows the box to whole cells, and coarsens a box too big for the zoom', () => {
    const bbox = { minLon: 12.3, minLat: 55.5, maxLon: 12.8, maxLat: 55.8 };
    const grid = mapGrid(bbox, 10.7);
    expect(grid.level).toBe(10);
    expect(grid.box.minLon).toBeLessThanOrEqual(bbox.minLon);
    expect(grid.box.maxLat).toBeGreaterThanOrEqual(bbox.maxLat);
    expect(grid.box.maxLon).toBeLessThan(bbox.maxLon + gridCellSize(10) * 360);
    const cells = (mercatorX(grid.box.maxLon) - mercatorX(grid.box.minLon)) / grid.cell;
    expect(Math.abs(cells - Math.round(cells))).toBeLessThan(1e-6);

    const huge = mapGrid({ minLon: -10, minLat: 50, maxLon: 40, maxLat: 72 }, 14);
    expect((mercatorX(40) - mercatorX(-10)) / huge.cell).toBeLessThanOrEqual(MAX_GRID_CELLS_PER_SIDE);
    expect(huge.level).toBeLessThan(14);
  });

  it('finds the zoom where a cluster splits', () => {
    const extent = { minLon: 12.55, maxLon: 12.56, minLat: 55.68, maxLat: 55.68 };
    const zoom = expansionZoom(5, extent);
    expect(zoom).toBeGreaterThan(5);
    expect(zoom).toBeLessThanOrEqual(CLUSTER_MAX_LEVEL);
    const cell = gridCellSize(zoom);
    expect(Math.floor(mercatorX(12.55) / cell)).not.toBe(Math.floor(mercatorX(12.56) / cell));
    const before = gridCellSize(zoom - 1);
    expect(Math.floor(mercatorX(12.55) / before)).toBe(Math.floor(mercatorX(12.56) / before));
    // All at one place: they part only where clustering stops, and never past the zoom asked.
    const onePlace = { minLon: 10.75, maxLon: 10.75, minLat: 59.91, maxLat: 59.91 };
    expect(expansionZoom(3, onePlace)).toBe(CLUSTER_MAX_LEVEL);
    expect(expansionZoom(16, onePlace)).toBe(16);
  });
});
