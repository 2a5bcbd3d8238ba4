#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the API,
// which serves the web app too. Signals are passed on so the API can shut down gracefully.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.argv.includes('--dry-run');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

/** Everything the web build reads; a change to any of these makes the build stale. */
const WEB_SOURCES = [
  'apps/web/src',
  'apps/web/public',
  'apps/web/index.html',
  'apps/web/vite.config.ts',
  'apps/web/package.json',
  'packages/domain/src',
];
const BUILD_MARKER = 'apps/web/dist/index.html';

function newestChange(entry) {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const child of readdirSync(entry)) {
    if (child === 'node_modules' || child.startsWith('.')) continue;
    newest = Math.max(newest, newestChange(path.join(entry, child)));
  }
  return newest;
}

function buildReason() {
  if (process.env.WEB_DIST_DIR) return null;
  const marker = path.join(root, BUILD_MARKER);
  if (!existsSync(marker)) return 'the web app has not been built yet';
  const builtAt = statSync(marker).mtimeMs;
  const stale = WEB_SOURCES.find((source) => newestChange(path.join(root, source)) > builtAt);
  return stale ? `${stale} changed since the last build` : null;
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
      resolve(code ?? (signal ? 128 : 1));
    });
  });
}

const reason = buildReason();
if (dryRun) {
  console.log(reason ? `would build the web app: ${reason}` : 'the web build is current');
  process.exit(0);
}
if (reason) {
  console.log(`Building the web app (${reason})…`);
  const code = await run(npm, ['run', 'build', '-w', '@nbr/web']);
  if (code !== 0) {
    console.error('The web build failed; not starting. Fix the error above and run `npm start` again.');
    process.exit(code);
  }
}

const code = await run(process.execPath, ['--import', 'tsx', 'apps/api/src/server.ts'], {
  env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
});
process.exit(code);
