import type { ChatSummary } from '@nbr/domain/chats';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { chatMessages, chatParticipants } from '../../db/schema/chats.ts';
import { ownershipRequests, ownershipTransfers } from '../../db/schema/ownership.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, codeFromMail, latestMail, signUpUser } from '../../test/identity-helpers.ts';
import { act, get, offer, ownerWithBike, setName } from '../../test/ownership-fixtures.ts';

function ask(
  t: TestApp,
  token: string | null,
  bikeId: string,
  message = 'Jeg har købt den brugt – må jeg overtage den?',
) {
  return t.app.inject({
    method: 'POST',
    url: '/api/ownership-requests/',
    headers: token ? bearer(token) : {},
    payload: { bike_id: bikeId, message },
  });
}

function decide(t: TestApp, token: string, requestId: string, action: 'offer' | 'decline' | 'withdraw') {
  return t.app.inject({
    method: 'POST',
    url: `/api/ownership-requests/${requestId}/${action}`,
    headers: bearer(token),
  });
}

describe('ownership requests', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('B asks for C’s bike: a chat in which C stays anonymous, C is mailed, C offers and B accepts', async () => {
    const { owner: c, bikeId } = await ownerWithBike(t.app);
    const b = await signUpUser(t.app);
    await setName(t.app, b, 'Bent', 'Beder');

    const created = await ask(t, b.token, bikeId);
    expect(created.statusCode, created.body).toBe(201);
    const { request_id: requestId, chat_id: chatId } = created.json();
    expect(chatId).toBeTruthy();
    const mail = await latestMail(t.app.db, c.email, 'ownership_request');
    expect(mail.links).toContain(`${t.config.publicUrl}/app/chats/${chatId}`);
    expect(mail.text).not.toContain(b.email);

    const participants = await t.app.db
      .select()
      .from(chatParticipants)
      .where(eq(chatParticipants.chatId, chatId));
    expect(participants).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ partyId: c.partyId, role: 'owner', isNameVisible: false }),
        expect.objectContaining({ partyId: b.partyId, role: 'requester', isNameVisible: true }),
      ]),
    );
    const messages = await t.app.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(messages.map((message) => message.kind).sort()).toEqual(['system', 'text']);

    const bSees = await get(t.app, b.token, '/api/ownership-requests/');
    expect(bSees.json()[0]).toMatchObject({
      request_id: requestId,
      direction: 'outgoing',
      status: 'open',
      requester_name: null,
      actions: ['withdraw'],
    });
    expect(bSees.body).not.toContain(c.email);
    expect(bSees.body).not.toContain('Anna');
    const cSees = await get(t.app, c.token, '/api/ownership-requests/');
    expect(cSees.json()[0]).toMatchObject({
      direction: 'incoming',
      requester_name: 'Bent Beder',
      actions: ['offer', 'decline'],
    });
    expect(cSees.body).not.toContain(b.email);

    // Only the owner offers; strangers see nothing.
    expect((await decide(t, b.token, requestId, 'offer')).statusCode).toBe(403);
    const stranger = await signUpUser(t.app);
    expect((await decide(t, stranger.token, requestId, 'offer')).statusCode).toBe(404);

    const offered = await decide(t, c.token, requestId, 'offer');
    expect(offered.statusCode, offered.body).toBe(200);
    expect(offered.json()).toMatchObject({ status: 'pending', direction: 'outgoing', recipient_email: null });
    expect(offered.json().chat_id).toBe(chatId);
    expect(offered.body).not.toContain(b.email);
    const transferId = offered.json().transfer_id;
    const offerMessages = await t.app.db.select().from(chatMessages).where(eq(chatMessages.chatId, chatId));
    expect(
      offerMessages.some((message) => message.kind === 'transfer_offer' && message.transferId === transferId),
    ).toBe(true);

    const incoming = (await get(t.app, b.token, '/api/ownership-transfers/')).json();
    expect(incoming[0]).toMatchObject({ transfer_id: transferId, direction: 'incoming', sender_name: null });
    expect(JSON.stringify(incoming)).not.toContain(c.email);

    // B's address is not confirmed: accepting needs the code from the offer mail.
    const unproven = await act(t.app, b.token, transferId, 'accept');
    expect(unproven.statusCode).toBe(403);
    expect(unproven.json().code).toBe('email_verification_required');
    const { code } = codeFromMail(
      await latestMail(t.app.db, b.email, 'ownership_transfer_offer'),
      '/app/my-bikes/receive-bike',
    );
    const accepted = await act(t.app, b.token, transferId, 'accept', { code });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const [request] = await t.app.db
      .select()
      .from(ownershipRequests)
      .where(eq(ownershipRequests.id, requestId));
    expect(request?.status).toBe('closed');
    const mine = (await get(t.app, b.token, '/api/bikes/')).json() as Array<{ bike_id: string }>;
    expect(mine.map((bike) => bike.bike_id)).toContain(bikeId);
  });

  it('the owner’s inbox previews the requester’s text, written after the register’s note in the same millisecond', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const askers = await Promise.all(Array.from({ length: 12 }, () => signUpUser(t.app)));
    // A stopped clock: the note and the text of every request are written in one millisecond.
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      for (const [index, asker] of askers.entries()) {
        const created = await ask(t, asker.token, bikeId, `Tekst nummer ${index}`);
        expect(created.statusCode, created.body).toBe(201);
      }
    } finally {
      vi.useRealTimers();
    }
    const inbox = await get(t.app, owner.token, '/api/chats/');
    expect(inbox.statusCode, inbox.body).toBe(200);
    const previews = inbox
      .json<ChatSummary[]>()
      .map((chat) => chat.last_message?.content ?? chat.last_message?.kind);
    expect(previews.sort()).toEqual(askers.map((_, index) => `Tekst nummer ${index}`).sort());
  });

  it('refuses private bikes, one’s own bike, a second open request and visitors', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const { bikeId: privateBike } = await ownerWithBike(t.app, { visibility: 'private' });
    const asker = await signUpUser(t.app);
    expect((await ask(t, asker.token, privateBike)).statusCode).toBe(404);
    const own = await ask(t, owner.token, bikeId);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_bike');
    expect((await ask(t, null, bikeId)).statusCode).toBe(401);
    expect((await ask(t, asker.token, bikeId)).statusCode).toBe(201);
    const again = await ask(t, asker.token, bikeId);
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('request_exists');
    const empty = await ask(t, asker.token, bikeId, '  ');
    expect(empty.statusCode).toBe(422);
  });

  it('the owner declines; the requester withdraws and a pending offer goes with it; other requests close on accept', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const first = await signUpUser(t.app);
    const second = await signUpUser(t.app);
    const third = await signUpUser(t.app);
    const declined = (await ask(t, first.token, bikeId)).json().request_id;
    expect((await decide(t, first.token, declined, 'decline')).statusCode).toBe(403);
    const answer = await decide(t, owner.token, declined, 'decline');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'declined', actions: [] });
    expect((await decide(t, owner.token, declined, 'offer')).json().code).toBe('request_not_open');

    const withdrawn = (await ask(t, second.token, bikeId)).json().request_id;
    const offered = await decide(t, owner.token, withdrawn, 'offer');
    const transferId = offered.json().transfer_id;
    const back = await decide(t, second.token, withdrawn, 'withdraw');
    expect(back.json()).toMatchObject({ status: 'withdrawn' });
    const [transfer] = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, transferId));
    expect(transfer?.status).toBe('cancelled');

    // A third person's request is closed when the bike goes to someone else.
    const open = (await ask(t, third.token, bikeId)).json().request_id;
    const anotherAsker = await signUpUser(t.app);
    const lucky = (await ask(t, anotherAsker.token, bikeId)).json().request_id;
    const offer = await decide(t, owner.token, lucky, 'offer');
    const { code } = codeFromMail(
      await latestMail(t.app.db, anotherAsker.email, 'ownership_transfer_offer'),
      '/app/my-bikes/receive-bike',
    );
    expect(
      (await act(t.app, anotherAsker.token, offer.json().transfer_id, 'accept', { code })).statusCode,
    ).toBe(200);
    const [closed] = await t.app.db.select().from(ownershipRequests).where(eq(ownershipRequests.id, open));
    expect(closed?.status).toBe('closed');
    const thirdSees = (await get(t.app, third.token, '/api/ownership-requests/')).json();
    expect(thirdSees[0]).toMatchObject({ status: 'closed', actions: [] });
  });
});

describe('ownership budgets', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ ownershipRateLimits: { requestsPerHour: 2, transfersPerHour: 1 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('limits requests and offers per account (429), and a refused one writes nothing', async () => {
    const asker = await signUpUser(t.app);
    const bikes = [await ownerWithBike(t.app), await ownerWithBike(t.app), await ownerWithBike(t.app)];
    for (const { bikeId } of bikes.slice(0, 2))
      expect((await ask(t, asker.token, bikeId)).statusCode).toBe(201);
    const refused = await ask(t, asker.token, bikes[2]?.bikeId as string);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().code).toBe('rate_limited');
    const written = await t.app.db
      .select()
      .from(ownershipRequests)
      .where(eq(ownershipRequests.requesterPartyId, asker.partyId));
    expect(written).toHaveLength(2);

    // Offers mail an address the sender chooses: one an hour here, even after a cancel.
    const { owner, bikeId } = await ownerWithBike(t.app);
    const victim = `victim-${bikeId}@example.com`;
    const first = await offer(t.app, owner.token, bikeId, victim);
    expect(first.statusCode).toBe(201);
    expect((await act(t.app, owner.token, first.json().transfer_id, 'cancel')).statusCode).toBe(200);
    const again = await offer(t.app, owner.token, bikeId, victim);
    expect(again.statusCode).toBe(429);
    const offers = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.recipientEmail, victim));
    expect(offers).toHaveLength(1);
  });
});
