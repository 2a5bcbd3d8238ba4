import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32, deflateSync } from 'node:zlib';
import {
  type BikeDocument,
  type BikePicture,
  DOCUMENT_MAX_BYTES,
  MAX_FILES_PER_BIKE,
  PICTURE_MAX_BYTES,
  THUMBNAIL_SIZE,
} from '@nbr/domain/bikes';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeEquipment, bikeFiles, bikes } from '../../db/schema/bikes.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createDiskStorage } from '../../platform/storage/disk-storage.ts';
import type { FileStorage } from '../../platform/storage/file-storage.ts';
import { createFileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { insertBike, uniqueFrameNumber } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import { grantStaffRole, switchInto } from '../../test/role-fixtures.ts';
import { filePath } from './bike-files.presenter.ts';
import { listFilesOfBikes, sanitiseFileName } from './bike-files.service.ts';

const FILE_URL_SECRET = 'bike-files-test-secret-of-at-least-32-characters';
/** The secret before the last rotation: still accepted for checking (FILE_URL_ACCEPTED_SECRETS). */
const PREVIOUS_FILE_URL_SECRET = 'bike-files-previous-secret-of-32-characters';

/** Disk storage in a directory of this file, recording what is stored and deleted. */
interface RecordingStorage extends FileStorage {
  deleted: string[];
  /** Runs after every put (a test simulates what happens meanwhile). */
  afterPut: (() => Promise<void>) | null;
  /** When set, delete fails (the bucket is unreachable). */
  deleteFails: boolean;
}

let t: TestApp;
let root: string;
let storage: RecordingStorage;
let owner: TestUser;
let other: TestUser;
let staff: TestUser;

beforeAll(async () => {
  root = await mkdtemp(path.join(os.tmpdir(), 'nbr-bike-files-'));
  const disk = createDiskStorage(root);
  storage = {
    name: 'recording',
    deleted: [],
    afterPut: null,
    deleteFails: false,
    async put(key, body, contentType) {
      await disk.put(key, body, contentType);
      await storage.afterPut?.();
    },
    get: (key) => disk.get(key),
    async delete(keys) {
      if (storage.deleteFails) throw new Error('storage unreachable');
      storage.deleted.push(...keys);
      await disk.delete(keys);
    },
    checkWritable: () => disk.checkWritable(),
  };
  t = await createTestApp({
    fileStorage: storage,
    env: { FILE_URL_SECRET, FILE_URL_ACCEPTED_SECRETS: PREVIOUS_FILE_URL_SECRET },
  });
  owner = await signUpUser(t.app);
  other = await signUpUser(t.app);
  staff = await signUpUser(t.app);
  await grantStaffRole(t.database.db, staff.partyId, 'support');
});
afterAll(async () => {
  await t?.close();
  if (root) await rm(root, { recursive: true, force: true });
});

const db = () => t.database.db;

async function ownersBike(values: { visibility?: 'active' | 'searchable' | 'private' } = {}) {
  const frameNumber = uniqueFrameNumber();
  const { bikeId } = await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber, ...values });
  return { bikeId, frameNumber };
}

interface FilePart {
  name: string;
  type: string;
  bytes: Buffer;
  field?: string;
}

/** A multipart/form-data body as a browser sends it. */
function multipart(fields: Record<string, string>, file?: FilePart) {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  if (file) {
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${file.field ?? 'file'}"; filename="${file.name}"\r\n` +
          `Content-Type: ${file.type}\r\n\r\n`,
      ),
      file.bytes,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

function upload(
  bikeId: string,
  what: 'pictures' | 'documents',
  fields: Record<string, string>,
  file: FilePart | undefined,
  token: string | null = owner.token,
) {
  const body = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/${what}`,
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

/** A phone photo: JPEG with the camera and the place it was taken (GPS). */
async function phonePhoto(width = 64, height = 48): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: '#c33' } })
    .jpeg()
    .withExif({
      IFD0: { Make: 'SecretCam', Model: 'Spy 9000' },
      IFD3: {
        GPSLatitudeRef: 'N',
        GPSLatitude: '55/1 40/1 12/1',
        GPSLongitudeRef: 'E',
        GPSLongitude: '12/1 34/1 56/1',
      },
    })
    .toBuffer();
}

const photoPart = async (name = 'IMG_0001.jpg'): Promise<FilePart> => ({
  name,
  type: 'image/jpeg',
  bytes: await phonePhoto(),
});

async function uploadPicture(bikeId: string, kind: string, extra: Record<string, string> = {}) {
  const response = await upload(bikeId, 'pictures', { kind, ...extra }, await photoPart());
  expect(response.statusCode, response.body).toBe(201);
  return response.json<BikePicture>();
}

/** A valid all-black greyscale PNG: tiny on the wire, width × height bytes once decoded. */
function blankPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const typed = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(typed));
    return Buffer.concat([length, typed, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  // Each row: filter byte 0, then the pixels (all 0).
  const pixels = deflateSync(Buffer.alloc(height * (width + 1)), { level: 9 });
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

function fetchUrl(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function rowOf(fileId: string) {
  const [row] = await db().select().from(bikeFiles).where(eq(bikeFiles.id, fileId));
  return row ?? null;
}

describe('POST /api/bikes/:bike_id/pictures', () => {
  it('stores a picture re-encoded as WebP, with a thumbnail, both at signed addresses', async () => {
    const { bikeId } = await ownersBike();
    const picture = await uploadPicture(bikeId, 'frame_number');
    expect(picture).toMatchObject({ kind: 'frame_number', width: 64, height: 48 });
    expect(picture.url).toMatch(
      new RegExp(`^/api/files/${picture.picture_id}/original\\?expires=\\d+&signature=`),
    );
    expect(picture.thumbnail_url).toMatch(new RegExp(`^/api/files/${picture.picture_id}/thumbnail\\?`));

    const row = await rowOf(picture.picture_id);
    expect(row).toMatchObject({
      bikeId,
      fileClass: 'picture',
      kind: 'frame_number',
      contentType: 'image/webp',
      storageKey: `bikes/${bikeId}/${picture.picture_id}.webp`,
      thumbnailKey: `bikes/${bikeId}/${picture.picture_id}-thumb.webp`,
      uploadedByPartyId: owner.partyId,
    });

    const original = await fetchUrl(picture.url);
    expect(original.statusCode).toBe(200);
    expect(original.headers['content-type']).toBe('image/webp');
    expect(original.headers['x-content-type-options']).toBe('nosniff');
    expect(original.headers['content-disposition']).toBe('inline');
    expect(original.headers['cache-control']).toMatch(/^private, max-age=\d+$/);
    const maxAge = Number(String(original.headers['cache-control']).split('=')[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(2 * 60 * 60);
    expect(Number(original.headers['content-length'])).toBe(row?.size);
    expect((await sharp(original.rawPayload).metadata()).format).toBe('webp');

    const thumbnail = await fetchUrl(picture.thumbnail_url as string);
    expect(thumbnail.statusCode).toBe(200);
    const thumbnailMetadata = await sharp(thumbnail.rawPayload).metadata();
    expect(thumbnailMetadata.format).toBe('webp');
    expect(Math.max(thumbnailMetadata.width ?? 0, thumbnailMetadata.height ?? 0)).toBeLessThanOrEqual(
      THUMBNAIL_SIZE,
    );
  });

  it('strips EXIF and GPS: what is served holds no metadata from the camera', async () => {
    const { bikeId } = await ownersBike();
    const photo = await phonePhoto();
    expect((await sharp(photo).metadata()).exif?.toString('latin1')).toContain('SecretCam');

    const picture = await uploadPicture(bikeId, 'private');
    for (const url of [picture.url, picture.thumbnail_url as string]) {
      const served = await fetchUrl(url);
      expect(served.statusCode).toBe(200);
      const metadata = await sharp(served.rawPayload).metadata();
      expect(metadata.exif).toBeUndefined();
      expect(metadata.xmp).toBeUndefined();
      expect(served.rawPayload.toString('latin1')).not.toContain('SecretCam');
      expect(served.rawPayload.toString('latin1')).not.toContain('GPS');
    }
  });

  it('replaces the public picture: the old row, its files and its address are gone', async () => {
    const { bikeId } = await ownersBike();
    const first = await uploadPicture(bikeId, 'public');
    const firstRow = await rowOf(first.picture_id);
    const second = await uploadPicture(bikeId, 'public');

    expect(await rowOf(first.picture_id)).toBeNull();
    expect(await rowOf(second.picture_id)).not.toBeNull();
    expect(storage.deleted).toEqual(expect.arrayContaining([firstRow?.storageKey, firstRow?.thumbnailKey]));
    expect(await storage.get(firstRow?.storageKey as string)).toBeNull();
    expect((await fetchUrl(first.url)).statusCode).toBe(404);
    expect((await fetchUrl(second.url)).statusCode).toBe(200);

    // Other kinds add up instead.
    await uploadPicture(bikeId, 'private');
    await uploadPicture(bikeId, 'private');
    const files = (await listFilesOfBikes(db(), t.app.fileUrls, [bikeId], 'owner')).get(bikeId);
    expect(files?.pictures.map((picture) => picture.kind).sort()).toEqual(['private', 'private', 'public']);
  });

  it('files a lock proof picture under its item; an item of another bike, or a public one, is refused', async () => {
    const { bikeId } = await ownersBike();
    const lock = await t.app.inject({
      method: 'POST',
      url: `/api/bikes/${bikeId}/equipment`,
      headers: bearer(owner.token),
      payload: { item_type_memo: 'lock', manufacturer_name: 'Abus' },
    });
    expect(lock.statusCode, lock.body).toBe(201);
    const equipmentId = lock.json<{ id: string }>().id;

    const proof = await uploadPicture(bikeId, 'lock_proof', { equipment_id: equipmentId });
    expect((await rowOf(proof.picture_id))?.equipmentId).toBe(equipmentId);
    const files = (await listFilesOfBikes(db(), t.app.fileUrls, [bikeId], 'owner')).get(bikeId);
    expect(files?.pictures).toEqual([]);
    expect(files?.equipment.get(equipmentId)?.pictures.map((picture) => picture.picture_id)).toEqual([
      proof.picture_id,
    ]);

    const { bikeId: otherBikeId } = await ownersBike();
    const elsewhere = await upload(
      otherBikeId,
      'pictures',
      { kind: 'lock_proof', equipment_id: equipmentId },
      await photoPart(),
    );
    expect(elsewhere.statusCode).toBe(422);
    expect(elsewhere.json().detail[0]).toMatchObject({
      loc: ['body', 'equipment_id'],
      type: 'invalid_value',
    });

    const publicItem = await upload(
      bikeId,
      'pictures',
      { kind: 'public', equipment_id: equipmentId },
      await photoPart(),
    );
    expect(publicItem.statusCode).toBe(422);
    expect(publicItem.json().detail[0]).toMatchObject({ loc: ['body', 'kind'] });
  });

  it('decides the type by the bytes: a text file named .jpg, a GIF, an SVG or a PDF is 415', async () => {
    const { bikeId } = await ownersBike();
    const cases: FilePart[] = [
      { name: 'bike.jpg', type: 'image/jpeg', bytes: Buffer.from('This is not a picture, only text.') },
      {
        name: 'bike.gif',
        type: 'image/gif',
        bytes: await sharp({ create: { width: 4, height: 4, channels: 3, background: '#000' } })
          .gif()
          .toBuffer(),
      },
      {
        name: 'bike.png',
        type: 'image/png',
        bytes: Buffer.from(
          '<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>',
        ),
      },
      {
        name: 'bike.jpg',
        type: 'image/jpeg',
        bytes: Buffer.from('%PDF-1.7\n1 0 obj\n<<>>\nendobj\n%%EOF\n'),
      },
    ];
    for (const file of cases) {
      const response = await upload(bikeId, 'pictures', { kind: 'private' }, file);
      expect(response.statusCode, file.name).toBe(415);
      expect(response.json()).toMatchObject({ code: 'unsupported_file_type' });
    }
    expect(await db().select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId))).toEqual([]);
  });

  it('refuses a picture over the size limit with 413, and one that does not decode with 422', async () => {
    const { bikeId } = await ownersBike();
    const tooLarge = await upload(
      bikeId,
      'pictures',
      { kind: 'private' },
      { name: 'huge.jpg', type: 'image/jpeg', bytes: Buffer.alloc(PICTURE_MAX_BYTES + 1, 0xff) },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'file_too_large', detail: expect.stringContaining('15') });

    const pixels = Buffer.alloc(400 * 300 * 3);
    for (let index = 0; index < pixels.length; index += 1) pixels[index] = (index * 7919) % 251;
    const whole = await sharp(pixels, { raw: { width: 400, height: 300, channels: 3 } })
      .jpeg()
      .toBuffer();
    const cut = await upload(
      bikeId,
      'pictures',
      { kind: 'private' },
      { name: 'cut.jpg', type: 'image/jpeg', bytes: whole.subarray(0, whole.length / 2) },
    );
    expect(cut.statusCode).toBe(422);
    expect(cut.json().detail[0]).toMatchObject({ type: 'image_unreadable' });
  });

  it('refuses a decompression bomb (a 55 kB PNG of 56 megapixels) with 422, storing nothing', async () => {
    const { bikeId } = await ownersBike();
    const bomb = blankPng(7500, 7500);
    expect(bomb.length).toBeLessThan(100_000);
    const response = await upload(
      bikeId,
      'pictures',
      { kind: 'private' },
      { name: 'bomb.png', type: 'image/png', bytes: bomb },
    );
    expect(response.statusCode, response.body).toBe(422);
    expect(response.json().detail[0]).toMatchObject({ type: 'image_unreadable' });
    expect(await db().select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId))).toEqual([]);
  });

  it('answers 422 per field: no kind, an unknown kind, no file, an empty file, a JSON body', async () => {
    const { bikeId } = await ownersBike();
    const noKind = await upload(bikeId, 'pictures', {}, await photoPart());
    expect(noKind.statusCode).toBe(422);
    expect(noKind.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'kind'], type: 'required' }),
    ]);

    const badKind = await upload(bikeId, 'pictures', { kind: 'selfie' }, await photoPart());
    expect(badKind.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'kind'], type: 'invalid_value' }),
    ]);

    const noFile = await upload(bikeId, 'pictures', { kind: 'public' }, undefined);
    expect(noFile.statusCode).toBe(422);
    expect(noFile.json().detail).toEqual([
      expect.objectContaining({ loc: ['body', 'file'], type: 'required' }),
    ]);

    const empty = await upload(
      bikeId,
      'pictures',
      { kind: 'public' },
      { name: 'a.jpg', type: 'image/jpeg', bytes: Buffer.alloc(0) },
    );
    expect(empty.statusCode).toBe(422);
    expect(empty.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'required' });

    const json = await t.app.inject({
      method: 'POST',
      url: `/api/bikes/${bikeId}/pictures`,
      headers: bearer(owner.token),
      payload: { kind: 'public' },
    });
    expect(json.statusCode).toBe(422);
    expect(json.json().detail[0]).toMatchObject({ loc: ['body', 'file'], type: 'required' });
  });

  it(`refuses the ${MAX_FILES_PER_BIKE + 1}st file with 409, but a new public picture still replaces the old`, async () => {
    const { bikeId } = await ownersBike();
    const publicPicture = await uploadPicture(bikeId, 'public');
    await db()
      .insert(bikeFiles)
      .values(
        Array.from({ length: MAX_FILES_PER_BIKE - 1 }, (_, index) => ({
          id: uuidv7(),
          bikeId,
          fileClass: 'picture',
          kind: 'private',
          storageKey: `bikes/${bikeId}/filler-${index}.webp`,
          contentType: 'image/webp',
          size: 1,
          fileName: 'private.webp',
          uploadedByPartyId: owner.partyId,
        })),
      );
    const full = await upload(bikeId, 'pictures', { kind: 'private' }, await photoPart());
    expect(full.statusCode).toBe(409);
    expect(full.json()).toMatchObject({ code: 'too_many_files' });
    const fullDocument = await upload(bikeId, 'documents', { kind: 'receipt' }, await photoPart());
    expect(fullDocument.statusCode).toBe(409);

    const replacement = await uploadPicture(bikeId, 'public');
    expect(await rowOf(publicPicture.picture_id)).toBeNull();
    expect(await rowOf(replacement.picture_id)).not.toBeNull();
  });

  it('removes the stored objects when the row cannot be written (the bike filled up meanwhile)', async () => {
    const { bikeId } = await ownersBike();
    const stored: string[] = [];
    const realPut = storage.put;
    storage.put = async (key, body, contentType) => {
      stored.push(key);
      await realPut(key, body, contentType);
    };
    // Another upload fills the bike while this one is being stored.
    storage.afterPut = async () => {
      storage.afterPut = null;
      await db()
        .insert(bikeFiles)
        .values(
          Array.from({ length: MAX_FILES_PER_BIKE }, (_, index) => ({
            id: uuidv7(),
            bikeId,
            fileClass: 'document',
            kind: 'other',
            storageKey: `bikes/${bikeId}/meanwhile-${index}.pdf`,
            contentType: 'application/pdf',
            size: 1,
            fileName: 'other.pdf',
            uploadedByPartyId: owner.partyId,
          })),
        );
    };
    try {
      const response = await upload(bikeId, 'pictures', { kind: 'private' }, await photoPart());
      expect(response.statusCode).toBe(409);
    } finally {
      storage.put = realPut;
      storage.afterPut = null;
    }
    expect(stored).toHaveLength(2);
    expect(storage.deleted).toEqual(expect.arrayContaining(stored));
    for (const key of stored) expect(await storage.get(key)).toBeNull();
  });

  it('refuses (422, objects removed) a picture of an item deleted while the picture was being stored', async () => {
    const { bikeId } = await ownersBike();
    const equipmentId = uuidv7();
    await db().insert(bikeEquipment).values({ id: equipmentId, bikeId, itemType: 'lock' });
    const stored: string[] = [];
    const realPut = storage.put;
    storage.put = async (key, body, contentType) => {
      stored.push(key);
      await realPut(key, body, contentType);
    };
    // The owner deletes the lock in another tab while its proof picture is re-encoded and stored.
    storage.afterPut = async () => {
      storage.afterPut = null;
      await db().delete(bikeEquipment).where(eq(bikeEquipment.id, equipmentId));
    };
    try {
      const response = await upload(
        bikeId,
        'pictures',
        { kind: 'lock_proof', equipment_id: equipmentId },
        await photoPart(),
      );
      expect(response.statusCode, response.body).toBe(422);
      expect(response.json().detail[0]).toMatchObject({
        loc: ['body', 'equipment_id'],
        type: 'invalid_value',
      });
    } finally {
      storage.put = realPut;
      storage.afterPut = null;
    }
    expect(stored).toHaveLength(2);
    for (const key of stored) expect(await storage.get(key)).toBeNull();
    expect(await db().select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId))).toEqual([]);
  });

  it('lets only the owner upload: another user and staff 404, a visitor 401; staff switched in may', async () => {
    const { bikeId } = await ownersBike();
    const part = await photoPart();
    expect((await upload(bikeId, 'pictures', { kind: 'public' }, part, other.token)).statusCode).toBe(404);
    expect((await upload(bikeId, 'pictures', { kind: 'public' }, part, staff.token)).statusCode).toBe(404);
    expect((await upload(bikeId, 'pictures', { kind: 'public' }, part, null)).statusCode).toBe(401);
    expect((await upload(uuidv7(), 'pictures', { kind: 'public' }, part)).statusCode).toBe(404);
    expect((await upload('not-a-bike', 'pictures', { kind: 'public' }, part)).statusCode).toBe(404);
    expect(await db().select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId))).toEqual([]);

    const switched = await switchInto(t.app, staff.token, owner.partyId);
    expect((await upload(bikeId, 'pictures', { kind: 'public' }, part, switched)).statusCode).toBe(201);
  });
});

describe('POST /api/bikes/:bike_id/documents', () => {
  const pdf = Buffer.from(
    '%PDF-1.4\n1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj\n2 0 obj <</Type /Pages /Kids [] /Count 0>> endobj\ntrailer <</Root 1 0 R>>\n%%EOF\n',
  );

  it('stores a PDF as sent, keeps its (sanitised) name and serves it as a download', async () => {
    const { bikeId } = await ownersBike();
    const response = await upload(
      bikeId,
      'documents',
      { kind: 'receipt' },
      { name: 'Kvittering æøå <2026>.pdf', type: 'application/pdf', bytes: pdf },
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<BikeDocument>();
    expect(document).toMatchObject({
      kind: 'receipt',
      file_name: 'Kvittering æøå _2026_.pdf',
      content_type: 'application/pdf',
      size: pdf.length,
      thumbnail_url: null,
    });
    expect((await rowOf(document.document_id))?.storageKey).toBe(
      `bikes/${bikeId}/${document.document_id}.pdf`,
    );

    const served = await fetchUrl(document.url);
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(pdf)).toBe(true);
    expect(served.headers['content-type']).toBe('application/pdf');
    expect(served.headers['x-content-type-options']).toBe('nosniff');
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Kvittering ___ _2026_.pdf"; filename*=UTF-8''${encodeURIComponent('Kvittering æøå _2026_.pdf')}`,
    );
  });

  it('escapes in filename* what RFC 8187 does not allow bare: apostrophe, brackets', async () => {
    const { bikeId } = await ownersBike();
    const response = await upload(
      bikeId,
      'documents',
      { kind: 'receipt' },
      { name: "Kvittering (1) Ann's.pdf", type: 'application/pdf', bytes: pdf },
    );
    expect(response.statusCode, response.body).toBe(201);
    const served = await fetchUrl(response.json<BikeDocument>().url);
    expect(served.headers['content-disposition']).toBe(
      `attachment; filename="Kvittering (1) Ann's.pdf"; filename*=UTF-8''Kvittering%20%281%29%20Ann%27s.pdf`,
    );
  });

  it('re-encodes a picture document without metadata, named .webp, with a thumbnail', async () => {
    const { bikeId } = await ownersBike();
    const response = await upload(
      bikeId,
      'documents',
      { kind: 'lock_certificate' },
      await photoPart('../../certifikat.JPG'),
    );
    expect(response.statusCode, response.body).toBe(201);
    const document = response.json<BikeDocument>();
    expect(document).toMatchObject({ file_name: 'certifikat.webp', content_type: 'image/webp' });
    expect(document.thumbnail_url).not.toBeNull();
    const served = await fetchUrl(document.url);
    expect(served.headers['content-disposition']).toMatch(/^attachment; filename="certifikat.webp"/);
    expect((await sharp(served.rawPayload).metadata()).exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('SecretCam');
  });

  it('refuses what is neither a picture nor a PDF (415), and what is too large (413)', async () => {
    const { bikeId } = await ownersBike();
    const html = await upload(
      bikeId,
      'documents',
      { kind: 'other' },
      {
        name: 'receipt.pdf',
        type: 'application/pdf',
        bytes: Buffer.from('<html><script>alert(1)</script></html>'),
      },
    );
    expect(html.statusCode).toBe(415);
    const tooLarge = await upload(
      bikeId,
      'documents',
      { kind: 'other' },
      {
        name: 'big.pdf',
        type: 'application/pdf',
        bytes: Buffer.concat([pdf, Buffer.alloc(DOCUMENT_MAX_BYTES)]),
      },
    );
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json()).toMatchObject({ code: 'file_too_large', detail: expect.stringContaining('10') });
    const badKind = await upload(
      bikeId,
      'documents',
      { kind: 'frame_number' },
      { name: 'a.pdf', type: 'application/pdf', bytes: pdf },
    );
    expect(badKind.statusCode).toBe(422);
  });

  it('lets only the owner upload documents', async () => {
    const { bikeId } = await ownersBike();
    const part: FilePart = { name: 'a.pdf', type: 'application/pdf', bytes: pdf };
    expect((await upload(bikeId, 'documents', { kind: 'form' }, part, other.token)).statusCode).toBe(404);
    expect((await upload(bikeId, 'documents', { kind: 'form' }, part, staff.token)).statusCode).toBe(404);
    expect((await upload(bikeId, 'documents', { kind: 'form' }, part, null)).statusCode).toBe(401);
  });
});

describe('DELETE /api/bikes/:bike_id/pictures/:picture_id and /documents/:document_id', () => {
  it('deletes the row and its files; the address stops working', async () => {
    const { bikeId } = await ownersBike();
    const picture = await uploadPicture(bikeId, 'private');
    const row = await rowOf(picture.picture_id);
    const url = `/api/bikes/${bikeId}/pictures/${picture.picture_id}`;

    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(other.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(staff.token) })).statusCode).toBe(
      404,
    );
    expect((await t.app.inject({ method: 'DELETE', url })).statusCode).toBe(401);
    // A picture is not a document.
    const asDocument = `/api/bikes/${bikeId}/documents/${picture.picture_id}`;
    expect(
      (await t.app.inject({ method: 'DELETE', url: asDocument, headers: bearer(owner.token) })).statusCode,
    ).toBe(404);
    expect(await rowOf(picture.picture_id)).not.toBeNull();

    const deleted = await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) });
    expect(deleted.statusCode).toBe(204);
    expect(await rowOf(picture.picture_id)).toBeNull();
    expect(await storage.get(row?.storageKey as string)).toBeNull();
    expect(await storage.get(row?.thumbnailKey as string)).toBeNull();
    expect((await fetchUrl(picture.url)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'DELETE', url, headers: bearer(owner.token) })).statusCode).toBe(
      404,
    );
  });

  it('deletes a document; only under its own bike', async () => {
    const { bikeId } = await ownersBike();
    const { bikeId: otherBikeId } = await ownersBike();
    const response = await upload(bikeId, 'documents', { kind: 'form' }, await photoPart());
    const document = response.json<BikeDocument>();
    const elsewhere = await t.app.inject({
      method: 'DELETE',
      url: `/api/bikes/${otherBikeId}/documents/${document.document_id}`,
      headers: bearer(owner.token),
    });
    expect(elsewhere.statusCode).toBe(404);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/bikes/${bikeId}/documents/${document.document_id}`,
      headers: bearer(owner.token),
    });
    expect(deleted.statusCode).toBe(204);
    expect(await rowOf(document.document_id)).toBeNull();
  });
});

describe('DELETE /api/bikes/:bike_id with files', () => {
  it('answers 204 once the deletion is committed, even when storage then fails to remove the files', async () => {
    const { bikeId } = await insertBike(db(), { ownerPartyId: owner.partyId });
    const picture = await uploadPicture(bikeId, 'private');
    storage.deleteFails = true;
    try {
      const response = await t.app.inject({
        method: 'DELETE',
        url: `/api/bikes/${bikeId}`,
        headers: bearer(owner.token),
      });
      expect(response.statusCode, response.body).toBe(204);
    } finally {
      storage.deleteFails = false;
    }
    expect(await db().select().from(bikes).where(eq(bikes.id, bikeId))).toEqual([]);
    expect(await rowOf(picture.picture_id)).toBeNull();
  });
});

describe('GET /api/files/:file_id/:variant', () => {
  it('serves only with a valid signature: tampered or missing is 403', async () => {
    const { bikeId } = await ownersBike();
    const picture = await uploadPicture(bikeId, 'private');
    const url = new URL(picture.url, 'http://localhost');
    const expires = url.searchParams.get('expires') ?? '';
    const signature = url.searchParams.get('signature') ?? '';

    const attempts = [
      url.pathname,
      `${url.pathname}?expires=${expires}`,
      `${url.pathname}?expires=${expires}&signature=${signature.slice(0, -2)}xx`,
      `${url.pathname}?expires=${Number(expires) + 900}&signature=${signature}`,
      // The thumbnail's address is signed on its own.
      `${filePath(picture.picture_id, 'thumbnail')}?expires=${expires}&signature=${signature}`,
    ];
    for (const attempt of attempts) {
      const response = await fetchUrl(attempt);
      expect(response.statusCode, attempt).toBe(403);
      expect(response.json()).toMatchObject({ code: 'forbidden' });
    }
    // Another picture's signature opens nothing else.
    const second = await uploadPicture(bikeId, 'private');
    const borrowed = `${filePath(second.picture_id, 'original')}?expires=${expires}&signature=${signature}`;
    expect((await fetchUrl(borrowed)).statusCode).toBe(403);
  });

  it('refuses an expired address with 403', async () => {
    const { bikeId } = await ownersBike();
    const picture = await uploadPicture(bikeId, 'private');
    const yesterday = createFileUrlSigner(FILE_URL_SECRET, { now: () => Date.now() - 24 * 60 * 60 * 1000 });
    const expired = yesterday.sign(filePath(picture.picture_id, 'original'));
    expect((await fetchUrl(expired)).statusCode).toBe(403);
    // The same secret with a current clock works: it was the expiry, not the signature.
    const today = createFileUrlSigner(FILE_URL_SECRET);
    expect((await fetchUrl(today.sign(filePath(picture.picture_id, 'original')))).statusCode).toBe(200);
  });

  it('accepts an address signed with an accepted previous secret, and none signed with an unknown one', async () => {
    const { bikeId } = await ownersBike();
    const picture = await uploadPicture(bikeId, 'private');
    const path = filePath(picture.picture_id, 'original');
    const previous = createFileUrlSigner(PREVIOUS_FILE_URL_SECRET);
    expect((await fetchUrl(previous.sign(path))).statusCode).toBe(200);
    const unknown = createFileUrlSigner('an-unknown-secret-of-at-least-32-characters');
    expect((await fetchUrl(unknown.sign(path))).statusCode).toBe(403);
    // What the API hands out is signed with the current secret only.
    const handedOut = (await listFilesOfBikes(db(), t.app.fileUrls, [bikeId], 'owner')).get(bikeId);
    const url = new URL(handedOut?.pictures[0]?.url ?? '', 'http://localhost');
    const parts = [
      url.pathname,
      url.searchParams.get('expires') ?? '',
      url.searchParams.get('signature') ?? '',
    ] as const;
    expect(createFileUrlSigner(FILE_URL_SECRET).verify(...parts)).toBe(true);
    expect(previous.verify(...parts)).toBe(false);
  });

  it('answers 404 for a signed address of a file that does not exist, or has no thumbnail', async () => {
    const signer = createFileUrlSigner(FILE_URL_SECRET);
    expect((await fetchUrl(signer.sign(filePath(uuidv7(), 'original')))).statusCode).toBe(404);
    const { bikeId } = await ownersBike();
    const pdf = await upload(
      bikeId,
      'documents',
      { kind: 'other' },
      { name: 'x.pdf', type: 'application/pdf', bytes: Buffer.from('%PDF-1.4\n%%EOF\n') },
    );
    const documentId = pdf.json<BikeDocument>().document_id;
    expect((await fetchUrl(signer.sign(filePath(documentId, 'thumbnail')))).statusCode).toBe(404);
  });
});

describe('who is handed the addresses', () => {
  it('strangers get the public picture only: never a private picture or a document', async () => {
    const { bikeId, frameNumber } = await ownersBike();
    const publicPicture = await uploadPicture(bikeId, 'public');
    const privatePicture = await uploadPicture(bikeId, 'private');
    const framePicture = await uploadPicture(bikeId, 'frame_number');
    const receipt = (
      await upload(bikeId, 'documents', { kind: 'receipt' }, await photoPart())
    ).json<BikeDocument>();

    const publicFiles = (await listFilesOfBikes(db(), t.app.fileUrls, [bikeId], 'public')).get(bikeId);
    expect(publicFiles?.publicPicture?.picture_id).toBe(publicPicture.picture_id);
    expect(publicFiles?.pictures.map((picture) => picture.picture_id)).toEqual([publicPicture.picture_id]);
    expect(publicFiles?.documents).toEqual([]);

    const ownerFiles = (await listFilesOfBikes(db(), t.app.fileUrls, [bikeId], 'owner')).get(bikeId);
    expect(ownerFiles?.pictures).toHaveLength(3);
    expect(ownerFiles?.documents.map((document) => document.document_id)).toEqual([receipt.document_id]);

    // Through HTTP: the search answer a stranger gets.
    const search = await t.app.inject({
      method: 'GET',
      url: `/api/search?q=${encodeURIComponent(frameNumber)}`,
    });
    expect(search.statusCode, search.body).toBe(200);
    expect(search.body).toContain(publicPicture.picture_id);
    for (const hidden of [privatePicture.picture_id, framePicture.picture_id, receipt.document_id]) {
      expect(search.body).not.toContain(hidden);
    }

    // The bike's public page, for a visitor and for another signed-in user.
    for (const headers of [{}, bearer(other.token)]) {
      const page = await t.app.inject({ method: 'GET', url: `/api/bikes/${bikeId}/public`, headers });
      expect(page.statusCode, page.body).toBe(200);
      expect(page.body).toContain(publicPicture.picture_id);
      for (const hidden of [privatePicture.picture_id, framePicture.picture_id, receipt.document_id]) {
        expect(page.body).not.toContain(hidden);
      }
    }
  });
});

describe('sanitiseFileName', () => {
  it('keeps a readable name: no path, no control or direction characters, the stored extension', () => {
    expect(sanitiseFileName('Kvittering Cykel-Shop.PDF', 'pdf', 'receipt')).toBe('Kvittering Cykel-Shop.pdf');
    expect(sanitiseFileName('C:\\Users\\anna\\kvittering.jpg', 'webp', 'receipt')).toBe('kvittering.webp');
    expect(sanitiseFileName('../../etc/passwd', 'pdf', 'other')).toBe('passwd.pdf');
    expect(sanitiseFileName('invoice\u202Egpj.exe', 'pdf', 'other')).toBe('invoice_gpj.pdf');
    expect(sanitiseFileName('a\r\nb\t"c".pdf', 'pdf', 'other')).toBe('a_b_c_.pdf');
    expect(sanitiseFileName('   ...   ', 'pdf', 'form')).toBe('form.pdf');
    expect(sanitiseFileName('<>:|?*.pdf', 'pdf', 'form')).toBe('form.pdf');
    expect(sanitiseFileName('', 'webp', 'lock_certificate')).toBe('lock_certificate.webp');
    const long = sanitiseFileName(`${'æ'.repeat(300)}.pdf`, 'pdf', 'other');
    expect(Array.from(long)).toHaveLength(120);
    expect(long.endsWith('æ.pdf')).toBe(true);
  });
});
