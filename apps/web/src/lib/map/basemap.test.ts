import type { FeatureCollection, MultiPolygon } from 'geojson';
import { describe, expect, it } from 'vitest';
import { basemapStyle, MAX_MAP_BOUNDS, NORDIC_BOUNDS, offlineBasemapStyle } from './basemap.ts';
import { SURROUNDING_BOX } from './offline-land.ts';

describe('basemapStyle', () => {
  it('uses the configured style URL when there is one', async () => {
    await expect(basemapStyle('https://tiles.example/style.json')).resolves.toBe(
      'https://tiles.example/style.json',
    );
  });

  it('falls back to the offline style, which references nothing remote', async () => {
    const style = await basemapStyle(null);
    expect(typeof style).toBe('object');
    const text = JSON.stringify(style);
    expect(text).not.toMatch(/https?:|glyphs|sprite/);
  });
});

describe('offlineBasemapStyle', () => {
  it('draws Denmark and mainland Norway without Svalbard, Jan Mayen or Bouvet Island', async () => {
    const style = await offlineBasemapStyle();
    const home = style.sources.home;
    if (home?.type !== 'geojson') throw new Error('home source missing');
    const data = home.data as FeatureCollection<MultiPolygon, { id: string }>;
    expect(data.features.map((feature) => feature.properties.id).sort()).toEqual(['208', '578']);
    for (const feature of data.features) {
      expect(feature.geometry.coordinates.length).toBeGreaterThan(5);
      for (const polygon of feature.geometry.coordinates) {
        for (const [longitude = 0, latitude = 0] of polygon[0] ?? []) {
          expect(latitude).toBeGreaterThan(54);
          expect(latitude).toBeLessThan(71.5);
          expect(longitude).toBeGreaterThan(3);
          expect(longitude).toBeLessThan(32);
        }
      }
    }
    // The middle of Zealand and Oslo lie on land; the North Sea does not.
    expect(containsPoint(data, '208', [11.8, 55.45])).toBe(true);
    expect(containsPoint(data, '578', [10.75, 59.91])).toBe(true);
    expect(containsPoint(data, '578', [2, 62])).toBe(false);
  });
});

describe('MAX_MAP_BOUNDS', () => {
  it('is the extent the offline basemap draws', () => {
    expect(MAX_MAP_BOUNDS.flat()).toEqual([...SURROUNDING_BOX]);
  });

  it('lets a desktop-wide map (2.2:1) show all of Denmark and Norway at once', () => {
    // Web Mercator: x in radians of longitude, y = ln(tan(π/4 + φ/2)).
    const x = (longitude: number) => (longitude * Math.PI) / 180;
    const y = (latitude: number) => Math.log(Math.tan(Math.PI / 4 + (latitude * Math.PI) / 360));
    const [[, south], [, north]] = NORDIC_BOUNDS;
    const [[minLon, minLat], [maxLon, maxLat]] = MAX_MAP_BOUNDS;
    // Fitting Denmark and Norway into the height makes the map this wide; MapLibre zooms in (and
    // cuts them off) when the extent is narrower.
    const fittedWidth = (y(north) - y(south)) * 2.2;
    expect(fittedWidth).toBeLessThanOrEqual(x(maxLon) - x(minLon));
    expect(fittedWidth / 2.2).toBeLessThanOrEqual(y(maxLat) - y(minLat));
  });
});

function containsPoint(
  data: FeatureCollection<MultiPolygon, { id: string }>,
  id: string,
  [x, y]: [number, number],
): boolean {
  const feature = data.features.find((item) => item.properties.id === id);
  return (feature?.geometry.coordinates ?? []).some((polygon) => {
    let inside = false;
    const ring = polygon[0] ?? [];
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i, i += 1) {
      const [xi = 0, yi = 0] = ring[i] ?? [];
      const [xj = 0, yj = 0] = ring[j] ?? [];
      if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
    }
    return inside;
  });
}
