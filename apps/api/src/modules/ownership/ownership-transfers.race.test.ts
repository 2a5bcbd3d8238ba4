import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikeOwnerships, bikes } from '../../db/schema/bikes.ts';
import { chatMessages } from '../../db/schema/chats.ts';
import { ownershipTransfers } from '../../db/schema/ownership.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, uniqueEmail } from '../../test/identity-helpers.ts';
import {
  act,
  confirmEmail,
  offer,
  offerBike,
  ownerWithBike,
  signUpConfirmed,
} from '../../test/ownership-fixtures.ts';
import { verifyThroughDevProvider } from '../../test/verification-helpers.ts';

/*
 * Concurrency of transfers. On PostgreSQL (api-postgres) the requests truly run in parallel on a
 * pool of connections; row locks and the unique index must make exactly one of them win. On PGlite
 * they are serialised and the same assertions hold.
 */

describe('ownership transfers under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  async function stateOf(bikeId: string, transferId: string) {
    const [bike] = await t.app.db.select().from(bikes).where(eq(bikes.id, bikeId));
    const open = await t.app.db
      .select()
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.bikeId, bikeId), isNull(bikeOwnerships.endedAt)));
    const [transfer] = await t.app.db
      .select()
      .from(ownershipTransfers)
      .where(eq(ownershipTransfers.id, transferId));
    return { bike, open, transfer };
  }

  it('20 concurrent accepts of one offer: exactly one succeeds, the bike has exactly one owner', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);

    const answers = await Promise.all(
      Array.from({ length: 20 }, () => act(t.app, recipient.token, transferId, 'accept')),
    );
    const statuses = answers.map((answer) => answer.statusCode).sort();
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(19);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().code).toBe('transfer_not_pending');
    }

    const { bike, open, transfer } = await stateOf(bikeId, transferId);
    expect(bike?.ownerPartyId).toBe(recipient.partyId);
    expect(open).toHaveLength(1);
    expect(open[0]?.ownerPartyId).toBe(recipient.partyId);
    expect(transfer?.status).toBe('accepted');
    const accepted = await t.app.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.transferId, transferId), eq(chatMessages.systemEvent, 'transfer_accepted')));
    expect(accepted).toHaveLength(1);
  });

  it('accept racing cancel: exactly one wins, and the state says which', async () => {
    for (let round = 0; round < 5; round += 1) {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const recipient = await signUpConfirmed(t.app);
      const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
      const [accept, cancel] = await Promise.all([
        act(t.app, recipient.token, transferId, 'accept'),
        act(t.app, owner.token, transferId, 'cancel'),
      ]);
      expect([accept.statusCode, cancel.statusCode].sort()).toEqual([200, 409]);
      const { bike, open, transfer } = await stateOf(bikeId, transferId);
      expect(open).toHaveLength(1);
      if (accept.statusCode === 200) {
        expect(transfer?.status).toBe('accepted');
        expect(bike?.ownerPartyId).toBe(recipient.partyId);
        expect(open[0]?.ownerPartyId).toBe(recipient.partyId);
      } else {
        expect(transfer?.status).toBe('cancelled');
        expect(bike?.ownerPartyId).toBe(owner.partyId);
        expect(open[0]?.ownerPartyId).toBe(owner.partyId);
        expect(bike?.frameNumberLockedAt).toBeNull();
      }
    }
  });

  it('accept racing the deletion of the bike: one wins, neither fails (no deadlock)', async () => {
    for (let round = 0; round < 6; round += 1) {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const recipient = await signUpConfirmed(t.app);
      const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
      await confirmEmail(t.app, owner);
      const approved = await verifyThroughDevProvider(t.app, owner.token, {
        body: {
          verification_session_type: 'approval',
          approval_action: 'delete_bike',
          approval_object_id: bikeId,
          success_url: `/app/my-bikes/${bikeId}`,
          failure_url: `/app/my-bikes/${bikeId}?approval=failed`,
        },
      });
      expect(approved.json().session_task_result, approved.body).toBe('approved');
      const [accept, deletion] = await Promise.all([
        act(t.app, recipient.token, transferId, 'accept'),
        t.app.inject({ method: 'DELETE', url: `/api/bikes/${bikeId}/`, headers: bearer(owner.token) }),
      ]);
      const { bike, transfer } = await stateOf(bikeId, transferId);
      if (accept.statusCode === 200) {
        expect(deletion.statusCode, deletion.body).toBe(404);
        expect(transfer?.status).toBe('accepted');
        expect(bike?.ownerPartyId).toBe(recipient.partyId);
      } else {
        expect(accept.statusCode, accept.body).toBe(409);
        expect(accept.json().code).toBe('transfer_not_pending');
        expect(deletion.statusCode, deletion.body).toBe(204);
        expect(transfer?.status).toBe('cancelled');
        expect(bike).toBeUndefined();
      }
    }
  });

  it('an accept replayed with the same Idempotency-Key: the same answer, one effect', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const recipient = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, owner.token, bikeId, recipient.email);
    const headers = { 'idempotency-key': `accept-${uuidv7()}` };
    const first = await act(t.app, recipient.token, transferId, 'accept', {}, headers);
    const replay = await act(t.app, recipient.token, transferId, 'accept', {}, headers);
    expect(first.statusCode, first.body).toBe(200);
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(first.json());
    const ownerships = await t.app.db.select().from(bikeOwnerships).where(eq(bikeOwnerships.bikeId, bikeId));
    expect(ownerships).toHaveLength(2);
    const accepted = await t.app.db
      .select()
      .from(chatMessages)
      .where(and(eq(chatMessages.transferId, transferId), eq(chatMessages.systemEvent, 'transfer_accepted')));
    expect(accepted).toHaveLength(1);
    // Without the key, a second accept is refused: the offer is no longer pending.
    expect((await act(t.app, recipient.token, transferId, 'accept')).statusCode).toBe(409);
  });

  it('two offers of one bike at once with different keys: one 201, one 409 transfer_pending', async () => {
    for (let round = 0; round < 3; round += 1) {
      const { owner, bikeId } = await ownerWithBike(t.app);
      const answers = await Promise.all([
        offer(t.app, owner.token, bikeId, uniqueEmail(), { 'idempotency-key': `offer-a-${uuidv7()}` }),
        offer(t.app, owner.token, bikeId, uniqueEmail(), { 'idempotency-key': `offer-b-${uuidv7()}` }),
      ]);
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
      const refused = answers.find((answer) => answer.statusCode === 409);
      expect(refused?.json().code).toBe('transfer_pending');
      const pending = await t.app.db
        .select()
        .from(ownershipTransfers)
        .where(and(eq(ownershipTransfers.bikeId, bikeId), eq(ownershipTransfers.status, 'pending')));
      expect(pending).toHaveLength(1);
    }
  });
});
