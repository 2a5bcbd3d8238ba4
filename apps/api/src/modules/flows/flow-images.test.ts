import { randomBytes } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, signUpUser } from '../../test/identity-helpers.ts';
import { phonePhoto } from '../../test/possession-helpers.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';

let t: TestApp;
let admin: string;
let support: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
});
afterAll(async () => {
  await t?.close();
});

function upload(token: string | null, bytes: Buffer, fileName = 'plakat.jpg') {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
    ),
    bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/flows/images',
    payload,
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}`, ...(token ? bearer(token) : {}) },
  });
}

describe('the images of flows', () => {
  it('a staff admin uploads one; everyone sees it re-encoded without metadata, cacheable for good', async () => {
    const uploaded = await upload(admin, await phonePhoto());
    expect(uploaded.statusCode, uploaded.body).toBe(201);
    const { file_id: fileId, url } = uploaded.json() as { file_id: string; url: string };
    expect(url).toBe(`/api/flows/images/${fileId}`);
    expect((await latestAuditEvent(t.app.db, 'flow.image_uploaded'))?.details).toMatchObject({
      file_id: fileId,
    });

    const shown = await t.app.inject({ method: 'GET', url });
    expect(shown.statusCode).toBe(200);
    expect(shown.headers['content-type']).toBe('image/webp');
    expect(shown.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const metadata = await sharp(shown.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    // The phone's camera and GPS position stayed behind.
    expect(metadata.exif).toBeUndefined();
  });

  it('refuses what is not a picture, support staff, people and visitors, and answers 404 for an unknown image', async () => {
    expect(
      (await upload(admin, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), 'x.svg')).json(),
    ).toMatchObject({
      code: 'unsupported_file_type',
    });
    const photo = await phonePhoto();
    expect((await upload(support, photo)).statusCode).toBe(403);
    expect((await upload((await signUpUser(t.app)).token, photo)).statusCode).toBe(403);
    expect((await upload(null, photo)).statusCode).toBe(401);
    for (const id of ['0190b4a6-1c2d-7e3f-8a9b-0c1d2e3f4a5b', 'not-an-id']) {
      expect((await t.app.inject({ method: 'GET', url: `/api/flows/images/${id}` })).statusCode).toBe(404);
    }
  });
});
