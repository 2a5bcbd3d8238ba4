/*
 * What the service worker downloads on install (SPEC §2, issue 31): the app shell only — the bare
 * document, the entry script with the modules and styles it imports statically, and the small public
 * files (icons, install manifest). Every other file of the build (lazy pages, their styles, the
 * language files, the offline basemap) is cached by the worker when the app first uses it. Pure
 * rules, shared by the build (vite.config.ts) and the browser (register-service-worker.ts).
 */

/** Where the bare document is precached and served from offline: the server answers it under this name. */
export const SHELL_DOCUMENT_URL = '/index.html';

/** The folder of the build's content-hashed files (Vite's `build.assetsDir`), as a URL path. */
export const ASSETS_PATH = '/assets/';

/** A precache entry as Workbox's manifest transforms see it: a path relative to the build folder. */
export interface PrecacheEntry {
  url: string;
  revision: string | null;
  size: number;
}

/** The fields of a chunk of Vite's build manifest (dist/.vite/manifest.json) read here. */
export interface ViteManifestChunk {
  file: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
  assets?: string[];
}

export type ViteManifest = Record<string, ViteManifestChunk>;

/**
 * The build files the first screen cannot start without: the entry chunk, every chunk it imports
 * statically (transitively: what index.html preloads) and their styles and assets. Dynamic imports
 * (the pages, the language files) are left out. Paths as in the manifest (`assets/…`).
 */
export function shellFiles(manifest: ViteManifest): Set<string> {
  const entries = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  if (entries.length === 0) throw new Error('The build manifest names no entry chunk');
  const files = new Set<string>();
  const seen = new Set<string>();
  const pending = [...entries];
  for (let key = pending.pop(); key !== undefined; key = pending.pop()) {
    if (seen.has(key)) continue;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The build manifest lists ${key} as an import but has no such chunk`);
    files.add(chunk.file);
    for (const file of [...(chunk.css ?? []), ...(chunk.assets ?? [])]) files.add(file);
    pending.push(...(chunk.imports ?? []));
  }
  return files;
}

/**
 * The precache list of the shell, from every file the build's glob found: the document (under
 * SHELL_DOCUMENT_URL), the shell's files of `assets/`, and the public files beside the document
 * (icons; the rest of the build lives in `assets/`). Each URL once.
 */
export function shellPrecache(entries: readonly PrecacheEntry[], manifest: ViteManifest): PrecacheEntry[] {
  const shell = shellFiles(manifest);
  const assetsFolder = ASSETS_PATH.slice(1);
  const kept = new Map<string, PrecacheEntry>();
  for (const entry of entries) {
    const isShellFile = entry.url.startsWith(assetsFolder) ? shell.has(entry.url) : true;
    if (!isShellFile) continue;
    const url = entry.url === 'index.html' ? SHELL_DOCUMENT_URL : entry.url;
    if (!kept.has(url)) kept.set(url, { ...entry, url });
  }
  if (!kept.has(SHELL_DOCUMENT_URL)) throw new Error('The build has no index.html to precache as the shell');
  // A script or style of the shell the glob did not find would leave the shell unable to start offline.
  const missing = [...shell].filter((file) => /\.(?:m?js|css)$/.test(file) && !kept.has(file));
  if (missing.length > 0)
    throw new Error(`The shell's files were not found in the build: ${missing.join(', ')}`);
  return [...kept.values()];
}

/**
 * The build files this page loaded before its service worker was there to keep them (the first
 * visit): same-origin URLs under ASSETS_PATH, from the page's resource timings, each once.
 */
export function assetUrlsLoaded(resourceNames: readonly string[], origin: string): string[] {
  const urls = new Set<string>();
  for (const name of resourceNames) {
    let url: URL;
    try {
      url = new URL(name);
    } catch {
      continue;
    }
    if (url.origin === origin && url.pathname.startsWith(ASSETS_PATH)) urls.add(url.origin + url.pathname);
  }
  return [...urls];
}
