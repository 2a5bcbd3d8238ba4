/*
 * Pure rules of the shell behaviour (SPEC §2), kept apart from the browser so they can be tested:
 * forced reload on a new build, reload after failed chunk loads, service worker registration.
 */

/**
 * Whether the running app must reload because the site was rebuilt. Exactly one forced reload per
 * new build: `reloadedFor` is the build we already reloaded for in this browser session.
 */
export function shouldForceReload(input: {
  runningBuild: string;
  deployedBuild: string | null | undefined;
  reloadedFor: string | null;
}): boolean {
  const { runningBuild, deployedBuild, reloadedFor } = input;
  if (runningBuild === 'dev' || !deployedBuild) return false;
  if (deployedBuild === runningBuild) return false;
  return reloadedFor !== deployedBuild;
}

/** Service workers only over a secure connection or on this machine (SPEC §2). */
export function canRegisterServiceWorker(location: { protocol: string; hostname: string }): boolean {
  if (location.protocol === 'https:') return true;
  const host = location.hostname.replace(/^\[|\]$/g, '');
  return host === 'localhost' || host === '127.0.0.1' || host === '::1' || host.endsWith('.localhost');
}

const CHUNK_ERROR_PATTERNS = [
  /Failed to fetch dynamically imported module/i,
  /error loading dynamically imported module/i,
  /Importing a module script failed/i,
  /Unable to preload CSS/i,
  /Loading (CSS )?chunk [\w-]+ failed/i,
  /'text\/html' is not a valid JavaScript MIME type/i,
];

/** Whether an error means a piece of the app could not be downloaded (new deploy, lost connection). */
export function isChunkLoadError(error: unknown): boolean {
  if (!error || typeof error !== 'object') return false;
  const { name, message } = error as { name?: unknown; message?: unknown };
  if (name === 'ChunkLoadError') return true;
  return typeof message === 'string' && CHUNK_ERROR_PATTERNS.some((pattern) => pattern.test(message));
}

export interface ReloadMark {
  href: string;
  at: number;
}

/** A reload for the same address this soon after the last one means reloading does not help. */
export const RELOAD_LOOP_WINDOW_MS = 30_000;

/** Whether to reload to `href` now, given the last reload this session made for a failed load. */
export function mayReloadFor(href: string, last: ReloadMark | null, now: number): boolean {
  if (!last) return true;
  return !(last.href === href && now - last.at < RELOAD_LOOP_WINDOW_MS);
}
