import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from './disk-storage.ts';
import type { FileStorage } from './file-storage.ts';
import { createS3Storage, type S3Storage } from './s3-storage.ts';

async function readAll(stream: Readable): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk));
  return Buffer.concat(chunks);
}

/** What every FileStorage must do, run against each implementation. */
function behavesAsFileStorage(name: string, open: () => FileStorage) {
  describe(`${name}: the FileStorage contract`, () => {
    it('gives back exactly the bytes it was given, with their type and size', async () => {
      const storage = open();
      // Every byte value, and more than one network packet.
      const body = Buffer.concat([
        Buffer.from(Array.from({ length: 256 }, (_, index) => index)),
        randomBytes(200_000),
      ]);
      const key = `bikes/${randomBytes(8).toString('hex')}/picture.webp`;
      await storage.put(key, body, 'image/webp');
      const stored = await storage.get(key);
      expect(stored).not.toBeNull();
      expect(stored?.contentType).toBe('image/webp');
      expect(stored?.size).toBe(body.length);
      expect((await readAll(stored!.body)).equals(body)).toBe(true);
    });

    it('replaces an object written twice under one key', async () => {
      const storage = open();
      const key = `bikes/${randomBytes(8).toString('hex')}/document.pdf`;
      await storage.put(key, Buffer.from('%PDF-first'), 'application/pdf');
      await storage.put(key, Buffer.from('%PDF-second'), 'application/pdf');
      const stored = await storage.get(key);
      expect((await readAll(stored!.body)).toString()).toBe('%PDF-second');
    });

    it('answers null for a missing key, and deletes (missing keys too) without complaint', async () => {
      const storage = open();
      const folder = `bikes/${randomBytes(8).toString('hex')}`;
      expect(await storage.get(`${folder}/none.webp`)).toBeNull();
      await storage.put(`${folder}/a.webp`, Buffer.from('a'), 'image/webp');
      await storage.put(`${folder}/b.webp`, Buffer.from('b'), 'image/webp');
      await storage.delete([`${folder}/a.webp`, `${folder}/never-there.webp`]);
      expect(await storage.get(`${folder}/a.webp`)).toBeNull();
      expect(await storage.get(`${folder}/b.webp`)).not.toBeNull();
      await storage.delete([]);
    });

    it('passes its writability check (readiness)', async () => {
      await expect(open().checkWritable()).resolves.toBeUndefined();
    });
  });
}

/** Every file under `dir`, as paths relative to it. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(dir, path.join(entry.parentPath, entry.name)));
}

/** A writeFile that writes the first half of the bytes, then fails as a full disk does. */
const fullDiskWriteFile = (async (file: string, data: Buffer) => {
  await writeFile(file, data.subarray(0, Math.floor(data.length / 2)));
  throw Object.assign(new Error(`ENOSPC: no space left on device, write`), { code: 'ENOSPC', errno: -28 });
}) as unknown as typeof writeFile;

describe('disk storage', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(path.join(os.tmpdir(), 'nbr-disk-storage-'));
  });
  afterAll(async () => {
    await rm(root, { recursive: true, force: true });
  });
  behavesAsFileStorage('disk', () => createDiskStorage(root));

  it('refuses keys that could leave its directory', async () => {
    const storage = createDiskStorage(root);
    await expect(storage.put('../outside.webp', Buffer.from('x'), 'image/webp')).rejects.toThrow(/unsafe/);
    await expect(storage.get('bikes/../../etc/passwd')).rejects.toThrow(/unsafe/);
    await expect(storage.get('/etc/passwd')).rejects.toThrow(/unsafe/);
  });

  it('leaves nothing behind when the disk fills up part-way through a file', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'nbr-disk-full-'));
    try {
      const storage = createDiskStorage(dir, { writeFile: fullDiskWriteFile });
      await expect(
        storage.put('bikes/b1/picture.webp', randomBytes(10_000), 'image/webp'),
      ).rejects.toMatchObject({ code: 'ENOSPC' });
      await expect(storage.checkWritable()).rejects.toMatchObject({ code: 'ENOSPC' });
      expect(await filesUnder(dir)).toEqual([]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('checks writability without leaving its probe, and fails where no file can be made', async () => {
    await createDiskStorage(root).checkWritable();
    expect((await filesUnder(root)).filter((file) => file.includes('probe'))).toEqual([]);
    const blocker = path.join(root, 'a-file');
    await writeFile(blocker, 'x');
    await expect(createDiskStorage(path.join(blocker, 'files')).checkWritable()).rejects.toMatchObject({
      code: 'ENOTDIR',
    });
  });
});

describe('S3 storage (against s3rver)', () => {
  let server: S3rver;
  let directory: string;
  let storage: S3Storage;
  let port: number;
  beforeAll(async () => {
    directory = await mkdtemp(path.join(os.tmpdir(), 'nbr-s3rver-'));
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory,
      configureBuckets: [{ name: 'nbr-files' }],
    });
    ({ port } = await server.run());
    storage = createS3Storage({
      bucket: 'nbr-files',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
  });
  afterAll(async () => {
    storage?.close();
    await server?.close();
    await rm(directory, { recursive: true, force: true });
  });
  behavesAsFileStorage('s3', () => storage);

  it('is named s3; a missing bucket is an error, never taken for a missing file', async () => {
    expect(storage.name).toBe('s3');
    const misconfigured = createS3Storage({
      bucket: 'no-such-bucket',
      region: 'us-east-1',
      endpoint: `http://127.0.0.1:${port}`,
      credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
      forcePathStyle: true,
    });
    try {
      await expect(misconfigured.get('bikes/anything.webp')).rejects.toThrow();
      await expect(misconfigured.checkWritable()).rejects.toThrow();
    } finally {
      misconfigured.close();
    }
  });
});
