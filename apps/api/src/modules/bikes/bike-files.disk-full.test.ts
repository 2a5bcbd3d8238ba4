import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm, writeFile } from 'node:fs/promises';
import { connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createDiskStorage } from '../../platform/storage/disk-storage.ts';
import { insertBike, uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

/*
 * A full disk while a picture is stored (issue 26, problem 8): the upload answers 503 storage_full
 * with Retry-After in the caller's language, and no file, whole or half, stays behind.
 */

let t: TestApp;
let root: string;
let owner: TestUser;
/** How many more files the disk takes before it is full. */
let writesBeforeFull = Number.POSITIVE_INFINITY;

/** Writes as usual until the disk is "full": then half the bytes, and ENOSPC as the kernel answers. */
const diskThatFillsUp = (async (file: string, data: Buffer, options: { mode?: number }) => {
  if (writesBeforeFull > 0) {
    writesBeforeFull -= 1;
    return writeFile(file, data, options);
  }
  await writeFile(file, data.subarray(0, Math.floor(data.length / 2)), options);
  throw Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC', errno: -28 });
}) as unknown as typeof writeFile;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nbr-disk-full-uploads-'));
  t = await createTestApp({ fileStorage: createDiskStorage(root, { writeFile: diskThatFillsUp }) });
  owner = await signUpUser(t.app);
});
afterAll(async () => {
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

async function filesOfBike(bikeId: string): Promise<string[]> {
  const entries = await readdir(path.join(root, 'bikes', bikeId), { withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => entry.name);
}

async function picture(): Promise<Buffer> {
  return sharp({ create: { width: 64, height: 48, channels: 3, background: '#3c3' } })
    .jpeg()
    .toBuffer();
}

function multipartPicture(bytes: Buffer) {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\npublic\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="bike.jpg"\r\n` +
        'Content-Type: image/jpeg\r\n\r\n',
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, contentType: `multipart/form-data; boundary=${boundary}` };
}

async function uploadPicture(bikeId: string, language = 'en') {
  const { payload, contentType } = multipartPicture(await picture());
  return t.app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/pictures`,
    payload,
    headers: { 'content-type': contentType, 'accept-language': language, ...bearer(owner.token) },
  });
}

async function ownersBike(): Promise<string> {
  const { bikeId } = await insertBike(t.database.db, {
    ownerPartyId: owner.partyId,
    frameNumber: uniqueFrameNumber(),
  });
  return bikeId;
}

describe('uploading a picture when the disk is full', () => {
  it('answers 503 storage_full with Retry-After in the caller language, and leaves no file', async () => {
    const bikeId = await ownersBike();
    writesBeforeFull = 0;
    const response = await uploadPicture(bikeId, 'da');
    writesBeforeFull = Number.POSITIVE_INFINITY;
    expect(response.statusCode).toBe(503);
    expect(response.json()).toEqual({
      detail:
        'Vi kan ikke gemme noget lige nu, fordi vores lager er fuldt. Intet blev gemt; prøv igen senere.',
      code: 'storage_full',
    });
    expect(Number(response.headers['retry-after'])).toBeGreaterThan(0);
    expect(await filesOfBike(bikeId)).toEqual([]);
  });

  it('removes the picture it stored when its thumbnail no longer fits', async () => {
    const bikeId = await ownersBike();
    writesBeforeFull = 1;
    const response = await uploadPicture(bikeId);
    writesBeforeFull = Number.POSITIVE_INFINITY;
    expect(response.statusCode).toBe(503);
    expect(response.json().code).toBe('storage_full');
    expect(await filesOfBike(bikeId)).toEqual([]);
  });

  it('stores both again once there is room (the same storage, nothing left over)', async () => {
    const bikeId = await ownersBike();
    const response = await uploadPicture(bikeId);
    expect(response.statusCode).toBe(201);
    expect((await filesOfBike(bikeId)).every((name) => name.endsWith('.webp'))).toBe(true);
    expect(await filesOfBike(bikeId)).toHaveLength(2);
  });
});

describe('a client that disconnects in the middle of an upload', () => {
  it('leaves no file: nothing is written before the whole body has arrived', async () => {
    const bikeId = await ownersBike();
    const address = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = new URL(address);
    const { payload, contentType } = multipartPicture(await picture());
    await new Promise<void>((resolve, reject) => {
      const socket = connect(Number(port), '127.0.0.1', () => {
        socket.write(
          `POST /api/bikes/${bikeId}/pictures HTTP/1.1\r\nHost: 127.0.0.1\r\n` +
            `Authorization: Bearer ${owner.token}\r\nContent-Type: ${contentType}\r\n` +
            `Content-Length: ${payload.length}\r\n\r\n`,
        );
        socket.write(payload.subarray(0, Math.floor(payload.length / 2)), () => {
          socket.destroy();
          resolve();
        });
      });
      socket.once('error', reject);
    });
    // The server has seen the connection close (and the request fail) once it holds none.
    for (;;) {
      const open = await new Promise<number>((resolve, reject) =>
        t.app.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
      );
      if (open === 0) break;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    // A complete upload after it: the bike then holds exactly that picture's two files.
    const response = await uploadPicture(bikeId);
    expect(response.statusCode).toBe(201);
    expect(await filesOfBike(bikeId)).toHaveLength(2);
  });
});
