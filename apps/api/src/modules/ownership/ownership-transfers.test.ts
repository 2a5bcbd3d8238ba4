import { OFFERS_PER_ADDRESS_PER_DAY } from '@nbr/domain/ownership';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeEquipment, bikeFiles, bikeOwnerships, bikes } from '../../db/schema/bikes.ts';
import { chatMessages } from '../../db/schema/chats.ts';
import { mailOutbox } from '../../db/schema/mail.ts';
import { ownershipTransfers } from '../../db/schema/ownership.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { printStickers, registerBike, signUpOwner, storeBikeFile } from '../../test/bike-api-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  codeFromMail,
  latestMail,
  signUpUser,
  TEST_PASSWORD,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import {
  act,
  get,
  offer,
  offerBike,
  ownerWithBike,
  setName,
  signUpConfirmed,
} from '../../test/ownership-fixtures.ts';

describe('ownership transfers', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('A gives a bike to B: B accepts, the bike is B’s, private pictures stay behind, the frame number locks', async () => {
    const { owner: a, bikeId, frameNumber } = await ownerWithBike(t.app);
    const b = await signUpConfirmed(t.app);
    await setName(t.app, b, 'Bo', 'Modtager');
    const privatePicture = await storeBikeFile(t.app, { bikeId, ownerPartyId: a.partyId, kind: 'private' });
    const publicPicture = await storeBikeFile(t.app, { bikeId, ownerPartyId: a.partyId, kind: 'public' });
    const document = await storeBikeFile(t.app, {
      bikeId,
      ownerPartyId: a.partyId,
      kind: 'receipt',
      fileClass: 'document',
    });
    await t.app.db.insert(bikeEquipment).values({ id: uuidv7(), bikeId, itemType: 'battery' });

    const created = await offer(t.app, a.token, bikeId, b.email.toUpperCase());
    expect(created.statusCode, created.body).toBe(201);
    const transfer = created.json();
    expect(transfer).toMatchObject({
      status: 'pending',
      direction: 'outgoing',
      recipient_email: b.email,
      sender_name: null,
      actions: ['cancel'],
    });
    expect(transfer.chat_id).not.toBeNull();
    const mail = await latestMail(t.app.db, b.email, 'ownership_transfer_offer');
    expect(mail.text).toContain('Anna Afsender');
    expect(codeFromMail(mail, '/app/my-bikes/receive-bike').code.length).toBeGreaterThan(40);

    // B (address confirmed) sees the offer at once, with the sender's name and never an address.
    const list = await get(t.app, b.token, '/api/ownership-transfers/');
    expect(list.statusCode).toBe(200);
    const incoming = list.json()[0];
    expect(incoming).toMatchObject({
      transfer_id: transfer.transfer_id,
      direction: 'incoming',
      sender_name: 'Anna Afsender',
      recipient_email: null,
      actions: ['accept', 'reject'],
      chat_id: transfer.chat_id,
    });
    expect(incoming.bike.frame_number).toBe(frameNumber);
    expect(list.body).not.toContain(a.email);

    const accepted = await act(t.app, b.token, transfer.transfer_id, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json()).toMatchObject({ status: 'accepted', actions: [] });
    expect(accepted.body).not.toContain(a.email);

    const bList = (await get(t.app, b.token, '/api/bikes/')).json() as Array<{ bike_id: string }>;
    const aList = (await get(t.app, a.token, '/api/bikes/')).json() as Array<{ bike_id: string }>;
    expect(bList.map((bike) => bike.bike_id)).toContain(bikeId);
    expect(aList.map((bike) => bike.bike_id)).not.toContain(bikeId);
    expect((await get(t.app, a.token, `/api/bikes/${bikeId}`)).statusCode).toBe(404);

    const bike = (await get(t.app, b.token, `/api/bikes/${bikeId}`)).json();
    expect(bike.frame_number_locked).toBe(true);
    expect(bike.owner_verified).toBe(false);
    const files = await t.app.db.select().from(bikeFiles).where(eq(bikeFiles.bikeId, bikeId));
    expect(files.map((file) => file.id).sort()).toEqual([publicPicture.id, document.id].sort());
    expect(await t.app.fileStorage.get(privatePicture.keys[0]!)).toBeNull();
    expect(await t.app.fileStorage.get(document.keys[0]!)).not.toBeNull();
    expect(await t.app.db.select().from(bikeEquipment).where(eq(bikeEquipment.bikeId, bikeId))).toHaveLength(
      1,
    );

    const ownerships = await t.app.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bikeId));
    expect(ownerships.filter((row) => row.endedAt === null)).toEqual([
      expect.objectContaining({ ownerPartyId: b.partyId, how: 'transferred' }),
    ]);

    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/bikes/${bikeId}`,
      headers: bearer(b.token),
      payload: { frame_number: 'WDA99999Z' },
    });
    expect(patched.statusCode).toBe(409);
    expect(patched.json().code).toBe('frame_number_locked');

    // The credit follows the person: A's is free again and no longer shows B's bike.
    const credits = (await get(t.app, a.token, '/api/webshop/bike-activations')).json() as Array<{
      bike_ownership_id: string | null;
    }>;
    expect(credits.every((credit) => credit.bike_ownership_id === null)).toBe(true);
    expect(JSON.stringify(credits)).not.toContain(bikeId);

    await latestMail(t.app.db, a.email, 'ownership_transfer_accepted');
    const accepts = await t.app.db
      .select()
      .from(chatMessages)
      .where(
        and(eq(chatMessages.chatId, transfer.chat_id), eq(chatMessages.systemEvent, 'transfer_accepted')),
      );
    expect(accepts).toHaveLength(1);

    // Permanent: nothing more can happen to it.
    const again = await act(t.app, a.token, transfer.transfer_id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('transfer_not_pending');
  });

  it('one address receives at most OFFERS_PER_ADDRESS_PER_DAY offers a day: a sixth is refused and mails nothing', async () => {
    const { owner: a, bikeId } = await ownerWithBike(t.app);
    const target = uniqueEmail('flooded');
    for (let sent = 0; sent < OFFERS_PER_ADDRESS_PER_DAY; sent += 1) {
      const { transferId } = await offerBike(t.app, a.token, bikeId, target);
      expect((await act(t.app, a.token, transferId, 'cancel')).statusCode).toBe(200);
    }
    const refused = await offer(t.app, a.token, bikeId, target);
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    const offers = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.recipientEmail, target));
    expect(offers).toHaveLength(OFFERS_PER_ADDRESS_PER_DAY);
    const mails = await t.app.db.select().from(mailOutbox).where(eq(mailOutbox.to, target));
    expect(mails).toHaveLength(OFFERS_PER_ADDRESS_PER_DAY);
    // Another address is not affected.
    expect((await offer(t.app, a.token, bikeId, uniqueEmail('other'))).statusCode).toBe(201);
  });

  it('the register’s messages are news to the other side only: unread counts follow who acted', async () => {
    const { owner: a, bikeId } = await ownerWithBike(t.app);
    const b = await signUpConfirmed(t.app);
    const unread = async (token: string) =>
      (await get(t.app, token, '/api/chats/unread')).json<{ unread_count: number }>().unread_count;

    const { transferId } = await offerBike(t.app, a.token, bikeId, b.email);
    expect(await unread(a.token)).toBe(0);
    expect(await unread(b.token)).toBe(1);

    expect((await act(t.app, b.token, transferId, 'reject')).statusCode).toBe(200);
    // Answering the offer is having seen it; B's own rejection is not news to B, but it is to A.
    expect(await unread(b.token)).toBe(0);
    expect(await unread(a.token)).toBe(1);
  });

  it('chats with the old owner about the bike stay theirs: the new owner starts afresh', async () => {
    const { owner: a, bikeId } = await ownerWithBike(t.app);
    const b = await signUpConfirmed(t.app);
    const contact = await signUpConfirmed(t.app);
    const say = (token: string, content: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/chats/',
        headers: bearer(token),
        payload: { subject_id: bikeId, content },
      });
    const first = await say(contact.token, 'Er cyklen til salg?');
    expect(first.statusCode, first.body).toBe(201);
    const oldChatId = first.json().chat.id as string;

    const { transferId } = await offerBike(t.app, a.token, bikeId, b.email);
    expect((await act(t.app, b.token, transferId, 'accept')).statusCode).toBe(200);

    const bChats = (await get(t.app, b.token, '/api/chats/')).json() as Array<{ id: string }>;
    expect(bChats.map((chat) => chat.id)).not.toContain(oldChatId);
    const aChat = (await get(t.app, a.token, `/api/chats/${oldChatId}`)).json();
    expect(aChat.subject.bike).toBeNull();

    const second = await say(contact.token, 'Og nu?');
    expect(second.statusCode, second.body).toBe(201);
    expect(second.json().chat.id).not.toBe(oldChatId);
    expect((await get(t.app, b.token, `/api/chats/${second.json().chat.id}`)).statusCode).toBe(200);
    expect((await get(t.app, a.token, `/api/chats/${second.json().chat.id}`)).statusCode).toBe(404);
  });

  it('refuses bikes without plate or frame number, stolen bikes, mismatched addresses and oneself', async () => {
    const owner = await signUpOwner(t.app, 3);
    const { bike_id: noPlate } = await registerBike(t.app, owner.token);
    const refused = await offer(t.app, owner.token, noPlate, uniqueEmail());
    expect(refused.statusCode).toBe(409);
    expect(refused.json().code).toBe('bike_not_transferable');

    const { owner: a, bikeId } = await ownerWithBike(t.app);
    const mismatch = await t.app.inject({
      method: 'POST',
      url: '/api/ownership-transfers/',
      headers: bearer(a.token),
      payload: {
        bike_id: bikeId,
        recipient_email: 'x@example.dk',
        recipient_email_confirmation: 'y@example.dk',
      },
    });
    expect(mismatch.statusCode).toBe(422);
    expect(mismatch.json().detail[0]).toMatchObject({
      loc: ['body', 'recipient_email_confirmation'],
      type: 'emails_do_not_match',
    });

    const self = await offer(t.app, a.token, bikeId, a.email);
    expect(self.statusCode).toBe(422);
    expect(self.json().detail[0]).toMatchObject({
      loc: ['body', 'recipient_email'],
      type: 'transfer_to_self',
    });

    await t.app.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
    const stolen = await offer(t.app, a.token, bikeId, uniqueEmail());
    expect(stolen.statusCode).toBe(409);
    expect(stolen.json().code).toBe('bike_not_transferable');
  });

  it('allows one pending offer per bike; only the owner offers; visitors are refused', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const stranger = await signUpUser(t.app);
    expect((await offer(t.app, stranger.token, bikeId, uniqueEmail())).statusCode).toBe(404);
    const visitor = await t.app.inject({
      method: 'POST',
      url: '/api/ownership-transfers/',
      payload: {
        bike_id: bikeId,
        recipient_email: 'x@example.dk',
        recipient_email_confirmation: 'x@example.dk',
      },
    });
    expect(visitor.statusCode).toBe(401);

    await offerBike(t.app, owner.token, bikeId, uniqueEmail());
    const second = await offer(t.app, owner.token, bikeId, uniqueEmail());
    expect(second.statusCode).toBe(409);
    expect(second.json().code).toBe('transfer_pending');
  });

  it('a recipient without an account signs up, claims with the mailed code and accepts', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const email = uniqueEmail('newcomer');
    const { transferId, code } = await offerBike(t.app, owner.token, bikeId, email);
    const mail = await latestMail(t.app.db, email, 'ownership_transfer_offer');
    // In the sender's language (Danish): there is no account to take the recipient's from.
    expect(mail.text).toContain(`Du har endnu ingen profil med ${email}`);

    const newcomer = await signUpUser(t.app, { email });
    // Not bound yet: the address is not proven, so nothing shows and the offer is not theirs.
    expect((await get(t.app, newcomer.token, '/api/ownership-transfers/')).json()).toEqual([]);
    const unproven = await act(t.app, newcomer.token, transferId, 'accept');
    expect(unproven.statusCode, unproven.body).toBe(403);
    expect(unproven.json().code).toBe('email_verification_required');

    const stranger = await signUpUser(t.app);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/ownership-transfers/claim',
      headers: bearer(stranger.token),
      payload: { code },
    });
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().code).toBe('transfer_email_mismatch');
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/ownership-transfers/claim',
      headers: bearer(newcomer.token),
      payload: { code: 'not-the-code' },
    });
    expect(unknown.statusCode).toBe(404);

    const claimed = await t.app.inject({
      method: 'POST',
      url: '/api/ownership-transfers/claim',
      headers: bearer(newcomer.token),
      payload: { code },
    });
    expect(claimed.statusCode, claimed.body).toBe(200);
    expect(claimed.json()).toMatchObject({
      transfer_id: transferId,
      direction: 'incoming',
      status: 'pending',
    });
    expect(claimed.json().chat_id).not.toBeNull();
    expect(claimed.body).not.toContain(owner.email);

    const accepted = await act(t.app, newcomer.token, transferId, 'accept');
    expect(accepted.statusCode, accepted.body).toBe(200);
    const mine = (await get(t.app, newcomer.token, '/api/bikes/')).json() as Array<{ bike_id: string }>;
    expect(mine.map((bike) => bike.bike_id)).toEqual([bikeId]);
  });

  it('an offer waiting for an address is bound once the person confirms it', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const email = uniqueEmail('later');
    const { transferId } = await offerBike(t.app, owner.token, bikeId, email);
    const person = await signUpUser(t.app, { email, skip_email: false });
    const verification = codeFromMail(
      await latestMail(t.app.db, email, 'email_verification'),
      '/verify-email',
    );
    const verified = await t.app.inject({
      method: 'POST',
      url: `/api/identities/authentications/email-verifications/${verification.code}/validate`,
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const [row] = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, transferId));
    expect(row?.recipientPartyId).toBe(person.partyId);
    const accepted = await act(t.app, person.token, transferId, 'accept', {});
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('the bike’s details are for an open offer: once it is rejected the recipient is a stranger to the bike', async () => {
    const { owner, bikeId, frameNumber } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
    const transferOf = async (token: string) =>
      (await get(t.app, token, `/api/ownership-transfers/${transferId}`)).json();
    const chatBikeOf = async (token: string, chatId: string) =>
      (await get(t.app, token, `/api/chats/${chatId}`)).json().subject.bike;

    const open = await transferOf(recipient.token);
    expect(open.bike).toMatchObject({ frame_number: frameNumber, nickname: expect.any(String) });
    expect(open.bike.plate_id).not.toBeNull();
    expect((await chatBikeOf(recipient.token, open.chat_id)).frame_number).toBe(frameNumber);

    expect((await act(t.app, recipient.token, transferId, 'reject')).statusCode).toBe(200);
    const closed = await transferOf(recipient.token);
    expect(closed.bike).toMatchObject({ frame_number: null, plate_id: null, nickname: null });
    expect(await chatBikeOf(recipient.token, open.chat_id)).toMatchObject({
      frame_number: null,
      plate_id: null,
    });
    // The owner still sees all of their own bike.
    expect((await transferOf(owner.token)).bike.frame_number).toBe(frameNumber);
  });

  it('the recipient rejects, the sender cancels; each only their own action, strangers see nothing', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const stranger = await signUpConfirmed(t.app);
    const first = await offerBike(t.app, owner.token, bikeId, recipient.email);

    expect(
      (await get(t.app, stranger.token, `/api/ownership-transfers/${first.transferId}`)).statusCode,
    ).toBe(404);
    expect((await get(t.app, null, `/api/ownership-transfers/${first.transferId}`)).statusCode).toBe(401);
    for (const action of ['accept', 'reject', 'cancel'] as const) {
      expect((await act(t.app, stranger.token, first.transferId, action)).statusCode).toBe(404);
    }
    expect((await act(t.app, owner.token, first.transferId, 'accept')).statusCode).toBe(403);
    expect((await act(t.app, recipient.token, first.transferId, 'cancel')).statusCode).toBe(403);

    const rejected = await act(t.app, recipient.token, first.transferId, 'reject');
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json().status).toBe('rejected');
    const seen = (await get(t.app, owner.token, `/api/ownership-transfers/${first.transferId}`)).json();
    expect(seen).toMatchObject({ status: 'rejected', direction: 'outgoing', actions: [] });

    const second = await offerBike(t.app, owner.token, bikeId, recipient.email);
    const cancelled = await act(t.app, owner.token, second.transferId, 'cancel');
    expect(cancelled.json()).toMatchObject({ status: 'cancelled' });
    const late = await act(t.app, recipient.token, second.transferId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('transfer_not_pending');
    const mine = (await get(t.app, owner.token, '/api/bikes/')).json() as Array<{ bike_id: string }>;
    expect(mine.map((bike) => bike.bike_id)).toContain(bikeId);
  });

  it('an expired offer cannot be accepted and is written down as expired; a new offer can follow', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
    await t.app.db
      .update(ownershipTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(ownershipTransfers.id, transferId));
    const listed = (await get(t.app, recipient.token, '/api/ownership-transfers/')).json();
    expect(listed[0]).toMatchObject({ status: 'expired', actions: [] });
    const late = await act(t.app, recipient.token, transferId, 'accept');
    expect(late.statusCode).toBe(409);
    expect(late.json().code).toBe('transfer_not_pending');
    const [row] = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, transferId));
    expect(row?.status).toBe('expired');
    expect((await offer(t.app, owner.token, bikeId, recipient.email)).statusCode).toBe(201);
  });

  it('an offer of a bike deleted with its owner’s account is cancelled', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/identities/${owner.partyId}`,
      headers: bearer(owner.token),
      payload: {
        confirm_data_copy: true,
        confirm_legal_retention: true,
        confirm_insurance_consequences: true,
        confirm_permanent: true,
        password: TEST_PASSWORD,
      },
    });
    expect(deleted.statusCode, deleted.body).toBe(204);
    const [row] = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, transferId));
    expect(row).toMatchObject({ status: 'cancelled', bikeId: null });
    const late = await act(t.app, recipient.token, transferId, 'accept');
    expect(late.statusCode).toBe(409);
  });

  it('replays a create with the same Idempotency-Key: the same answer, one offer', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const email = uniqueEmail();
    const headers = { 'idempotency-key': `offer-${uuidv7()}` };
    const first = await offer(t.app, owner.token, bikeId, email, headers);
    const second = await offer(t.app, owner.token, bikeId, email, headers);
    expect(first.statusCode).toBe(201);
    expect(second.statusCode).toBe(201);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    const rows = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.bikeId, bikeId));
    expect(rows).toHaveLength(1);
  });
  it('an offer answers the sender alike whether or not the address has an account; the recipient is named once they act', async () => {
    const { owner: a, bikeId: firstBike } = await ownerWithBike(t.app);
    const [plate] = await printStickers(t.app, 1);
    const secondBike = (await registerBike(t.app, a.token, { nickname: 'Anden', plate_id: plate })).bike_id;
    const member = await signUpConfirmed(t.app);
    await setName(t.app, member, 'Bo', 'Borgersen');
    const stranger = uniqueEmail('no-account');

    const toMember = await offer(t.app, a.token, firstBike, member.email);
    const toStranger = await offer(t.app, a.token, secondBike, stranger);
    expect(toMember.statusCode, toMember.body).toBe(toStranger.statusCode);
    const shape = (body: Record<string, unknown>) =>
      Object.fromEntries(
        Object.entries(body).map(([key, value]) => [key, value === null ? null : typeof value]),
      );
    const memberAnswer = toMember.json();
    const strangerAnswer = toStranger.json();
    expect(shape(memberAnswer)).toEqual(shape(strangerAnswer));
    expect(memberAnswer.chat_id).not.toBeNull();
    expect(strangerAnswer.chat_id).not.toBeNull();
    expect(memberAnswer.actions).toEqual(strangerAnswer.actions);

    // The two chats read the same to the sender: an anonymous recipient, the offer.
    const chatOf = async (chatId: string) => {
      const chat = (await get(t.app, a.token, `/api/chats/${chatId}`)).json();
      const messages = (await get(t.app, a.token, `/api/chats/${chatId}/messages`)).json();
      return {
        participants: chat.participants,
        messages: messages.messages.map((m: { kind: string; offer: { status: string } | null }) => [
          m.kind,
          m.offer?.status,
        ]),
      };
    };
    const memberChat = await chatOf(memberAnswer.chat_id);
    expect(memberChat).toEqual(await chatOf(strangerAnswer.chat_id));
    expect(JSON.stringify(memberChat)).not.toContain('Borgersen');
    expect((await get(t.app, a.token, '/api/ownership-transfers/')).body).not.toContain('Borgersen');

    // Once the member rejects the offer, the sender learns who they are.
    const rejected = await act(t.app, member.token, memberAnswer.transfer_id, 'reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    const after = (await get(t.app, a.token, `/api/chats/${memberAnswer.chat_id}`)).json();
    expect(after.participants).toContainEqual({ role: 'recipient', is_me: false, name: 'Bo Borgersen' });
  });
  it('the new owner does not inherit the old owner’s private nickname of the bike', async () => {
    const { owner: a, bikeId } = await ownerWithBike(t.app, {
      nickname: 'Annas hemmelige racer',
      brand: 'Kildemoes',
      model: 'Logic',
    });
    const b = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, a.token, bikeId, b.email);
    expect((await act(t.app, b.token, transferId, 'accept')).statusCode).toBe(200);

    const bike = (await get(t.app, b.token, `/api/bikes/${bikeId}`)).json();
    expect(bike.nickname).toBe('Kildemoes Logic');
    expect((await get(t.app, b.token, '/api/bikes/')).body).not.toContain('Annas hemmelige racer');
  });
});
