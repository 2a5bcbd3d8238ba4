import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Topology } from 'topojson-specification';
import type { Plugin } from 'vite';
import { buildOfflineLand } from './offline-land.ts';

/*
 * Vite plugin (build and dev server; also used by the web tests): serves the virtual module
 * `virtual:nbr-offline-land`, whose default export is the OfflineLand of offline-land.ts, computed
 * once from world-atlas at build time. basemap.ts imports it lazily, so it becomes its own small
 * chunk that the service worker keeps once it has been used (docs/web-app.md): the offline basemap
 * then needs no network at all.
 */

const VIRTUAL_ID = 'virtual:nbr-offline-land';
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

export function offlineBasemap(): Plugin {
  let source: string | null = null;
  return {
    name: 'nbr-offline-basemap',
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : null;
    },
    load(id) {
      if (id !== RESOLVED_ID) return null;
      if (source === null) {
        const require = createRequire(import.meta.url);
        const read = (file: string) => JSON.parse(readFileSync(require.resolve(file), 'utf8')) as Topology;
        const land = buildOfflineLand(
          read('world-atlas/countries-10m.json'),
          read('world-atlas/countries-50m.json'),
        );
        source = `export default ${JSON.stringify(land)};\n`;
      }
      return source;
    },
  };
}
