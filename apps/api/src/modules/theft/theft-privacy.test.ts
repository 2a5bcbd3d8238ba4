import { todayInRegisterZone } from '@nbr/domain/bikes';
import type { ChatSummary } from '@nbr/domain/chats';
import type { Pickup } from '@nbr/domain/finds';
import { eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bikes } from '../../db/schema/bikes.ts';
import { guestContacts, theftReports } from '../../db/schema/theft.ts';
import { contactAsConfirmedVisitor } from '../../test/contact-owner-fixtures.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  bearer,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { signUpVerifiedUser } from '../../test/organisation-helpers.ts';
import { act, offerBike, setName, signUpConfirmed } from '../../test/ownership-fixtures.ts';
import {
  call,
  completeDraft,
  draftUrl,
  foundUrl,
  ownerWithBike,
  reportStolen,
  reportUrl,
} from '../../test/theft-report-fixtures.ts';
import { confirmEmail, verifyThroughDevProvider } from '../../test/verification-helpers.ts';

/*
 * Review of issue 6 (stolen and found): what must not outlive an account or reach the other side of
 * a conversation. An account deletion takes every theft report the person made (also of bikes that
 * have moved on since) and the address of the guest messages they claimed; an address proven later
 * does not show the account's name for what a guest wrote; a finder holding a bike is not named in
 * full to the owner before they write.
 */

const CONFIRMED = {
  confirm_data_copy: true,
  confirm_legal_retention: true,
  confirm_insurance_consequences: true,
  confirm_permanent: true,
  password: TEST_PASSWORD,
};

function deleteAccount(app: FastifyInstance, user: TestUser) {
  return app.inject({
    method: 'DELETE',
    url: `/api/identities/${user.partyId}/`,
    headers: bearer(user.token),
    payload: CONFIRMED,
  });
}

async function chatsOf(app: FastifyInstance, user: TestUser): Promise<ChatSummary[]> {
  const response = await app.inject({ method: 'GET', url: '/api/chats/', headers: bearer(user.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

function inDays(days: number): string {
  const day = new Date(`${todayInRegisterZone()}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + days);
  return day.toISOString().slice(0, 10);
}

describe('theft: privacy across accounts and conversations', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({ contactOwnerRateLimits: { visitorContactsPerHour: 100 } });
  });

  afterAll(async () => {
    await t?.close();
  });

  const reportsMadeBy = (partyId: string) =>
    t.app.db.select().from(theftReports).where(eq(theftReports.ownerPartyId, partyId));

  it('deleting an account deletes the theft reports the person made of bikes now someone else’s', async () => {
    const { owner: first, bikeId } = await ownerWithBike(t.app);
    // A theft, found again (the report stays in the first owner's history), then a draft of another.
    const sent = await reportStolen(t.app, first.token, bikeId, { street_address: 'Hemmelig Allé 1' });
    const approval = await verifyThroughDevProvider(t.app, first.token, {
      body: {
        verification_session_type: 'approval',
        approval_action: 'report_found',
        approval_object_id: bikeId,
        success_url: `/app/my-bikes/${bikeId}`,
        failure_url: `/app/my-bikes/${bikeId}?approval=failed`,
      },
    });
    expect(approval.statusCode).toBe(200);
    expect((await call(t.app, first.token, 'POST', foundUrl(bikeId))).statusCode).toBe(200);
    const draft = await call(
      t.app,
      first.token,
      'PUT',
      draftUrl(bikeId),
      completeDraft({ city: 'Hemmeligby' }),
    );
    expect(draft.statusCode).toBe(200);

    const second = await signUpConfirmed(t.app);
    const { transferId } = await offerBike(t.app, first.token, bikeId, second.email);
    expect((await act(t.app, second.token, transferId, 'accept')).statusCode).toBe(200);
    expect((await reportsMadeBy(first.partyId)).map((row) => row.status).sort()).toEqual(['closed', 'draft']);
    const pdfPath = new URL(sent.pdf_url, t.config.publicUrl);
    expect(
      (await t.app.inject({ method: 'GET', url: `${pdfPath.pathname}${pdfPath.search}` })).statusCode,
    ).toBe(200);

    expect((await deleteAccount(t.app, first)).statusCode).toBe(204);

    expect(await reportsMadeBy(first.partyId)).toEqual([]);
    const [leftover] = await t.app.db
      .execute<{ n: number }>(
        sql`select count(*)::int as n from theft_reports where fields::text like '%Hemmelig%'`,
      )
      .then((result) => (result as unknown as { rows: Array<{ n: number }> }).rows);
    expect(leftover?.n).toBe(0);
    // The PDF address handed out before is dead, the bike is the second owner's as before.
    expect(
      (await t.app.inject({ method: 'GET', url: `${pdfPath.pathname}${pdfPath.search}` })).statusCode,
    ).toBe(404);
    const [bike] = await t.app.db.select().from(bikes).where(eq(bikes.id, bikeId));
    expect(bike?.ownerPartyId).toBe(second.partyId);
    expect((await call(t.app, second.token, 'GET', draftUrl(bikeId))).statusCode).toBe(200);
    expect((await call(t.app, second.token, 'GET', reportUrl(bikeId))).statusCode).toBe(404);
  });

  it('deleting an account forgets the address of the guest messages it claimed', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await t.app.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
    const email = uniqueEmail('claimed');
    await contactAsConfirmedVisitor(t.app, bikeId, { message: 'Set ved Valby station.', email });
    const person = await signUpUser(t.app, { email, skip_email: false });
    await confirmEmail(t.app, email);
    expect(await chatsOf(t.app, person)).toHaveLength(1);
    expect(await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email))).toHaveLength(1);

    expect((await deleteAccount(t.app, person)).statusCode).toBe(204);

    expect(await t.app.db.select().from(guestContacts).where(eq(guestContacts.email, email))).toEqual([]);
    expect(await chatsOf(t.app, owner)).toHaveLength(1);
  });

  it('an account claiming a guest’s chats stays anonymous to the owner until it writes', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    await t.app.db.update(bikes).set({ status: 'stolen' }).where(eq(bikes.id, bikeId));
    // Anyone can type any address into the contact form: here, that of someone with an account.
    const email = uniqueEmail('named');
    await contactAsConfirmedVisitor(t.app, bikeId, { message: 'Jeg har din cykel.', email });
    const person = await signUpUser(t.app, { email, skip_email: false });
    await setName(t.app, person, 'Vera', 'Virkelig');
    await confirmEmail(t.app, email);
    const [claimed] = await chatsOf(t.app, person);
    expect(claimed?.participants).toContainEqual({ role: 'contact', is_me: true, name: 'Vera Virkelig' });

    const [seen] = await chatsOf(t.app, owner);
    expect(seen?.participants).toContainEqual({ role: 'contact', is_me: false, name: null });
    expect(JSON.stringify(seen)).not.toContain('Virkelig');

    // Writing from the account is choosing to talk: then the name shows, as for any contact.
    const written = await t.app.inject({
      method: 'POST',
      url: `/api/chats/${claimed?.id}/messages`,
      headers: bearer(person.token),
      payload: { content: 'Det var mig.' },
    });
    expect(written.statusCode, written.body).toBe(201);
    const [after] = await chatsOf(t.app, owner);
    expect(after?.participants).toContainEqual({ role: 'contact', is_me: false, name: 'Vera Virkelig' });
  });

  it('a finder holding a bike is named to the owner by first name only, in the chat too', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const finder = await signUpVerifiedUser(t.app, 'holder');
    await setName(t.app, finder, 'Frida', 'Findersen');
    const created = await t.app.inject({
      method: 'POST',
      url: `/api/bikes/${bikeId}/pickups`,
      headers: bearer(finder.token),
      payload: { place: 'Politigården, 1780 København V', collect_until: inDays(14) },
    });
    expect(created.statusCode, created.body).toBe(201);
    const pickup = created.json<Pickup>();

    const ownerChats = await chatsOf(t.app, owner);
    const chat = ownerChats.find((candidate) => candidate.id === pickup.chat_id);
    expect(chat?.participants).toContainEqual({ role: 'contact', is_me: false, name: null });
    expect(JSON.stringify(ownerChats)).not.toContain('Findersen');
    const messages = await t.app.inject({
      method: 'GET',
      url: `/api/chats/${pickup.chat_id}/messages`,
      headers: bearer(owner.token),
    });
    expect(messages.statusCode).toBe(200);
    expect(messages.body).not.toContain('Findersen');
  });
});

describe('theft: the PDF address in the logs', () => {
  let t: TestApp;
  const logLines: string[] = [];

  beforeAll(async () => {
    t = await createTestApp({
      env: { LOG_LEVEL: 'info' },
      logStream: { write: (line: string) => void logLines.push(line) },
    });
  });

  afterAll(async () => {
    await t?.close();
  });

  it('never logs the signature that opens a theft report’s PDF', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const { pdf_url: pdfUrl } = await reportStolen(t.app, owner.token, bikeId);
    const address = new URL(pdfUrl, t.config.publicUrl);
    const signature = address.searchParams.get('signature') ?? '';
    expect(signature.length).toBeGreaterThan(20);
    const pdf = await t.app.inject({ method: 'GET', url: `${address.pathname}${address.search}` });
    expect(pdf.statusCode).toBe(200);

    const logged = logLines.join('\n');
    expect(logged).toContain('/theft-report/pdf?');
    expect(logged).toContain('signature=[redacted]');
    expect(logged).not.toContain(signature);
  });
});
