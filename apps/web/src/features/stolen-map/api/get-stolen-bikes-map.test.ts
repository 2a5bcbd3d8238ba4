import { describe, expect, it } from 'vitest';
import { viewportQuery } from './get-stolen-bikes-map.ts';

describe('viewportQuery', () => {
  it('asks for whole grid cells at the zoom rounded down, so nearby views share one address', () => {
    const a = viewportQuery({ bbox: { minLon: 8.1, minLat: 54.6, maxLon: 15.2, maxLat: 57.7 }, zoom: 6.4 });
    const b = viewportQuery({
      bbox: { minLon: 8.15, minLat: 54.62, maxLon: 15.25, maxLat: 57.69 },
      zoom: 6.9,
    });
    expect(a).toEqual(b);
    expect(a.zoom).toBe('6');
    const [west, south, east, north] = a.bbox.split(',').map(Number);
    expect(west).toBeLessThanOrEqual(8.1);
    expect(south).toBeLessThanOrEqual(54.6);
    expect(east).toBeGreaterThanOrEqual(15.25);
    expect(north).toBeGreaterThanOrEqual(57.7);
  });

  it('keeps the box inside the world', () => {
    const query = viewportQuery({ bbox: { minLon: -200, minLat: -95, maxLon: 200, maxLat: 95 }, zoom: 0.5 });
    const [west, south, east, north] = query.bbox.split(',').map(Number);
    expect(west).toBeGreaterThanOrEqual(-180);
    expect(east).toBeLessThanOrEqual(180);
    expect(south).toBeGreaterThanOrEqual(-90);
    expect(north).toBeLessThanOrEqual(90);
  });
});
