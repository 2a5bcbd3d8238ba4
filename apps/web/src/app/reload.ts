import { readJson, STORAGE_KEYS, writeJson } from '../lib/storage.ts';
import { mayReloadFor, type ReloadMark } from './shell-rules.ts';

/**
 * Reloads the page at `href` after a failed download of part of the app, unless this session just
 * did that for the same address (then reloading does not help, and the error page is shown instead).
 * Answers whether a reload was started.
 */
export function reloadOnce(href: string): boolean {
  const last = readJson<ReloadMark>(STORAGE_KEYS.chunkReloaded, 'session');
  const now = Date.now();
  if (!mayReloadFor(href, last, now)) return false;
  writeJson(STORAGE_KEYS.chunkReloaded, { href, at: now } satisfies ReloadMark, 'session');
  window.location.assign(href);
  return true;
}

/** The last address the app showed successfully; a failed chunk load returns there. */
export function lastPath(): string {
  return readJson<string>(STORAGE_KEYS.lastPath, 'session') ?? window.location.pathname;
}

export function rememberLastPath(path: string): void {
  writeJson(STORAGE_KEYS.lastPath, path, 'session');
}
