import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { chown, mkdtemp, rm } from 'node:fs/promises';
import { createServer, Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

/*
 * A PostgreSQL and a Redis of a test's own, started from the machine's installed server binaries on
 * free ports, so fault tests can stop, restart, pause and kill them. The machine's shared services
 * (127.0.0.1:5432 and :6379) are never touched: other test files and other runs use them.
 */

const run = promisify(execFile);

/** A TCP port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Resolves once something accepts connections on the port, or fails after the deadline. */
export async function waitForPort(port: number, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = new Socket();
      socket.once('connect', () => {
        socket.destroy();
        resolve(true);
      });
      socket.once('error', () => resolve(false));
      socket.connect(port, '127.0.0.1');
    });
    if (open) return;
    if (Date.now() > deadline) throw new Error(`nothing listens on port ${port} after ${timeoutMs} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** The newest installed PostgreSQL server's binaries (Debian: /usr/lib/postgresql/<major>/bin). */
export function postgresBinDir(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((name) => /^\d+$/.test(name) && existsSync(path.join(root, name, 'bin/pg_ctl')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? path.join(root, majors[0], 'bin') : null;
}

/** initdb and the server refuse to run as root; as root the cluster belongs to the `postgres` user. */
function serverUser(): { uid: number; gid: number } | null {
  if (process.getuid?.() !== 0) return null;
  const line = readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((entry) => entry.startsWith('postgres:'));
  if (!line) throw new Error('running as root, but there is no postgres user to run PostgreSQL as');
  const [, , uid, gid] = line.split(':');
  return { uid: Number(uid), gid: Number(gid) };
}

export interface OwnPostgres {
  readonly port: number;
  /** Connection string of the cluster's `postgres` database (trust auth, user postgres). */
  readonly url: string;
  /** Starts the server (again) on the same port and data directory; resolves once it accepts. */
  start(): Promise<void>;
  /** Stops the server: `fast` ends sessions cleanly, `immediate` is a crash as far as clients know. */
  stop(mode?: 'fast' | 'immediate'): Promise<void>;
  restart(): Promise<void>;
  /** Freezes the postmaster and every backend (SIGSTOP): a database that hangs without refusing. */
  pause(): void;
  resume(): void;
  /** Stops the server and removes its files. */
  destroy(): Promise<void>;
}

/** A backend that ended between listing the cluster's processes and signalling them is no error. */
function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ESRCH') throw error;
  }
}

/** Every process of the cluster: the postmaster (first line of postmaster.pid) and its children. */
function clusterProcesses(dataDir: string): number[] {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (!existsSync(pidFile)) return [];
  const postmaster = Number(readFileSync(pidFile, 'utf8').split('\n')[0]);
  const children = readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((name) => {
      try {
        // Field 4 of /proc/<pid>/stat is the parent; the command name (field 2) may hold spaces.
        const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
        return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]) === postmaster;
      } catch {
        return false;
      }
    })
    .map(Number);
  return [postmaster, ...children];
}

/**
 * Creates a fresh cluster in a temporary directory and starts it on a free port, with durability
 * off (a test's data is thrown away). Answers null when no PostgreSQL server is installed.
 */
export async function startOwnPostgres(): Promise<OwnPostgres | null> {
  const bin = postgresBinDir();
  if (!bin) return null;
  const user = serverUser();
  const asServerUser = user ? { uid: user.uid, gid: user.gid } : {};
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-own-pg-'));
  if (user) await chown(dataDir, user.uid, user.gid);
  await run(
    path.join(bin, 'initdb'),
    ['-D', dataDir, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--locale=C', '--no-sync'],
    { ...asServerUser, env: { PATH: process.env.PATH ?? '' } },
  );
  const port = await freePort();
  const pgCtl = (args: string[]) =>
    run(path.join(bin, 'pg_ctl'), ['-D', dataDir, ...args], {
      ...asServerUser,
      env: { PATH: process.env.PATH ?? '' },
    });
  const options = [
    `-p ${port}`,
    `-k ${dataDir}`,
    '-c listen_addresses=127.0.0.1',
    '-c fsync=off',
    '-c synchronous_commit=off',
    '-c full_page_writes=off',
  ].join(' ');
  const own: OwnPostgres = {
    port,
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    async start() {
      await pgCtl(['-o', options, '-l', path.join(dataDir, 'server.log'), '-w', '-t', '60', 'start']);
    },
    async stop(mode = 'fast') {
      own.resume();
      await pgCtl(['-m', mode, '-w', '-t', '60', 'stop']).catch((error: { stderr?: string }) => {
        // Already stopped.
        if (!/PID file .* does not exist|Is server running\?/.test(error.stderr ?? '')) throw error;
      });
    },
    async restart() {
      await own.stop('fast');
      await own.start();
    },
    pause() {
      for (const pid of clusterProcesses(dataDir)) signal(pid, 'SIGSTOP');
    },
    resume() {
      for (const pid of clusterProcesses(dataDir)) signal(pid, 'SIGCONT');
    },
    async destroy() {
      await own.stop('immediate').catch(() => undefined);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}

export interface OwnRedis {
  readonly port: number;
  readonly url: string;
  /** Starts redis-server (again) on the same port; resolves once it accepts connections. */
  start(): Promise<void>;
  /** SIGKILL: Redis disappears the way a crashed or evicted one does. */
  kill(): Promise<void>;
  /** Freezes redis-server (SIGSTOP): connections stay open and nothing answers. */
  pause(): void;
  resume(): void;
  destroy(): Promise<void>;
}

/** A child killed by a signal keeps `exitCode` null: only both being null means it still runs. */
function isRunning(child: ChildProcess): boolean {
  return child.exitCode === null && child.signalCode === null;
}

/** A redis-server of the test's own on a free port, keeping nothing on disk; null when none is installed. */
export async function startOwnRedis(): Promise<OwnRedis | null> {
  const binary = ['/usr/bin/redis-server', '/usr/local/bin/redis-server'].find((candidate) =>
    existsSync(candidate),
  );
  if (!binary) return null;
  const port = await freePort();
  const dir = await mkdtemp(path.join(os.tmpdir(), 'nbr-own-redis-'));
  let child: ChildProcess | null = null;
  const own: OwnRedis = {
    port,
    url: `redis://127.0.0.1:${port}`,
    async start() {
      if (child && isRunning(child)) return;
      child = spawn(
        binary,
        ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no', '--dir', dir],
        { stdio: 'ignore' },
      );
      await waitForPort(port);
    },
    pause() {
      if (child && isRunning(child)) child.kill('SIGSTOP');
    },
    resume() {
      if (child && isRunning(child)) child.kill('SIGCONT');
    },
    async kill() {
      const running = child;
      if (!running || !isRunning(running)) return;
      running.kill('SIGCONT');
      const exited = new Promise((resolve) => running.once('exit', resolve));
      running.kill('SIGKILL');
      await exited;
    },
    async destroy() {
      await own.kill();
      await rm(dir, { recursive: true, force: true });
    },
  };
  await own.start();
  return own;
}
