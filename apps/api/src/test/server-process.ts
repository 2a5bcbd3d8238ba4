import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The API as its own process (`node --import tsx server.ts`), the way `npm start` and a container
 * run it: start-up, shutdown and a crash are visible as what the process does and prints.
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

export interface ServerProcess {
  child: ChildProcess;
  /** The exit code once the process has ended (null when a signal ended it). */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/** Starts server.ts with exactly `env` (plus PATH). */
export function startServer(env: Record<string, string>): ServerProcess {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER], {
    env: { PATH: process.env.PATH ?? '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, exited, output: () => output };
}

/** Resolves once GET /api/health answers 200; fails when the process exits first or after the deadline. */
export async function waitForHealth(url: string, child: ChildProcess, timeoutMs = 60_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error('server exited during start-up');
    try {
      const response = await fetch(`${url}/api/health`);
      if (response.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error('server did not become healthy');
}
