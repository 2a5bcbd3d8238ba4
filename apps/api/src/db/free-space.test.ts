import { spawn } from 'node:child_process';
import type { statfs } from 'node:fs/promises';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { freeSpaceProblem } from './free-space.ts';

const MB = 1024 * 1024;

/** A file system with `freeBytes` available to us, in 4 KiB blocks. */
const fileSystemWith = (freeBytes: number) =>
  (async () => ({ bavail: Math.floor(freeBytes / 4096), bsize: 4096 })) as unknown as typeof statfs;

describe('freeSpaceProblem', () => {
  it('has none at the minimum and above', async () => {
    expect(await freeSpaceProblem('/data', 64 * MB, fileSystemWith(64 * MB))).toBeNull();
    expect(await freeSpaceProblem('/data', 64 * MB, fileSystemWith(10_000 * MB))).toBeNull();
  });

  it('says below it how much is free, what is needed and what to do', async () => {
    const problem = await freeSpaceProblem('/data', 64 * MB, fileSystemWith(12 * MB + 5));
    expect(problem).toContain('DATA_DIR (/data) has 12 MB free');
    expect(problem).toContain('at least 64 MB');
    expect(problem).toContain('DATA_DIR_MIN_FREE_MB');
    expect(problem).toMatch(/Free space on that disk/);
  });

  it('asks the real file system', async () => {
    expect(await freeSpaceProblem(os.tmpdir(), 0)).toBeNull();
  });
});

describe('starting the embedded database without enough free space', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-free-space-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('refuses with what is wrong and what to do, before opening the database', {
    timeout: 60_000,
  }, async () => {
    // More than any disk here has: the check is the one that trips, not the disk.
    const server = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(new URL('../server.ts', import.meta.url))],
      {
        env: {
          PATH: process.env.PATH ?? '',
          NODE_ENV: 'test',
          PORT: '0',
          DATA_DIR: dataDir,
          DATA_DIR_MIN_FREE_MB: String(1024 * 1024 * 1024),
        },
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    );
    let output = '';
    server.stdout.on('data', (chunk) => {
      output += chunk;
    });
    server.stderr.on('data', (chunk) => {
      output += chunk;
    });
    const code = await new Promise<number | null>((resolve) => server.on('exit', resolve));
    expect(code).toBe(1);
    expect(output).toContain(`The disk of DATA_DIR (${dataDir}) has`);
    expect(output).toContain('Free space on that disk');
    // Nothing was created: the database was never opened.
    expect(await readdir(dataDir)).toEqual([]);
  });
});
