import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { BikeDocument, BikePicture } from '@nbr/domain/bikes';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertBike, uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';

/*
 * FILE_STORAGE=s3 end to end: the app picks the S3 storage from its configuration, and pictures and
 * documents go to the bucket and come back through signed addresses (s3rver on a free port).
 */

let server: S3rver;
let directory: string;
let t: TestApp;
let owner: TestUser;

beforeAll(async () => {
  directory = await mkdtemp(path.join(os.tmpdir(), 'nbr-s3rver-app-'));
  server = new S3rver({
    address: '127.0.0.1',
    port: 0,
    silent: true,
    directory,
    configureBuckets: [{ name: 'nbr-app' }],
  });
  const { port } = await server.run();
  t = await createTestApp({
    env: {
      FILE_STORAGE: 's3',
      S3_ENDPOINT: `http://127.0.0.1:${port}`,
      S3_REGION: 'us-east-1',
      S3_BUCKET: 'nbr-app',
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    },
  });
  owner = await signUpUser(t.app);
});
afterAll(async () => {
  await t?.close();
  await server?.close();
  if (directory) await rm(directory, { recursive: true, force: true });
});

function upload(
  bikeId: string,
  what: 'pictures' | 'documents',
  kind: string,
  name: string,
  type: string,
  bytes: Buffer,
) {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="kind"\r\n\r\n${kind}\r\n`),
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${name}"\r\nContent-Type: ${type}\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/${what}`,
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...bearer(owner.token) },
  });
}

describe('pictures and documents in S3 (FILE_STORAGE=s3)', () => {
  it('stores in the bucket, serves the exact bytes back, and deletes from it', async () => {
    expect(t.app.fileStorage.name).toBe('s3');
    const { bikeId } = await insertBike(t.database.db, {
      ownerPartyId: owner.partyId,
      frameNumber: uniqueFrameNumber(),
    });
    const photo = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#28a' } })
      .jpeg()
      .withExif({ IFD0: { Make: 'SecretCam' } })
      .toBuffer();
    const response = await upload(bikeId, 'pictures', 'public', 'bike.jpg', 'image/jpeg', photo);
    expect(response.statusCode, response.body).toBe(201);
    const picture = response.json<BikePicture>();
    const key = `bikes/${bikeId}/${picture.picture_id}.webp`;
    const stored = await t.app.fileStorage.get(key);
    expect(stored?.contentType).toBe('image/webp');

    const served = await t.app.inject({ method: 'GET', url: picture.url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/webp');
    const metadata = await sharp(served.rawPayload).metadata();
    expect([metadata.format, metadata.width, metadata.height, metadata.exif]).toEqual([
      'webp',
      300,
      200,
      undefined,
    ]);

    const pdf = Buffer.concat([Buffer.from('%PDF-1.4\n'), randomBytes(50_000), Buffer.from('\n%%EOF\n')]);
    const documentResponse = await upload(
      bikeId,
      'documents',
      'receipt',
      'receipt.pdf',
      'application/pdf',
      pdf,
    );
    expect(documentResponse.statusCode, documentResponse.body).toBe(201);
    const document = documentResponse.json<BikeDocument>();
    const download = await t.app.inject({ method: 'GET', url: document.url });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(pdf)).toBe(true);

    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/bikes/${bikeId}/pictures/${picture.picture_id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await t.app.fileStorage.get(key)).toBeNull();
    expect(await t.app.fileStorage.get(`bikes/${bikeId}/${picture.picture_id}-thumb.webp`)).toBeNull();
  });
});
