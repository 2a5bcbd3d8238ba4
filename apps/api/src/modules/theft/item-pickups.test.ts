import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { ChatMessagePage } from '@nbr/domain/chats';
import type { Pickup, PickupList } from '@nbr/domain/finds';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, latestMail, mailsTo, signUpUser, type TestUser } from '../../test/identity-helpers.ts';
import {
  createBusiness,
  joinByInvitation,
  latestInvitationCode,
  nextCvr,
  signUpStaff,
  signUpVerifiedUser,
} from '../../test/organisation-helpers.ts';
import { ownerWithBike, setName } from '../../test/ownership-fixtures.ts';
import { grantStaffRole, markVerified, switchInto } from '../../test/role-fixtures.ts';

/*
 * Bikes held for their owner: a verified finder or an organisation registers where and until when,
 * the owner is told in the chat and by mail, sees it under /app/item-pickup, and either side marks
 * it collected; the holder may cancel.
 */

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

function register(app: FastifyInstance, token: string | null, bikeId: string, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: `/api/bikes/${bikeId}/pickups`,
    headers: token ? bearer(token) : {},
    payload: body,
  });
}

function act(app: FastifyInstance, token: string, pickupId: string, action: 'collected' | 'cancel') {
  return app.inject({
    method: 'POST',
    url: `/api/item-pickups/${pickupId}/${action}`,
    headers: bearer(token),
  });
}

async function list(app: FastifyInstance, token: string): Promise<PickupList> {
  const response = await app.inject({ method: 'GET', url: '/api/item-pickups', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function systemEvents(app: FastifyInstance, user: TestUser, chatId: string) {
  const response = await app.inject({
    method: 'GET',
    url: `/api/chats/${chatId}/messages`,
    headers: bearer(user.token),
  });
  return response.json<ChatMessagePage>().messages.flatMap((message) => message.system_event ?? []);
}

const PLACE = 'Politigården, Polititorvet 14, 1780 København V';

describe('items for pickup', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('a verified finder holds a bike: the owner is told, sees it waiting and collects it', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const finder = await signUpVerifiedUser(t.app, 'finder');
    await setName(t.app, finder, 'Frida', 'Findersen');

    const created = await register(t.app, finder.token, bikeId, {
      place: PLACE,
      collect_until: inDays(14),
      note: 'Spørg efter vagthavende.',
      found_on: inDays(-1),
    });
    expect(created.statusCode, created.body).toBe(201);
    const pickup = created.json<Pickup>();
    expect(pickup).toMatchObject({
      status: 'waiting',
      place: PLACE,
      collect_until: inDays(14),
      is_holder: true,
      holder_name: null,
      holder_kind: 'person',
      actions: ['collected', 'cancel'],
    });
    expect(pickup.bike?.nickname).toBeNull();

    const mail = await latestMail(t.app.db, owner.email, 'pickup_registered');
    expect(mail.text).toContain(PLACE);
    expect(mail.text).toContain('Frida');
    expect(mail.text).not.toContain('Findersen');
    expect(mail.text).not.toContain(finder.email);
    expect(mail.links).toContain(`${t.config.publicUrl}/app/item-pickup`);

    const ownerView = await list(t.app, owner.token);
    expect(ownerView.held_by_me).toEqual([]);
    expect(ownerView.for_me).toHaveLength(1);
    expect(ownerView.for_me[0]).toMatchObject({
      pickup_id: pickup.pickup_id,
      holder_name: 'Frida',
      holder_kind: 'person',
      is_holder: false,
      note: 'Spørg efter vagthavende.',
      actions: ['collected'],
      bike: { bike_id: bikeId, nickname: 'Racer' },
    });
    expect(JSON.stringify(ownerView)).not.toContain(finder.email);
    expect((await list(t.app, finder.token)).held_by_me.map((p) => p.pickup_id)).toEqual([pickup.pickup_id]);

    const chatId = pickup.chat_id ?? '';
    expect(await systemEvents(t.app, owner, chatId)).toEqual(['pickup_registered']);

    // Only the holder cancels; strangers see nothing; once collected it stays collected.
    expect((await act(t.app, owner.token, pickup.pickup_id, 'cancel')).statusCode).toBe(403);
    const stranger = await signUpUser(t.app);
    expect((await act(t.app, stranger.token, pickup.pickup_id, 'collected')).statusCode).toBe(404);
    expect((await act(t.app, stranger.token, 'not-an-id', 'collected')).statusCode).toBe(404);
    const collected = await act(t.app, owner.token, pickup.pickup_id, 'collected');
    expect(collected.statusCode, collected.body).toBe(200);
    expect(collected.json()).toMatchObject({ status: 'collected', actions: [] });
    const again = await act(t.app, finder.token, pickup.pickup_id, 'cancel');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('pickup_not_waiting');
    expect(await systemEvents(t.app, finder, chatId)).toEqual(['pickup_registered', 'pickup_collected']);
    expect((await list(t.app, owner.token)).for_me[0]?.status).toBe('collected');
  });

  it('refuses unverified people, visitors, the owner, private bikes, bad dates and a second holder', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const { bikeId: privateBike } = await ownerWithBike(t.app, { visibility: 'private' });
    const body = { place: 'Bag Netto, Jagtvej 1', collect_until: inDays(7) };

    const unverified = await signUpUser(t.app);
    const refused = await register(t.app, unverified.token, bikeId, body);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('identity_verification_required');
    expect((await register(t.app, null, bikeId, body)).statusCode).toBe(401);
    await markVerified(t.app.db, owner.partyId);
    const own = await register(t.app, owner.token, bikeId, body);
    expect(own.statusCode).toBe(409);
    expect(own.json().code).toBe('own_bike');

    const finder = await signUpVerifiedUser(t.app);
    expect((await register(t.app, finder.token, privateBike, body)).statusCode).toBe(404);
    for (const collect_until of [inDays(-1), inDays(400), '2026-13-45', '']) {
      expect((await register(t.app, finder.token, bikeId, { ...body, collect_until })).statusCode).toBe(422);
    }
    expect((await register(t.app, finder.token, bikeId, { ...body, place: ' ' })).statusCode).toBe(422);
    expect((await register(t.app, finder.token, bikeId, { ...body, found_on: inDays(2) })).statusCode).toBe(
      422,
    );
    expect((await register(t.app, finder.token, bikeId, body)).statusCode).toBe(201);
    const second = await signUpVerifiedUser(t.app);
    const taken = await register(t.app, second.token, bikeId, body);
    expect(taken.statusCode).toBe(409);
    expect(taken.json().code).toBe('conflict');

    const staff = await signUpUser(t.app);
    await grantStaffRole(t.app.db, staff.partyId, 'support');
    const switched = await switchInto(t.app, staff.token, second.partyId);
    expect((await register(t.app, switched, privateBike, body)).statusCode).toBe(403);
  });

  it('a member of a club anyone can found needs the identity check a person finder needs', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const founder = await signUpVerifiedUser(t.app, 'club-founder');
    const founded = await t.app.inject({
      method: 'POST',
      url: '/api/organisations',
      headers: bearer(founder.token),
      payload: { name: 'Søndagsklubben', type: 'club', region: 'dk', registration_number: nextCvr() },
    });
    expect(founded.statusCode, founded.body).toBe(201);
    const clubId = founded.json<{ party_id: string }>().party_id;
    // Anyone the founder invites acts for the club, verified or not.
    const unverifiedMember = await signUpUser(t.app);
    const memberToken = await joinByInvitation(t.app, founder.token, clubId, unverifiedMember);
    const body = { place: 'Klubhuset, Havnegade 1', collect_until: inDays(14) };

    const refused = await register(t.app, memberToken, bikeId, body);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().code).toBe('identity_verification_required');
    expect(await mailsTo(t.app.db, owner.email, 'pickup_registered')).toEqual([]);
    expect((await list(t.app, owner.token)).for_me).toEqual([]);

    // A visitor, another unverified user and the (verified) owner are refused as before.
    expect((await register(t.app, null, bikeId, body)).statusCode).toBe(401);
    const anotherUser = await signUpUser(t.app);
    expect((await register(t.app, anotherUser.token, bikeId, body)).json().code).toBe(
      'identity_verification_required',
    );
    await markVerified(t.app.db, owner.partyId);
    expect((await register(t.app, owner.token, bikeId, body)).json().code).toBe('own_bike');

    // Once verified, the same member may tell the owner, under the club's name.
    await markVerified(t.app.db, unverifiedMember.partyId);
    const allowed = await register(t.app, memberToken, bikeId, body);
    expect(allowed.statusCode, allowed.body).toBe(201);
    expect((await list(t.app, owner.token)).for_me[0]).toMatchObject({
      holder_name: 'Søndagsklubben',
      holder_kind: 'organisation',
    });
  });

  it('a member of an organisation the registry checked (the police) needs no identity check of their own', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const staff = await signUpStaff(t.app, 'admin');
    const officer = await signUpUser(t.app);
    const created = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/organisations',
      headers: bearer(staff.token),
      payload: {
        name: 'Københavns Politi',
        type: 'police',
        region: 'dk',
        registration_number: nextCvr(),
        admin_email: officer.email,
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const accepted = await t.app.inject({
      method: 'POST',
      url: `/api/organisations/invitations/${await latestInvitationCode(t.app, officer.email)}/accept`,
      headers: bearer(officer.token),
    });
    expect(accepted.statusCode, accepted.body).toBe(200);
    const policeToken: string = accepted.json().authentication_token;

    const registered = await register(t.app, policeToken, bikeId, {
      place: PLACE,
      collect_until: inDays(30),
    });
    expect(registered.statusCode, registered.body).toBe(201);
    expect((await list(t.app, owner.token)).for_me[0]).toMatchObject({ holder_name: 'Københavns Politi' });
  });

  it('an organisation holds a bike under its name; the holder cancels and the owner is told', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const admin = await signUpVerifiedUser(t.app, 'shop');
    const organisationId = await createBusiness(t.app, admin, 'Cykelhjørnet ApS');
    const acting = await t.app.inject({
      method: 'PUT',
      url: '/api/identities/authentications/acting-party',
      headers: bearer(admin.token),
      payload: { party_id: organisationId },
    });
    expect(acting.statusCode, acting.body).toBe(200);
    const shopToken: string = acting.json().authentication_token;

    const created = await register(t.app, shopToken, bikeId, {
      place: 'Cykelhjørnet, Jagtvej 10',
      collect_until: inDays(30),
    });
    expect(created.statusCode, created.body).toBe(201);
    const pickup = created.json<Pickup>();
    expect((await list(t.app, owner.token)).for_me[0]).toMatchObject({
      holder_name: 'Cykelhjørnet ApS',
      holder_kind: 'organisation',
    });
    expect((await list(t.app, shopToken)).held_by_me.map((held) => held.pickup_id)).toEqual([
      pickup.pickup_id,
    ]);

    const cancelled = await act(t.app, shopToken, pickup.pickup_id, 'cancel');
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json().status).toBe('cancelled');
    const [mail] = await mailsTo(t.app.db, owner.email, 'pickup_cancelled');
    expect(mail?.text).toContain('Cykelhjørnet ApS');
    expect(mail?.links).toContain(`${t.config.publicUrl}/app/chats/${pickup.chat_id}`);
    expect((await act(t.app, owner.token, pickup.pickup_id, 'collected')).statusCode).toBe(409);
  });
});
