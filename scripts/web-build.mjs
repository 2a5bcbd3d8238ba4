// Whether the web build is missing or older than its sources: one answer for `npm start`
// (start.mjs), the first-route budget (check-first-route-budget.mjs) and the e2e runner (e2e.mjs).
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Everything the web build reads; a change to any of these makes the build stale. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
];
/** Written last by every build. */
const BUILD_MARKER = 'apps/web/dist-server/entry-server.js';

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child === 'dist' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

/** Why the web app must be built before it is served or measured, or null when its build is current. */
export function webBuildStaleReason() {
  const marker = path.join(root, BUILD_MARKER);
  if (!existsSync(marker)) return 'the web app has not been built yet';
  const builtAt = statSync(marker).mtimeMs;
  const stale = WEB_SOURCES.find((source) => newestChange(path.join(root, source)) > builtAt);
  return stale ? `${stale} changed since the last build` : null;
}
