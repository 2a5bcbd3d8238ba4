import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storeBikeFile } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, signUpUser } from '../../test/identity-helpers.ts';
import { act, get, offerBike, ownerWithBike, signUpConfirmed } from '../../test/ownership-fixtures.ts';
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
});
