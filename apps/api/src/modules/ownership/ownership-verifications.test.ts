import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeFiles } from '../../db/schema/bikes.ts';
import { ownershipVerifications } from '../../db/schema/ownership.ts';
import { storeBikeFile } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, signUpUser, TEST_PASSWORD } from '../../test/identity-helpers.ts';
import {
  act,
  get,
  offerBike,
  ownerWithBike,
  setName,
  signUpConfirmed,
} from '../../test/ownership-fixtures.ts';
import { grantStaffRole } from '../../test/role-fixtures.ts';

describe('ownership verification', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  function put(token: string, bikeId: string, step: 'frame' | 'owner', payload: Record<string, unknown>) {
    return t.app.inject({
      method: 'PUT',
      url: `/api/bikes/${bikeId}/ownership-verification/${step}`,
      headers: bearer(token),
      payload,
    });
  }

  function post(token: string, url: string, payload?: Record<string, unknown>) {
    return t.app.inject({ method: 'POST', url, headers: bearer(token), ...(payload ? { payload } : {}) });
  }

  it('the owner fills both steps and submits; staff approve; a new owner starts over', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    const stranger = await signUpUser(t.app);
    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    const url = `/api/bikes/${bikeId}/ownership-verification`;

    expect((await get(t.app, owner.token, url)).json()).toMatchObject({
      status: 'not_started',
      verification_id: null,
    });
    expect((await get(t.app, stranger.token, url)).statusCode).toBe(404);
    expect((await get(t.app, null, url)).statusCode).toBe(401);

    const framePicture = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: owner.partyId,
      kind: 'frame_number',
    });
    const publicPicture = await storeBikeFile(t.app, { bikeId, ownerPartyId: owner.partyId, kind: 'public' });
    const receipt = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: owner.partyId,
      kind: 'receipt',
      fileClass: 'document',
    });

    const wrongKind = await put(owner.token, bikeId, 'frame', {
      frame_number: frameNumber,
      picture_id: publicPicture.id,
    });
    expect(wrongKind.statusCode).toBe(422);
    expect(wrongKind.json().detail[0]).toMatchObject({ loc: ['body', 'picture_id'], type: 'file_not_found' });
    const mismatch = await put(owner.token, bikeId, 'frame', {
      frame_number: 'WDA12345Z',
      picture_id: framePicture.id,
    });
    expect(mismatch.json().detail[0]).toMatchObject({
      loc: ['body', 'frame_number'],
      type: 'frame_number_mismatch',
    });
    expect(
      (await put(stranger.token, bikeId, 'frame', { frame_number: frameNumber, picture_id: framePicture.id }))
        .statusCode,
    ).toBe(404);

    // Compared by normalised key: lower case and dashes are the same number.
    const spaced = `${frameNumber.slice(0, 4)}-${frameNumber.slice(4)}`.toLowerCase();
    const frame = await put(owner.token, bikeId, 'frame', {
      frame_number: spaced,
      picture_id: framePicture.id,
    });
    expect(frame.statusCode, frame.body).toBe(200);
    expect(frame.json()).toMatchObject({ status: 'draft', frame_step_done: true, owner_step_done: false });

    const incomplete = await post(owner.token, `${url}/submit`);
    expect(incomplete.statusCode).toBe(409);
    expect(incomplete.json().code).toBe('verification_incomplete');

    const notProof = await put(owner.token, bikeId, 'owner', { file_id: publicPicture.id });
    expect(notProof.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'file_not_found' });
    const proof = await put(owner.token, bikeId, 'owner', {
      file_id: receipt.id,
      note: 'Kvittering fra butikken',
    });
    expect(proof.json()).toMatchObject({ owner_step_done: true, note: 'Kvittering fra butikken' });

    const submitted = await post(owner.token, `${url}/submit`);
    expect(submitted.json()).toMatchObject({ status: 'submitted' });
    const locked = await put(owner.token, bikeId, 'owner', { file_id: receipt.id });
    expect(locked.statusCode).toBe(409);
    expect(locked.json().code).toBe('verification_not_editable');

    expect((await get(t.app, owner.token, '/api/backoffice/ownership-verifications')).statusCode).toBe(403);
    const queue = await get(t.app, staff.token, '/api/backoffice/ownership-verifications');
    expect(queue.statusCode).toBe(200);
    const item = queue.json().find((entry: { bike_id: string }) => entry.bike_id === bikeId);
    expect(item).toMatchObject({ status: 'submitted', owner_name: 'Anna Afsender' });
    expect(item.frame_picture_url).toContain(`/api/files/${framePicture.id}/original`);
    expect(item.proof_file_url).toContain(`/api/files/${receipt.id}/original`);

    const verificationId = submitted.json().verification_id;
    expect(
      (await post(owner.token, `/api/backoffice/ownership-verifications/${verificationId}/approve`))
        .statusCode,
    ).toBe(403);
    const approved = await post(
      staff.token,
      `/api/backoffice/ownership-verifications/${verificationId}/approve`,
    );
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json().status).toBe('approved');
    expect((await get(t.app, owner.token, `/api/bikes/${bikeId}`)).json().owner_verified).toBe(true);
    await latestMail(t.app.db, owner.email, 'ownership_verification_approved');
    const twice = await post(
      staff.token,
      `/api/backoffice/ownership-verifications/${verificationId}/approve`,
    );
    expect(twice.statusCode).toBe(409);

    // The bike changes hands: the new owner's verification starts over, the bike is not verified.
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
    expect((await act(t.app, recipient.token, transferId, 'accept')).statusCode).toBe(200);
    expect((await get(t.app, recipient.token, url)).json()).toMatchObject({ status: 'not_started' });
    expect((await get(t.app, recipient.token, `/api/bikes/${bikeId}`)).json().owner_verified).toBe(false);
  });

  it('staff approving while the owner edits: the approval wins, the edit is refused, nothing fails', async () => {
    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    for (let round = 0; round < 6; round += 1) {
      const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
      const url = `/api/bikes/${bikeId}/ownership-verification`;
      const framePicture = await storeBikeFile(t.app, {
        bikeId,
        ownerPartyId: owner.partyId,
        kind: 'frame_number',
      });
      const receipt = await storeBikeFile(t.app, { bikeId, ownerPartyId: owner.partyId, kind: 'receipt' });
      await put(owner.token, bikeId, 'frame', { frame_number: frameNumber, picture_id: framePicture.id });
      await put(owner.token, bikeId, 'owner', { file_id: receipt.id });
      const verificationId = (await post(owner.token, `${url}/submit`)).json().verification_id;

      const [approved, edited] = await Promise.all([
        post(staff.token, `/api/backoffice/ownership-verifications/${verificationId}/approve`),
        put(owner.token, bikeId, 'owner', { file_id: receipt.id }),
      ]);
      expect(approved.statusCode, approved.body).toBe(200);
      expect(edited.statusCode, edited.body).toBe(409);
      expect(edited.json().code).toBe('verification_not_editable');
      expect((await get(t.app, owner.token, url)).json()).toMatchObject({ status: 'approved' });
    }
  });

  it('a rejected verification can be corrected and submitted again', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'admin');
    const url = `/api/bikes/${bikeId}/ownership-verification`;
    const framePicture = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: owner.partyId,
      kind: 'frame_number',
    });
    const receipt = await storeBikeFile(t.app, { bikeId, ownerPartyId: owner.partyId, kind: 'receipt' });
    await put(owner.token, bikeId, 'frame', { frame_number: frameNumber, picture_id: framePicture.id });
    await put(owner.token, bikeId, 'owner', { file_id: receipt.id });
    const verificationId = (await post(owner.token, `${url}/submit`)).json().verification_id;

    const noReason = await post(
      staff.token,
      `/api/backoffice/ownership-verifications/${verificationId}/reject`,
      {},
    );
    expect(noReason.statusCode).toBe(422);
    const rejected = await post(
      staff.token,
      `/api/backoffice/ownership-verifications/${verificationId}/reject`,
      {
        reason: 'Kvitteringen kan ikke læses',
      },
    );
    expect(rejected.json()).toMatchObject({
      status: 'rejected',
      rejection_reason: 'Kvitteringen kan ikke læses',
    });
    const mail = await latestMail(t.app.db, owner.email, 'ownership_verification_rejected');
    expect(mail.text).toContain('Kvitteringen kan ikke læses');

    const edited = await put(owner.token, bikeId, 'owner', { file_id: receipt.id });
    expect(edited.json()).toMatchObject({ status: 'draft' });
    expect((await post(owner.token, `${url}/submit`)).json()).toMatchObject({
      status: 'submitted',
      rejection_reason: null,
    });
  });

  it('files stay with whoever uploaded them: after a transfer the new owner cannot list, open, delete or hand in the old owner’s, and staff see whose each proof is', async () => {
    const { owner: mette, bikeId, frameNumber } = await ownerWithBike(t.app);
    const soren = await signUpConfirmed(t.app);
    await setName(t.app, soren, 'Søren', 'Modtager');
    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    const store = (kind: string, fileClass: 'picture' | 'document' = 'picture') =>
      storeBikeFile(t.app, { bikeId, ownerPartyId: mette.partyId, kind, fileClass });
    const publicPicture = await store('public');
    const framePicture = await store('frame_number');
    const receiptPicture = await store('receipt');
    const receiptDocument = await store('receipt', 'document');
    const mettes = [framePicture.id, receiptPicture.id, receiptDocument.id];

    const { transferId } = await offerBike(t.app, mette.token, bikeId, soren.email);
    expect((await act(t.app, soren.token, transferId, 'accept')).statusCode).toBe(200);

    // Søren's bike answers list the public picture (it follows the bike) and nothing of Mette's.
    const bike = await get(t.app, soren.token, `/api/bikes/${bikeId}`);
    expect(bike.statusCode).toBe(200);
    expect(bike.json().pictures.map((picture: { picture_id: string }) => picture.picture_id)).toEqual([
      publicPicture.id,
    ]);
    expect(bike.json().documents).toEqual([]);
    const list = await get(t.app, soren.token, '/api/bikes/');
    for (const body of [bike.body, list.body]) {
      for (const id of mettes) expect(body).not.toContain(id);
    }

    // He cannot delete them either: 404 as for any file that is not his.
    for (const [what, id] of [
      ['pictures', framePicture.id],
      ['pictures', receiptPicture.id],
      ['documents', receiptDocument.id],
    ] as const) {
      const deleted = await t.app.inject({
        method: 'DELETE',
        url: `/api/bikes/${bikeId}/${what}/${id}`,
        headers: bearer(soren.token),
      });
      expect(deleted.statusCode, `${what} ${id}`).toBe(404);
    }

    // Nor hand them in as his own proof.
    const frameStep = await put(soren.token, bikeId, 'frame', {
      frame_number: frameNumber,
      picture_id: framePicture.id,
    });
    expect(frameStep.statusCode).toBe(422);
    expect(frameStep.json().detail[0]).toMatchObject({ loc: ['body', 'picture_id'], type: 'file_not_found' });
    for (const fileId of [receiptPicture.id, receiptDocument.id]) {
      const ownerStep = await put(soren.token, bikeId, 'owner', { file_id: fileId });
      expect(ownerStep.statusCode).toBe(422);
      expect(ownerStep.json().detail[0]).toMatchObject({ loc: ['body', 'file_id'], type: 'file_not_found' });
    }

    // His export holds none of Mette's files; hers still holds them all.
    const exportOf = (token: string) => get(t.app, token, '/api/identities/me/export');
    const sorensExport = await exportOf(soren.token);
    expect(sorensExport.statusCode).toBe(200);
    for (const id of mettes) expect(sorensExport.body).not.toContain(id);
    const mettesFiles = (await exportOf(mette.token)).json().files as Array<{ id: string }>;
    expect(mettesFiles.map((file) => file.id)).toEqual(expect.arrayContaining([publicPicture.id, ...mettes]));

    // With his own pictures he gets through, and staff see the proofs are his.
    const ownFrame = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: soren.partyId,
      kind: 'frame_number',
    });
    const ownReceipt = await storeBikeFile(t.app, { bikeId, ownerPartyId: soren.partyId, kind: 'receipt' });
    expect(
      (await put(soren.token, bikeId, 'frame', { frame_number: frameNumber, picture_id: ownFrame.id }))
        .statusCode,
    ).toBe(200);
    expect((await put(soren.token, bikeId, 'owner', { file_id: ownReceipt.id })).statusCode).toBe(200);
    const submitted = await post(soren.token, `/api/bikes/${bikeId}/ownership-verification/submit`);
    expect(submitted.statusCode, submitted.body).toBe(200);
    const queueItem = async () =>
      (await get(t.app, staff.token, '/api/backoffice/ownership-verifications'))
        .json()
        .find((entry: { bike_id: string }) => entry.bike_id === bikeId);
    expect(await queueItem()).toMatchObject({
      owner_name: 'Søren Modtager',
      frame_picture_uploader: { name: 'Søren Modtager', is_owner: true },
      proof_file_uploader: { name: 'Søren Modtager', is_owner: true },
    });
    // A proof handed in before this rule (someone else's file) is named as such in the queue.
    await t.app.db
      .update(ownershipVerifications)
      .set({ proofFileId: receiptDocument.id })
      .where(eq(ownershipVerifications.id, submitted.json().verification_id));
    expect((await queueItem()).proof_file_uploader).toEqual({ name: 'Anna Afsender', is_owner: false });

    // When Mette deletes her account, her files left on Søren's bike go; the public picture stays.
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${mette.partyId}/`,
      headers: bearer(mette.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const left = await t.app.db.select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId));
    expect(left.map((file) => file.id).sort()).toEqual([publicPicture.id, ownFrame.id, ownReceipt.id].sort());
    expect(await t.app.fileStorage.get(receiptDocument.keys[0]!)).toBeNull();
  });
});
