import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { bikeFiles, bikes } from '../../db/schema/bikes.ts';
import { insurancePolicies, insuredItemUploads } from '../../db/schema/insurance.ts';
import { printStickers, registerBike, signUpOwner } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, TEST_PASSWORD, type TestUser } from '../../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, type TestInsurer, testProduct } from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { act, offerBike, ownerWithBike, signUpConfirmed } from '../../test/ownership-fixtures.ts';
import { linkUpload, uploadBikePicture } from '../../test/possession-helpers.ts';
import { switchInto } from '../../test/role-fixtures.ts';

/*
 * Issue 16 §2 and §5 through HTTP: the holder's proof of possession of an insured bike (uploads
 * through the bike's own file calls, linked per kind, sent for checking) and our staff's check of
 * it, tried as the holder, another person, the staff of the policy's insurer and of another
 * insurer, our support and admin staff, staff switched into the holder and a visitor.
 */

let t: TestApp;
let support: TestUser;
let staffAdmin: TestUser;
let insurerA: TestInsurer;
let insurerB: TestInsurer;
let holder: TestUser;
let other: TestUser;
let bikeId: string;
let otherBikeId: string;
let policyId: string;
let itemId: string;

beforeAll(async () => {
  t = await createTestApp();
  staffAdmin = await signUpStaff(t.app, 'admin');
  support = await signUpStaff(t.app, 'support');
  insurerA = await createInsurer(t.app, staffAdmin.token, { products: [testProduct('bike_theft')] });
  insurerB = await createInsurer(t.app, staffAdmin.token, { products: [testProduct('bike_theft')] });
  holder = await signUpOwner(t.app, 5);
  other = await signUpOwner(t.app, 5);
  bikeId = (
    await registerBike(t.app, holder.token, {
      category: 'city',
      price: 8_000,
      purchase_date: '2025-04-01',
    })
  ).bike_id;
  otherBikeId = (await registerBike(t.app, holder.token, { category: 'city' })).bike_id;
  const policy = await appliedPolicy(t.app, holder.token, {
    insurer_party_id: insurerA.partyId,
    coverage: 'bike_theft',
    number_of_bikes: 1,
    bike_ids: [bikeId],
  });
  policyId = policy.id;
  itemId = (policy.insured_items as Array<{ id: string }>)[0]!.id;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function call(
  method: 'GET' | 'POST' | 'PUT' | 'DELETE',
  url: string,
  token: string | null,
  payload?: unknown,
) {
  return t.app.inject({
    method,
    url,
    headers: token ? bearer(token) : {},
    ...(payload !== undefined ? { payload: payload as Record<string, unknown> } : {}),
  });
}

const possessionUrl = () => `/api/insurance/insured-items/${itemId}/possession/`;
const verificationUrl = (suffix = '') => `/api/backoffice/insurance-verifications/${itemId}/${suffix}`;

async function auditRows(action: string) {
  return t.app.db
    .select()
    .from(auditEvents)
    .where(and(eq(auditEvents.action, action), eq(auditEvents.targetPartyId, holder.partyId)));
}

async function itemOnPolicy(token: string) {
  const response = await call('GET', `/api/insurance/policies/${policyId}/`, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().insured_items[0];
}

describe('what an insured bike still needs', () => {
  it('is on the policy: the product’s uploads and the bike’s missing type', async () => {
    expect(await itemOnPolicy(holder.token)).toMatchObject({
      id: itemId,
      verification_status: 'needs_uploads',
      missing_uploads: ['frame_number', 'receipt', 'lock_proof'],
      missing_details: ['type'],
      rejection_reason: null,
    });
  });

  it('comes with the product’s name and terms in every language, for the hub', async () => {
    const policy = (await call('GET', `/api/insurance/policies/${policyId}/`, holder.token)).json();
    expect(policy.product).toEqual({
      names: { da: 'Testdækning', en: 'Test cover', no: 'Testdekning' },
      terms: { da: 'Vilkår', en: 'Terms', no: 'Vilkår (no)' },
    });
  });
});

describe('GET /api/insurance/insured-items/{id}/possession/', () => {
  it('shows the proof to the holder, the insurer’s staff and ours; 404 to everyone else', async () => {
    const switched = await switchInto(t.app, support.token, holder.partyId);
    for (const token of [holder.token, insurerA.staff.token, support.token, staffAdmin.token, switched]) {
      const response = await call('GET', possessionUrl(), token);
      expect(response.statusCode, response.body).toBe(200);
      expect(response.json()).toMatchObject({
        insured_item_id: itemId,
        policy_id: policyId,
        bike_id: bikeId,
        required_uploads: ['frame_number', 'receipt', 'lock_proof'],
        uploads: [],
      });
    }
    for (const token of [other.token, insurerB.staff.token]) {
      expect((await call('GET', possessionUrl(), token)).statusCode).toBe(404);
    }
    expect((await call('GET', possessionUrl(), null)).statusCode).toBe(401);
    expect(
      (await call('GET', '/api/insurance/insured-items/not-an-id/possession/', holder.token)).statusCode,
    ).toBe(404);
  });

  it('audits our staff’s look (it shows the holder’s receipt)', async () => {
    const before = (await auditRows('insurance.verification_viewed_by_staff')).length;
    await call('GET', possessionUrl(), support.token);
    const rows = await auditRows('insurance.verification_viewed_by_staff');
    expect(rows).toHaveLength(before + 1);
    expect(rows.at(-1)).toMatchObject({ actorPartyId: support.partyId });
  });
});

describe('the holder gives the proof', () => {
  let framePicture: string;

  it('links a picture uploaded through the bike, served without the camera’s metadata', async () => {
    framePicture = await uploadBikePicture(t.app, holder.token, bikeId, 'frame_number');
    const response = await linkUpload(t.app, holder.token, itemId, framePicture, 'frame_number');
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body.uploads).toEqual([
      expect.objectContaining({ kind: 'frame_number', file_id: framePicture, file_class: 'picture' }),
    ]);
    expect(body.missing_uploads).toEqual(['receipt', 'lock_proof']);

    const served = await t.app.inject({ method: 'GET', url: body.uploads[0].url });
    expect(served.statusCode).toBe(200);
    const metadata = await sharp(served.rawPayload).metadata();
    expect(metadata.format).toBe('webp');
    expect(metadata.exif).toBeUndefined();
    expect(served.rawPayload.toString('latin1')).not.toContain('SecretCam');

    const [audit] = await auditRows('insurance.possession_upload_added');
    expect(audit).toMatchObject({ actorPartyId: holder.partyId });
    expect(audit?.details).toMatchObject({
      insured_item_id: itemId,
      kind: 'frame_number',
      file_id: framePicture,
    });
  });

  it('lets nobody else link or remove uploads (404; switched staff 403; visitor 401)', async () => {
    const picture = await uploadBikePicture(t.app, holder.token, bikeId, 'receipt');
    for (const token of [other.token, insurerA.staff.token, insurerB.staff.token, support.token]) {
      const response = await linkUpload(t.app, token, itemId, picture, 'receipt');
      expect(response.statusCode, response.body).toBe(404);
    }
    const switched = await switchInto(t.app, support.token, holder.partyId);
    expect((await linkUpload(t.app, switched, itemId, picture, 'receipt')).statusCode).toBe(403);
    expect(
      (await call('POST', `${possessionUrl()}uploads/`, null, { kind: 'receipt', file_id: picture }))
        .statusCode,
    ).toBe(401);
    const upload = (await call('GET', possessionUrl(), holder.token)).json().uploads[0].id;
    expect((await call('DELETE', `${possessionUrl()}uploads/${upload}/`, other.token)).statusCode).toBe(404);
    expect((await call('GET', possessionUrl(), holder.token)).json().uploads).toHaveLength(1);
  });

  it('answers 422 for a file of another bike or of another kind, and changes nothing', async () => {
    const elsewhere = await uploadBikePicture(t.app, holder.token, otherBikeId, 'receipt');
    const notThisBike = await linkUpload(t.app, holder.token, itemId, elsewhere, 'receipt');
    expect(notThisBike.statusCode).toBe(422);
    expect(notThisBike.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'file_not_found' });

    const wrongKind = await linkUpload(t.app, holder.token, itemId, framePicture, 'receipt');
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().detail[0]).toMatchObject({ type: 'upload_kind_mismatch' });

    const badKind = await linkUpload(t.app, holder.token, itemId, framePicture, 'selfie');
    expect(badKind.statusCode).toBe(422);
    expect((await call('GET', possessionUrl(), holder.token)).json().uploads).toHaveLength(1);
  });

  it('moves a file linked as one kind to another, so it proves one thing only', async () => {
    const picture = await uploadBikePicture(t.app, holder.token, bikeId, 'private');
    const asMain = await linkUpload(t.app, holder.token, itemId, picture, 'main_image');
    expect(asMain.statusCode, asMain.body).toBe(200);
    const moved = await linkUpload(t.app, holder.token, itemId, picture, 'other_images');
    expect(moved.statusCode, moved.body).toBe(200);
    const linked = moved.json().uploads.filter((upload: { file_id: string }) => upload.file_id === picture);
    expect(linked).toEqual([expect.objectContaining({ kind: 'other_images' })]);
    const removed = await call('DELETE', `${possessionUrl()}uploads/${linked[0].id}/`, holder.token);
    expect(removed.json().uploads.map((upload: { kind: string }) => upload.kind)).toEqual(['frame_number']);
  });

  it('refuses to send while something is missing (409 possession_incomplete), then sends', async () => {
    const incomplete = await call('POST', `${possessionUrl()}submit/`, holder.token);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe('possession_incomplete');

    await linkUpload(
      t.app,
      holder.token,
      itemId,
      await uploadBikePicture(t.app, holder.token, bikeId, 'receipt'),
      'receipt',
    );
    await linkUpload(
      t.app,
      holder.token,
      itemId,
      await uploadBikePicture(t.app, holder.token, bikeId, 'lock_proof'),
      'lock_proof',
    );
    // Every upload is there, but the bike has no type yet.
    expect((await call('POST', `${possessionUrl()}submit/`, holder.token)).json().code).toBe(
      'possession_incomplete',
    );
    const typed = await t.app.inject({
      method: 'PATCH',
      url: `/api/bikes/${bikeId}/`,
      headers: bearer(holder.token),
      payload: { type: 'unisex' },
    });
    expect(typed.statusCode, typed.body).toBe(200);

    expect((await call('POST', `${possessionUrl()}submit/`, other.token)).statusCode).toBe(404);
    const sent = await call('POST', `${possessionUrl()}submit/`, holder.token);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({
      verification_status: 'pending',
      missing_uploads: [],
      missing_details: [],
    });
    expect(await itemOnPolicy(insurerA.staff.token)).toMatchObject({ verification_status: 'pending' });
    expect(await auditRows('insurance.possession_submitted')).toHaveLength(1);
  });

  it('cannot change a sent proof (409 possession_not_editable)', async () => {
    const response = await linkUpload(t.app, holder.token, itemId, framePicture, 'main_image');
    expect(response.statusCode).toBe(409);
    expect(response.json().code).toBe('possession_not_editable');
  });
});

describe('our staff check it', () => {
  it('lists waiting bikes per insurer with counts, for our staff only', async () => {
    for (const token of [support.token, staffAdmin.token]) {
      const response = await call('GET', '/api/backoffice/insurance-verifications/', token);
      expect(response.statusCode, response.body).toBe(200);
      const queue = response.json();
      expect(queue.insurers).toEqual([expect.objectContaining({ party_id: insurerA.partyId, pending: 1 })]);
      expect(queue.items).toEqual([
        expect.objectContaining({
          insured_item_id: itemId,
          policy_id: policyId,
          submitted_at: expect.any(String),
        }),
      ]);
    }
    const ofB = await call(
      'GET',
      `/api/backoffice/insurance-verifications/?insurer=${insurerB.partyId}`,
      support.token,
    );
    expect(ofB.json().items).toEqual([]);
    for (const token of [holder.token, insurerA.staff.token]) {
      expect((await call('GET', '/api/backoffice/insurance-verifications/', token)).statusCode).toBe(403);
      expect((await call('GET', verificationUrl(), token)).statusCode).toBe(403);
    }
    expect((await call('GET', '/api/backoffice/insurance-verifications/', null)).statusCode).toBe(401);
  });

  it('shows the uploads beside the register’s frame number, price and purchase date', async () => {
    const response = await call('GET', verificationUrl(), support.token);
    expect(response.statusCode, response.body).toBe(200);
    const [bike] = await t.app.db.select().from(bikes).where(eq(bikes.id, bikeId));
    expect(response.json()).toMatchObject({
      verification_status: 'pending',
      insurer: { party_id: insurerA.partyId },
      holder: { email: holder.email },
      steps: { frame_number: null, plate: null, receipt: null },
      applicable_steps: ['frame_number', 'receipt'],
      register: {
        frame_number: bike?.frameNumber,
        plate_id: null,
        price: 8_000,
        purchase_date: '2025-04-01',
        category: 'city',
        type: 'unisex',
      },
    });
    expect(response.json().uploads.map((upload: { kind: string }) => upload.kind)).toEqual([
      'frame_number',
      'receipt',
      'lock_proof',
    ]);
  });

  it('approves only once every step is confirmed; each step audited before → after', async () => {
    const early = await call('POST', verificationUrl('approve/'), support.token);
    expect(early.statusCode).toBe(409);
    expect(early.json().code).toBe('verification_steps_open');

    const step = await call('PUT', verificationUrl('steps/'), support.token, { frame_number: false });
    expect(step.statusCode, step.body).toBe(200);
    expect(step.json().steps).toEqual({ frame_number: false, plate: null, receipt: null });
    const [audit] = await auditRows('insurance.verification_step_decided');
    expect(audit).toMatchObject({ actorPartyId: support.partyId });
    expect(audit?.details).toMatchObject({
      before: { frame_number: null, plate: null, receipt: null },
      after: { frame_number: false, plate: null, receipt: null },
    });
    expect(
      (await call('PUT', verificationUrl('steps/'), support.token, { frame_number: 'yes' })).statusCode,
    ).toBe(422);
  });

  it('sends it back with a reason: mailed, shown to the holder, the status seen by the insurer', async () => {
    const empty = await call('POST', verificationUrl('reject/'), support.token, { reason: '  ' });
    expect(empty.statusCode).toBe(422);
    expect((await call('GET', verificationUrl(), support.token)).json().verification_status).toBe('pending');

    const reason = 'Stelnummeret på billedet kan ikke læses.';
    const rejected = await call('POST', verificationUrl('reject/'), support.token, { reason });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({ verification_status: 'rejected', rejection_reason: reason });

    const mail = await latestMail(t.app.db, holder.email, 'insurance_possession_rejected');
    expect(mail.text).toContain(reason);
    expect(mail.links).toContain(
      `http://localhost:3000/insurance/${insurerA.partyId}/policy/${policyId}/hub`,
    );
    expect(await itemOnPolicy(holder.token)).toMatchObject({
      verification_status: 'rejected',
      rejection_reason: reason,
      missing_uploads: [],
    });
    expect(await itemOnPolicy(insurerA.staff.token)).toMatchObject({ verification_status: 'rejected' });
    const [audit] = await auditRows('insurance.verification_rejected');
    expect(audit?.details).toMatchObject({
      before: { status: 'pending' },
      after: { status: 'rejected', reason },
    });
    expect((await call('PUT', verificationUrl('steps/'), support.token, { plate: true })).statusCode).toBe(
      409,
    );
  });

  it('lets the holder change and send it again, and staff approve it: verified everywhere', async () => {
    const possession = (await call('GET', possessionUrl(), holder.token)).json();
    const frame = possession.uploads.find((upload: { kind: string }) => upload.kind === 'frame_number');
    const removed = await call('DELETE', `${possessionUrl()}uploads/${frame.id}/`, holder.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(removed.json().missing_uploads).toEqual(['frame_number']);
    // The file stays among the bike's pictures.
    expect(await t.app.db.select().from(bikeFiles).where(eq(bikeFiles.id, frame.file_id))).toHaveLength(1);
    await linkUpload(
      t.app,
      holder.token,
      itemId,
      await uploadBikePicture(t.app, holder.token, bikeId, 'frame_number'),
      'frame_number',
    );
    const again = await call('POST', `${possessionUrl()}submit/`, holder.token);
    expect(again.json()).toMatchObject({ verification_status: 'pending', rejection_reason: null });
    expect((await call('GET', verificationUrl(), staffAdmin.token)).json().steps).toEqual({
      frame_number: null,
      plate: null,
      receipt: null,
    });

    await call('PUT', verificationUrl('steps/'), staffAdmin.token, { frame_number: true, receipt: true });
    const approved = await call('POST', verificationUrl('approve/'), staffAdmin.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().verification_status).toBe('verified');
    await latestMail(t.app.db, holder.email, 'insurance_possession_verified');
    expect(await itemOnPolicy(holder.token)).toMatchObject({
      verification_status: 'verified',
      rejection_reason: null,
    });
    expect(await itemOnPolicy(insurerA.staff.token)).toMatchObject({ verification_status: 'verified' });
    const [audit] = await auditRows('insurance.verification_approved');
    expect(audit).toMatchObject({ actorPartyId: staffAdmin.partyId });
    expect(audit?.details).toMatchObject({ before: { status: 'pending' }, after: { status: 'verified' } });
    expect((await call('POST', verificationUrl('approve/'), staffAdmin.token)).statusCode).toBe(409);
    expect(
      (await call('GET', '/api/backoffice/insurance-verifications/', support.token)).json().items,
    ).toEqual([]);
  });
});

describe('a bike with a plate and a product that asks for no uploads', () => {
  it('is sent for checking at once, and needs the plate confirmed before it is approved', async () => {
    const insurer = await createInsurer(t.app, staffAdmin.token, {
      products: [testProduct('bike_theft', { required_uploads: [] })],
    });
    const owner = await signUpOwner(t.app, 5);
    const [plate] = await printStickers(t.app, 1);
    const plated = (
      await registerBike(t.app, owner.token, { category: 'cargo', type: 'female', plate_id: plate })
    ).bike_id;
    const policy = await appliedPolicy(t.app, owner.token, {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [plated],
    });
    const item = (policy.insured_items as Array<{ id: string; verification_status: string }>)[0]!;
    expect(item.verification_status).toBe('pending');
    const url = `/api/backoffice/insurance-verifications/${item.id}/`;

    const queue = (
      await call('GET', `/api/backoffice/insurance-verifications/?insurer=${insurer.partyId}`, support.token)
    ).json();
    expect(queue.items.map((entry: { insured_item_id: string }) => entry.insured_item_id)).toEqual([item.id]);
    const seen = (await call('GET', url, support.token)).json();
    expect(seen).toMatchObject({
      applicable_steps: ['plate'],
      register: { plate_id: plate, type: 'female' },
    });

    expect((await call('POST', `${url}approve/`, support.token)).json().code).toBe('verification_steps_open');
    await call('PUT', `${url}steps/`, support.token, { plate: false });
    expect((await call('POST', `${url}approve/`, support.token)).json().code).toBe('verification_steps_open');
    await call('PUT', `${url}steps/`, support.token, { plate: true });
    const approved = await call('POST', `${url}approve/`, support.token);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ verification_status: 'verified', steps: { plate: true } });
  });
});

describe('a closed policy', () => {
  it('takes its waiting bikes out of the queue', async () => {
    const owner = await signUpOwner(t.app, 5);
    const insurer = await createInsurer(t.app, staffAdmin.token, {
      products: [testProduct('bike_theft', { required_uploads: [] })],
    });
    const bike = (await registerBike(t.app, owner.token, { category: 'city', type: 'male' })).bike_id;
    const policy = await appliedPolicy(t.app, owner.token, {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bike],
    });
    const queueOf = async () =>
      (
        await call(
          'GET',
          `/api/backoffice/insurance-verifications/?insurer=${insurer.partyId}`,
          support.token,
        )
      ).json();
    expect((await queueOf()).items).toHaveLength(1);
    await t.app.db
      .update(insurancePolicies)
      .set({ status: 'cancelled' })
      .where(eq(insurancePolicies.id, policy.id));
    const queue = await queueOf();
    expect(queue.items).toEqual([]);
    expect(queue.insurers.map((entry: { party_id: string }) => entry.party_id)).not.toContain(
      insurer.partyId,
    );
  });
});

describe('personal data', () => {
  it('exports the uploads and removes their files from storage when the account goes', async () => {
    const exported = await call('GET', '/api/identities/me/export', holder.token);
    expect(exported.statusCode, exported.body).toBe(200);
    const uploads = exported.json().insurance_possession_uploads;
    expect(uploads).toHaveLength(3);
    expect(uploads[0]).toMatchObject({ insured_item_id: itemId, kind: expect.any(String) });

    const files = await t.app.db
      .select({ storageKey: bikeFiles.storageKey })
      .from(insuredItemUploads)
      .innerJoin(bikeFiles, eq(bikeFiles.id, insuredItemUploads.bikeFileId));
    expect(files.length).toBeGreaterThan(0);
    for (const file of files) expect(await t.app.fileStorage.get(file.storageKey)).not.toBeNull();

    const deleted = await call('DELETE', `/api/identities/${holder.partyId}/`, holder.token, {
      confirm_data_copy: true,
      confirm_legal_retention: true,
      confirm_insurance_consequences: true,
      confirm_permanent: true,
      password: TEST_PASSWORD,
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await t.app.db.select().from(insuredItemUploads)).toEqual([]);
    for (const file of files) expect(await t.app.fileStorage.get(file.storageKey)).toBeNull();
  });
});

describe('a bike that changed hands', () => {
  it('takes only the new holder’s own files as proof, never a receipt the earlier owner left (issue 27)', async () => {
    const { owner: seller, bikeId: soldBikeId } = await ownerWithBike(t.app);
    const buyer = await signUpConfirmed(t.app);
    const sellersReceipt = await uploadBikePicture(t.app, seller.token, soldBikeId, 'receipt');
    const { transferId } = await offerBike(t.app, seller.token, soldBikeId, buyer.email);
    expect((await act(t.app, buyer.token, transferId, 'accept')).statusCode).toBe(200);

    const policy = await appliedPolicy(t.app, buyer.token, {
      insurer_party_id: insurerA.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [soldBikeId],
    });
    const boughtItemId = (policy.insured_items as Array<{ id: string }>)[0]!.id;
    const refused = await linkUpload(t.app, buyer.token, boughtItemId, sellersReceipt, 'receipt');
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'file_not_found' });

    const ownReceipt = await uploadBikePicture(t.app, buyer.token, soldBikeId, 'receipt');
    const linked = await linkUpload(t.app, buyer.token, boughtItemId, ownReceipt, 'receipt');
    expect(linked.statusCode, linked.body).toBe(200);
  });
});
