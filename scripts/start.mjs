#!/usr/bin/env node
// `npm start`: builds the web app when it is missing or older than its sources, then runs the API,
// which serves the web app too. Signals are passed on so the API can shut down gracefully, and its
// exit code is ours: 0 after a clean shutdown. (package.json runs this with `exec`, so the shell npm
// starts scripts in does not stand between npm's forwarded SIGTERM and this process.)
import { spawn } from 'node:child_process';
import { constants } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { webBuildStaleReason } from './web-build.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const dryRun = process.argv.includes('--dry-run');
const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';

function buildReason() {
  // A build made elsewhere (WEB_DIST_DIR) is served as it is.
  if (process.env.WEB_DIST_DIR) return null;
  return webBuildStaleReason();
}

function run(command, args, options = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd: root, stdio: 'inherit', ...options });
    const forward = (signal) => child.kill(signal);
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.on(signal, forward);
    child.on('exit', (code, signal) => {
      for (const name of ['SIGINT', 'SIGTERM', 'SIGHUP']) process.off(name, forward);
      // Died of a signal it did not handle: the shell's convention, 128 + its number (SIGKILL: 137).
      resolve(code ?? (signal ? 128 + (constants.signals[signal] ?? 0) : 1));
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

// telemetry.ts starts OpenTelemetry before the app loads when an OTLP endpoint is set, else does nothing.
const code = await run(
  process.execPath,
  ['--import', 'tsx', '--import', './apps/api/src/telemetry.ts', 'apps/api/src/server.ts'],
  {
    env: { ...process.env, NODE_ENV: process.env.NODE_ENV || 'development' },
  },
);
process.exit(code);
