import { describe, expect, it } from 'vitest';
import {
  assetUrlsLoaded,
  type PrecacheEntry,
  shellFiles,
  shellPrecache,
  type ViteManifest,
} from './shell-precache.ts';

/*
 * The service worker's install downloads the app shell, not the build (issue 31): a manifest shaped
 * like the build's own (dist/.vite/manifest.json), with an entry, its static imports and lazy pages.
 */

const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-A1.js',
    isEntry: true,
    imports: ['_router-B2.js', '_i18n-C3.js'],
    css: ['assets/index-D4.css'],
  },
  '_router-B2.js': { file: 'assets/router-B2.js', imports: ['_button-E5.js'], css: ['assets/router-F6.css'] },
  '_i18n-C3.js': { file: 'assets/i18n-C3.js', imports: ['_button-E5.js'] },
  '_button-E5.js': { file: 'assets/button-E5.js', css: ['assets/button-G7.css'] },
  'src/app/routes/home.tsx': {
    file: 'assets/home-H8.js',
    imports: ['_button-E5.js', '_map-J9.js'],
    css: ['assets/home-K1.css'],
  },
  '_map-J9.js': { file: 'assets/map-J9.js' },
  'src/locales/da/common.json': { file: 'assets/common-L2.js' },
};

const shell = [
  'assets/index-A1.js',
  'assets/index-D4.css',
  'assets/router-B2.js',
  'assets/router-F6.css',
  'assets/i18n-C3.js',
  'assets/button-E5.js',
  'assets/button-G7.css',
];

function entry(url: string, size = 1000): PrecacheEntry {
  return { url, revision: url.startsWith('assets/') ? null : `rev-${url}`, size };
}

/** Every file the glob finds in a build: the shell's, the lazy ones, the public ones. */
const globbed: PrecacheEntry[] = [
  entry('index.html'),
  entry('favicon.svg'),
  entry('icons/icon-192.png'),
  ...shell.map((url) => entry(url)),
  entry('assets/home-H8.js', 40_000),
  entry('assets/home-K1.css'),
  entry('assets/map-J9.js', 900_000),
  entry('assets/common-L2.js'),
  ...Array.from({ length: 500 }, (_, index) => entry(`assets/page-${index}.js`, 8000)),
  entry('favicon.svg'),
];

describe('shellFiles', () => {
  it('is the entry, everything it imports statically (at any depth) and their styles', () => {
    expect([...shellFiles(manifest)].sort()).toEqual([...shell].sort());
  });

  it('refuses a manifest without an entry, which would precache no script at all', () => {
    expect(() => shellFiles({ 'a.js': { file: 'assets/a.js' } })).toThrow(/no entry/);
  });
});

describe('shellPrecache', () => {
  const precache = shellPrecache(globbed, manifest);
  const urls = precache.map((item) => item.url);

  it('keeps the document under /index.html, the shell and the public files, each once', () => {
    expect(urls.sort()).toEqual(['/index.html', 'favicon.svg', 'icons/icon-192.png', ...shell].sort());
    expect(precache.find((item) => item.url === '/index.html')?.revision).toBe('rev-index.html');
  });

  it('leaves the lazy pages, their styles, the language files and the map to be cached on use', () => {
    for (const lazy of ['assets/home-H8.js', 'assets/home-K1.css', 'assets/map-J9.js', 'assets/common-L2.js'])
      expect(urls).not.toContain(lazy);
    expect(urls).not.toContain('/');
  });

  it('is a small part of the build', () => {
    const bytes = (items: PrecacheEntry[]) => items.reduce((sum, item) => sum + item.size, 0);
    expect(precache.length).toBe(10);
    expect(globbed.length).toBeGreaterThan(500);
    expect(bytes(precache)).toBeLessThan(bytes(globbed) / 100);
  });

  it('fails the build when a script of the shell was not found, rather than installing a shell that cannot start', () => {
    const withoutButton = globbed.filter((item) => item.url !== 'assets/button-E5.js');
    expect(() => shellPrecache(withoutButton, manifest)).toThrow(/assets\/button-E5\.js/);
    const withoutDocument = globbed.filter((item) => item.url !== 'index.html');
    expect(() => shellPrecache(withoutDocument, manifest)).toThrow(/index\.html/);
  });
});

describe('assetUrlsLoaded', () => {
  it('is the build files of this site the page loaded, without query or repeats', () => {
    const origin = 'https://cykelregister.dk';
    expect(
      assetUrlsLoaded(
        [
          `${origin}/assets/home-H8.js`,
          `${origin}/assets/home-H8.js?import`,
          `${origin}/assets/home-K1.css`,
          `${origin}/api/content/home`,
          `${origin}/version.json`,
          'https://tiles.example.org/assets/tile.png',
          'not a url',
        ],
        origin,
      ),
    ).toEqual([`${origin}/assets/home-H8.js`, `${origin}/assets/home-K1.css`]);
  });
});
