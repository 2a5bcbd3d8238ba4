import { mkdir, mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freePort } from './test/own-services.ts';
import { startProcess } from './test/server-process.ts';

/*
 * Graceful shutdown as a load balancer and a container runtime see it (issue 26, problem 3): on
 * SIGTERM the instance reports not ready while it keeps serving, then stops accepting connections,
 * lets the request in flight finish, and exits 0 — started as the container starts it (server.ts),
 * as `npm start` starts it (scripts/start.mjs), and through npm itself.
 */

const REPOSITORY_ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SERVER = path.join(REPOSITORY_ROOT, 'apps/api/src/server.ts');
const START = path.join(REPOSITORY_ROOT, 'scripts/start.mjs');

/** The status of GET `path`, or null when nothing accepts the connection. */
async function statusOf(url: string): Promise<number | null> {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(10_000) });
    await response.arrayBuffer();
    return response.status;
  } catch {
    return null;
  }
}

async function until<T>(what: string, probe: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    const value = await probe();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`${what}: still ${String(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The pid of the API process, from its JSON log lines (to make sure it is gone, and clean up if not). */
function serverPid(output: string): number | null {
  const match = /"pid":(\d+)/.exec(output);
  return match ? Number(match[1]) : null;
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/**
 * A sign-in whose body arrives in two halves: the request is in flight from the first half until
 * the test sends the second, which is how a slow client holds a request open.
 */
function startSlowSignIn(port: number): { sendRest(): Promise<string> } {
  const body = JSON.stringify({ email: 'anna@demo.cykelregister.dk', password: 'demo-password-2026' });
  const half = Math.floor(body.length / 2);
  const socket: Socket = connect(port, '127.0.0.1');
  let answer = '';
  socket.setEncoding('utf8');
  socket.on('data', (chunk: string) => {
    answer += chunk;
  });
  const ended = new Promise<void>((resolve) => socket.once('close', () => resolve()));
  socket.write(
    'POST /api/identities/authentications HTTP/1.1\r\nHost: 127.0.0.1\r\n' +
      `Content-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n${body.slice(0, half)}`,
  );
  return {
    async sendRest() {
      socket.write(body.slice(half));
      // The server closes the connection once it has answered, since it is shutting down.
      await Promise.race([
        ended,
        until(
          'the answer',
          async () => answer,
          (text) => text.includes('"authentication_token"'),
        ),
      ]);
      socket.destroy();
      return answer;
    },
  };
}

describe('shutting down on SIGTERM', () => {
  let dataDir: string;
  let webDist: string;
  const leftovers: number[] = [];

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-shutdown-test-'));
    // An (empty) web build named: start.mjs then never builds the web app.
    webDist = path.join(dataDir, 'web-dist');
    await mkdir(webDist);
  });

  afterAll(async () => {
    // Only if a test failed half-way: never leave a server behind.
    for (const pid of leftovers) if (isRunning(pid)) process.kill(pid, 'SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
  });

  const envFor = (port: number, drainSeconds: number) => ({
    NODE_ENV: 'test',
    LOG_LEVEL: 'info',
    PORT: String(port),
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    SHUTDOWN_DRAIN_SECONDS: String(drainSeconds),
  });

  it('server.ts: not ready (live still 200) during the drain, finishes the request in flight, exits 0', {
    timeout: 240_000,
  }, async () => {
    const port = await freePort();
    const base = `http://127.0.0.1:${port}`;
    // Long enough to observe on a busy machine; the load balancer's polling interval in production.
    const server = startProcess(process.execPath, ['--import', 'tsx', SERVER], envFor(port, 8), {
      cwd: REPOSITORY_ROOT,
    });
    try {
      await until(
        'ready',
        () => statusOf(`${base}/api/health/ready`),
        (status) => status === 200,
      );
      leftovers.push(server.child.pid!);
      const inFlight = startSlowSignIn(port);

      server.child.kill('SIGTERM');
      const ready = await until(
        'not ready after SIGTERM',
        async () => (await fetch(`${base}/api/health/ready`)).json() as Promise<{ failed_checks?: string[] }>,
        (body) => body.failed_checks !== undefined,
      );
      expect(ready.failed_checks).toEqual(['draining']);
      expect(await statusOf(`${base}/api/health/live`)).toBe(200);
      expect(await statusOf(`${base}/api/health`)).toBe(503);
      // A second signal (a terminal and a supervisor both deliver one) changes nothing.
      server.child.kill('SIGTERM');

      // After the drain the listener closes: no new connection is accepted ...
      await until(
        'listener closed',
        () => statusOf(`${base}/api/health/live`),
        (status) => status === null,
      );
      // ... but the request that was in flight still gets its whole answer.
      const answer = await inFlight.sendRest();
      expect(answer).toMatch(/^HTTP\/1\.1 200/);
      expect(answer).toContain('"authentication_token"');

      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('already shutting down');
      expect(server.output()).toContain('"msg":"shut down"');
    } finally {
      server.child.kill('SIGKILL');
    }
  });

  for (const launcher of ['scripts/start.mjs', 'npm start'] as const) {
    it(`${launcher}: passes SIGTERM on to the server and exits 0 once it has shut down`, {
      timeout: 240_000,
    }, async () => {
      const port = await freePort();
      const base = `http://127.0.0.1:${port}`;
      const env = envFor(port, 1);
      const started =
        launcher === 'npm start'
          ? startProcess('npm', ['start', '--silent'], env, { cwd: REPOSITORY_ROOT })
          : startProcess(process.execPath, [START], env, { cwd: REPOSITORY_ROOT });
      try {
        await until(
          'ready',
          () => statusOf(`${base}/api/health/ready`),
          (status) => status === 200,
        );
        const pid = serverPid(started.output());
        expect(pid).not.toBeNull();
        leftovers.push(pid!);
        expect(pid).not.toBe(started.child.pid);

        started.child.kill('SIGTERM');
        expect(await started.exited).toBe(0);
        expect(started.output()).toContain('"msg":"shut down"');
        // The server itself is gone, not left running without its parent.
        await until(
          'server gone',
          async () => isRunning(pid!),
          (running) => !running,
        );
        expect(await statusOf(`${base}/api/health/live`)).toBeNull();
      } finally {
        started.child.kill('SIGKILL');
      }
    });
  }
});
