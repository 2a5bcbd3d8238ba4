import { type ChildProcess, spawn } from 'node:child_process';
import os from 'node:os';
import { fileURLToPath } from 'node:url';

/*
 * The API as its own process, the way `npm start` and the container run it (tsx, then telemetry.ts,
 * then server.ts): start-up, shutdown and a crash are visible as what the process does and prints.
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));
const TELEMETRY = new URL('../telemetry.ts', import.meta.url).href;

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code once the process has ended, or the signal that ended it. */
  exited: Promise<number | NodeJS.Signals | null>;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/** Runs `command` with exactly `env` (plus PATH and HOME), its output collected. */
export function startProcess(
  command: string,
  args: string[],
  env: Record<string, string>,
  options: { cwd?: string } = {},
): ServerProcess {
  const child = spawn(command, args, {
    ...options,
    env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? os.tmpdir(), ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | NodeJS.Signals | null>((resolve) =>
    child.on('exit', (code, signal) => resolve(code ?? signal)),
  );
  return { child, exited, output: () => output };
}

/** Starts the API (server.ts, or a test's own entry that builds it) with exactly `env` (plus PATH). */
export function startServer(env: Record<string, string>, entry: string = SERVER): ServerProcess {
  return startProcess(process.execPath, ['--import', 'tsx', '--import', TELEMETRY, entry], env);
}

/**
 * Polls `url` until `accept` takes its answer; fails when the process exits first or after the
 * deadline, with what the process printed.
 */
async function waitForAnswer(
  url: string,
  server: ServerProcess,
  timeoutMs: number,
  accept: (response: Response) => boolean,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null || server.child.signalCode !== null) {
      throw new Error(`server exited during start-up:\n${server.output()}`);
    }
    try {
      if (accept(await fetch(url))) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`server did not become ready within ${timeoutMs} ms:\n${server.output()}`);
}

/** Resolves once the server answers HTTP at all (it listens last, after migrations and seeding). */
export function waitUntilListening(url: string, server: ServerProcess, timeoutMs = 90_000): Promise<void> {
  return waitForAnswer(url, server, timeoutMs, () => true);
}

/** Resolves once GET /api/health answers 200. */
export function waitForHealth(url: string, server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  return waitForAnswer(`${url}/api/health`, server, timeoutMs, (response) => response.ok);
}
