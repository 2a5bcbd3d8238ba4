import { type ChildProcess, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/*
 * The API as its operator runs it, for tests of the command-line tools and of start-up: a command's
 * output captured, and server.ts started as a child process (as `npm start` runs it).
 */

const SERVER = fileURLToPath(new URL('../server.ts', import.meta.url));

/** Lines a command printed (`log`) and complained (`error`), in the shape its `output` parameter takes. */
export function captureOutput() {
  const lines: string[] = [];
  const errors: string[] = [];
  return {
    lines,
    errors,
    output: { log: (line: string) => lines.push(line), error: (line: string) => errors.push(line) },
  };
}

export interface ServerProcess {
  child: ChildProcess;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** Everything it printed so far, stdout and stderr together. */
  output(): string;
}

/** Starts server.ts in a process of its own with exactly this environment (and PATH). */
export function startServerProcess(env: Record<string, string>): ServerProcess {
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

/** Resolves once GET /api/health answers 200; fails with the server's output if it exits or never does. */
export async function waitForHealth(url: string, server: ServerProcess, timeoutMs = 120_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited during start-up:\n${server.output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`server did not become healthy:\n${server.output()}`);
}
