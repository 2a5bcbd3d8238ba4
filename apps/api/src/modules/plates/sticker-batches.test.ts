import { stickerDigitalLink, stickerIdFromScan } from '@nbr/domain/plates';
import { and, desc, eq } from 'drizzle-orm';
import jsQR from 'jsqr';
import * as mupdf from 'mupdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { postBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, injectAs, signUpUser } from '../../test/identity-helpers.ts';
import { insertOrganisation } from '../../test/role-fixtures.ts';
import { createStaffFixtures } from '../../test/staff-fixtures.ts';
import { labelOrigin, STICKER_SHEET_LAYOUT, STICKERS_PER_PAGE } from './sticker-sheet-pdf.ts';

let t: TestApp;
let admin: string;
let support: string;
let person: string;
let insurerId: string;

beforeAll(async () => {
  t = await createTestApp();
  const staff = await createStaffFixtures(t.app);
  admin = staff.admin.token;
  support = staff.support.token;
  person = (await signUpUser(t.app)).token;
  insurerId = await insertOrganisation(t.app.db, {
    name: 'Plateforsikring A/S',
    type: 'insurance_company',
    members: [],
  });
});
afterAll(async () => {
  await t?.close();
});

const call = (token: string | null, method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

async function generate(count: number, kind = 'bike', note?: string) {
  const response = await call(admin, 'POST', '/api/backoffice/sticker-batches', { kind, count, note });
  expect(response.statusCode).toBe(201);
  return response.json<{ id: string; count: number; free: number }>();
}

async function codesOfBatch(batchId: string): Promise<string[]> {
  const sheet = await call(support, 'GET', `/api/backoffice/sticker-batches/${batchId}/sheet`);
  return decodeSheet(sheet.rawPayload).map((link) => stickerIdFromScan(link) ?? link);
}

const latestAudit = (action: string) => latestAuditEvent(t.app.db, action);

/**
 * Renders every page of the PDF at 150 dpi (MuPDF, the engine of many PDF viewers, from npm) and
 * reads the QR code of each label slot with jsQR, as a phone camera would read the printed sheet.
 * Answers what each label's code holds, in order; an empty slot ends the list.
 */
function decodeSheet(pdf: Buffer): string[] {
  const scale = 150 / 72;
  const document = mupdf.Document.openDocument(pdf, 'application/pdf');
  const found: string[] = [];
  for (let pageNumber = 0; pageNumber < document.countPages(); pageNumber += 1) {
    const pixmap = document
      .loadPage(pageNumber)
      .toPixmap(mupdf.Matrix.scale(scale, scale), mupdf.ColorSpace.DeviceRGB, false);
    const width = pixmap.getWidth();
    const pixels = pixmap.getPixels();
    for (let slot = 0; slot < STICKERS_PER_PAGE; slot += 1) {
      const origin = labelOrigin(slot);
      const left = Math.floor(origin.x * scale);
      const top = Math.floor(origin.y * scale);
      const cellWidth = Math.floor(STICKER_SHEET_LAYOUT.labelWidth * scale);
      const cellHeight = Math.floor(STICKER_SHEET_LAYOUT.labelHeight * scale);
      const rgba = new Uint8ClampedArray(cellWidth * cellHeight * 4);
      for (let y = 0; y < cellHeight; y += 1) {
        for (let x = 0; x < cellWidth; x += 1) {
          const from = ((top + y) * width + (left + x)) * 3;
          const to = (y * cellWidth + x) * 4;
          rgba.set([pixels[from] ?? 255, pixels[from + 1] ?? 255, pixels[from + 2] ?? 255, 255], to);
        }
      }
      const qr = jsQR(rgba, cellWidth, cellHeight);
      if (!qr) return found;
      found.push(qr.data);
    }
  }
  return found;
}

describe('sticker batches (backoffice /plates)', () => {
  it('admins generate a batch; support and people may not; the new batch is listed with its counts', async () => {
    const refused = await call(support, 'POST', '/api/backoffice/sticker-batches', {
      kind: 'bike',
      count: 2,
    });
    expect(refused.statusCode).toBe(403);
    expect((await call(person, 'GET', '/api/backoffice/sticker-batches')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/sticker-batches')).statusCode).toBe(401);
    const tooMany = await call(admin, 'POST', '/api/backoffice/sticker-batches', {
      kind: 'bike',
      count: 1001,
    });
    expect(tooMany.statusCode).toBe(422);

    const batch = await generate(3, 'equipment', 'Dealer spring run');
    expect(batch).toMatchObject({
      kind: 'equipment',
      count: 3,
      free: 3,
      registered: 0,
      void: 0,
      assigned_to: null,
    });
    const list = (await call(support, 'GET', '/api/backoffice/sticker-batches')).json();
    expect(list.items[0]).toMatchObject({ id: batch.id, note: 'Dealer spring run', count: 3 });
    const audit = await latestAudit('plates.batch_created');
    expect(audit?.details).toMatchObject({ batch_id: batch.id, kind: 'equipment', count: 3 });
  });

  it('the PDF sheet decodes back: every label holds its sticker’s GS1 Digital Link, over two pages', async () => {
    const batch = await generate(STICKERS_PER_PAGE + 2);
    const sheet = await call(support, 'GET', `/api/backoffice/sticker-batches/${batch.id}/sheet`);
    expect(sheet.statusCode).toBe(200);
    expect(sheet.headers['content-type']).toBe('application/pdf');
    expect(sheet.headers['cache-control']).toContain('no-store');
    const links = decodeSheet(sheet.rawPayload);
    expect(links).toHaveLength(STICKERS_PER_PAGE + 2);
    const publicUrl = t.config.publicUrl;
    for (const link of links) {
      const code = stickerIdFromScan(link);
      expect(code).not.toBeNull();
      expect(link).toBe(stickerDigitalLink(publicUrl, t.config.stickerGtin, code ?? ''));
      const history = await call(support, 'GET', `/api/backoffice/stickers/${code}`);
      expect(history.json()).toMatchObject({ code, batch_id: batch.id, status: 'free' });
    }
    expect(new Set(links).size).toBe(links.length);
    expect((await call(person, 'GET', `/api/backoffice/sticker-batches/${batch.id}/sheet`)).statusCode).toBe(
      403,
    );
    expect((await call(support, 'GET', '/api/backoffice/sticker-batches/nope/sheet')).statusCode).toBe(404);
  });

  it('admins hand a batch to an insurer and take it back, audited with before and after', async () => {
    const batch = await generate(1, 'insurance');
    const found = (
      await call(support, 'GET', '/api/backoffice/sticker-batches/assignees?query=plateforsik')
    ).json();
    expect(found).toEqual([{ party_id: insurerId, name: 'Plateforsikring A/S', type: 'insurance_company' }]);
    const url = `/api/backoffice/sticker-batches/${batch.id}/assignment`;
    expect((await call(support, 'PUT', url, { organisation_party_id: insurerId })).statusCode).toBe(403);
    const assigned = await call(admin, 'PUT', url, { organisation_party_id: insurerId });
    expect(assigned.statusCode).toBe(200);
    expect(assigned.json().assigned_to).toMatchObject({ party_id: insurerId, name: 'Plateforsikring A/S' });
    expect((await latestAudit('plates.batch_assigned'))?.details).toMatchObject({
      batch_id: batch.id,
      before: { organisation_party_id: null },
      after: { organisation_party_id: insurerId },
      organisation_party_id: insurerId,
    });
    const [code] = await codesOfBatch(batch.id);
    const history = (await call(support, 'GET', `/api/backoffice/stickers/${code}`)).json();
    expect(history.events.map((event: { event: string }) => event.event)).toEqual(['created', 'assigned']);
    expect(history.events[1].detail).toBe('Plateforsikring A/S');

    const back = await call(admin, 'PUT', url, { organisation_party_id: null });
    expect(back.json().assigned_to).toBeNull();
    expect((await latestAudit('plates.batch_assigned'))?.details).toMatchObject({
      before: { organisation_party_id: insurerId },
      after: { organisation_party_id: null },
    });
    const unknown = await call(admin, 'PUT', url, {
      organisation_party_id: '01900000-0000-7000-8000-000000000000',
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('support voids a lost code with a reason: registration refuses it in the person’s language, the history says so', async () => {
    const batch = await generate(2);
    const [lost, used] = await codesOfBatch(batch.id);
    const owner = await signUpOwner(t.app, 2);
    const onBike = await postBike(t.app, owner.token, { nickname: 'Mine', plate_id: used });
    expect(onBike.statusCode).toBe(201);

    expect(
      (await call(person, 'POST', `/api/backoffice/stickers/${lost}/void`, { reason: 'x' })).statusCode,
    ).toBe(403);
    expect(
      (await call(support, 'POST', `/api/backoffice/stickers/${lost}/void`, { reason: ' ' })).statusCode,
    ).toBe(422);
    const voided = await call(support, 'POST', `/api/backoffice/stickers/${lost}/void`, {
      reason: 'Lost in the post to the dealer',
    });
    expect(voided.statusCode).toBe(200);
    expect(voided.json()).toMatchObject({ code: lost, status: 'void' });
    expect(voided.json().events.at(-1)).toMatchObject({
      event: 'voided',
      detail: 'Lost in the post to the dealer',
    });
    const [audit] = await t.app.db
      .select()
      .from(auditEvents)
      .where(and(eq(auditEvents.action, 'plates.sticker_voided')))
      .orderBy(desc(auditEvents.createdAt))
      .limit(1);
    expect(audit?.details).toMatchObject({
      code: lost,
      before: { status: 'free' },
      after: { status: 'void' },
      reason: 'Lost in the post to the dealer',
    });

    const again = await call(support, 'POST', `/api/backoffice/stickers/${lost}/void`, { reason: 'again' });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('sticker_not_voidable');
    const registered = await call(support, 'POST', `/api/backoffice/stickers/${used}/void`, { reason: 'x' });
    expect(registered.json().code).toBe('sticker_not_voidable');
    const activated = (await call(support, 'GET', `/api/backoffice/stickers/${used}`)).json();
    expect(activated).toMatchObject({ status: 'registered', bike_id: onBike.json().bike_id });
    expect(activated.events.map((event: { event: string }) => event.event)).toEqual(['created', 'activated']);

    const refused = await t.app.inject({
      method: 'POST',
      url: '/api/bikes/',
      headers: bearer(owner.token, { 'accept-language': 'da' }),
      payload: { nickname: 'Ny', plate_id: lost },
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'plate_id'],
        type: 'plate_id_invalid',
        msg: expect.stringContaining('Oblat-ID'),
      }),
    ]);
    expect((await call(support, 'GET', '/api/backoffice/stickers/NOSUCH99')).statusCode).toBe(404);
  });
});
