import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { identities, nationalIdentityChecks } from '../../db/schema/identity.ts';
import { uuidv7 } from '../../platform/ids.ts';
import { auditEventsAbout } from '../../test/audit-helpers.ts';
import { insertBike, uniqueFrameNumber, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import {
  injectAs,
  logIn,
  mailsTo,
  signUpUser,
  TEST_PASSWORD,
  type TestUser,
  uniqueEmail,
} from '../../test/identity-helpers.ts';
import { createStaffFixtures, signUpStaff } from '../../test/staff-fixtures.ts';
import { reportStolen } from '../../test/theft-report-fixtures.ts';

let t: TestApp;
let support: TestUser;
let admin: TestUser;
beforeAll(async () => {
  t = await createTestApp();
  ({ support, admin } = await createStaffFixtures(t.app));
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;

const call = (token: string | null, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  injectAs(t.app, token, method, url, payload);

async function named(person: TestUser, firstName: string): Promise<void> {
  await db().update(identities).set({ firstName }).where(eq(identities.partyId, person.partyId));
}

const auditOf = (action: string, targetPartyId: string) => auditEventsAbout(db(), action, targetPartyId);

describe('GET /api/backoffice/identities/:id', () => {
  it('shows staff the person’s profile, bikes, consents and sessions, and audits the look-up', async () => {
    const person = await signUpUser(t.app);
    await named(person, 'Ida');
    await insertBike(db(), { ownerPartyId: person.partyId, nickname: 'Den røde', brand: 'Kildemoes' });

    const answer = await call(support.token, 'GET', `/api/backoffice/identities/${person.partyId}`);
    expect(answer.statusCode).toBe(200);
    const body = answer.json();
    expect(body.profile).toMatchObject({
      identity_party_id: person.partyId,
      email: person.email,
      first_name: 'Ida',
      blocked_at: null,
    });
    expect(body.bikes).toEqual([expect.objectContaining({ nickname: 'Den røde', brand: 'Kildemoes' })]);
    expect(body.orders).toEqual([]);
    expect(body.sessions.length).toBeGreaterThan(0);
    // Support does not read the audit trail about people, and is told what it may do.
    expect(body.audit_trail).toBeNull();
    expect(body.capabilities).toContain('edit_profile');
    expect(body.capabilities).not.toContain('block');

    const [audit] = await auditOf('backoffice.person_viewed', person.partyId);
    expect(audit).toMatchObject({ actorPartyId: support.partyId });
  });

  it('shows admins the audit trail about the person, with the reason a switch was made', async () => {
    const person = await signUpUser(t.app);
    const switched = await call(support.token, 'POST', `/api/identities/switch-user/${person.partyId}`, {
      reason: 'Ticket #812: bike missing',
    });
    expect(switched.statusCode).toBe(200);
    const answer = await call(admin.token, 'GET', `/api/backoffice/identities/${person.partyId}`);
    expect(answer.statusCode).toBe(200);
    const trail = answer.json().audit_trail as Array<{ action: string; details: Record<string, unknown> }>;
    expect(trail.find((event) => event.action === 'switch_user.start')?.details).toMatchObject({
      reason: 'Ticket #812: bike missing',
    });
  });

  it('refuses visitors (401) and people who are not staff (403); 404 for an unknown person', async () => {
    const person = await signUpUser(t.app);
    expect((await call(null, 'GET', `/api/backoffice/identities/${person.partyId}`)).statusCode).toBe(401);
    expect((await call(person.token, 'GET', `/api/backoffice/identities/${person.partyId}`)).statusCode).toBe(
      403,
    );
    expect((await call(admin.token, 'GET', `/api/backoffice/identities/${uuidv7()}`)).statusCode).toBe(404);
  });
});

describe('PATCH /api/backoffice/identities/:id', () => {
  it('lets support correct name, phone, address and language, audited with before, after and reason', async () => {
    const person = await signUpUser(t.app);
    await named(person, 'Ola');
    const answer = await call(support.token, 'PATCH', `/api/backoffice/identities/${person.partyId}`, {
      first_name: 'Ole',
      city: 'Aarhus',
      language: 'en',
      reason: 'Ticket #77: typo in name',
    });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toMatchObject({ first_name: 'Ole', city: 'Aarhus', language: 'en' });
    const [audit] = await auditOf('backoffice.person_updated', person.partyId);
    expect(audit?.actorPartyId).toBe(support.partyId);
    expect(audit?.details).toMatchObject({
      reason: 'Ticket #77: typo in name',
      before: { first_name: 'Ola', city: null, language: 'da' },
      after: { first_name: 'Ole', city: 'Aarhus', language: 'en' },
    });
  });

  it('asks for a reason, and leaves the e-mail address to admins (who start the change by mail)', async () => {
    const person = await signUpUser(t.app);
    const noReason = await call(support.token, 'PATCH', `/api/backoffice/identities/${person.partyId}`, {
      first_name: 'X',
    });
    expect(noReason.statusCode).toBe(422);

    const moved = uniqueEmail('moved');
    const bySupport = await call(support.token, 'PATCH', `/api/backoffice/identities/${person.partyId}`, {
      email: moved,
      reason: 'Ticket #78',
    });
    expect(bySupport.statusCode).toBe(403);

    const byAdmin = await call(admin.token, 'PATCH', `/api/backoffice/identities/${person.partyId}`, {
      email: moved,
      reason: 'Ticket #78: new address',
    });
    expect(byAdmin.statusCode).toBe(200);
    expect(byAdmin.json()).toMatchObject({ email: person.email, pending_email: moved });
    expect(await mailsTo(db(), moved, 'email_change_confirmation')).toHaveLength(1);
    expect(await mailsTo(db(), person.email, 'email_change_notice')).toHaveLength(1);
  });

  it('never edits a staff member’s account', async () => {
    const colleague = await signUpStaff(t.app, 'support');
    const answer = await call(admin.token, 'PATCH', `/api/backoffice/identities/${colleague.partyId}`, {
      first_name: 'Z',
      reason: 'Ticket #79',
    });
    expect(answer.statusCode).toBe(403);
  });
});

describe('blocking', () => {
  it('lets an admin block a person: their sessions end, sign-in is refused in their language; unblock restores it', async () => {
    const person = await signUpUser(t.app, { language: 'en' });
    const blocked = await call(admin.token, 'POST', `/api/backoffice/identities/${person.partyId}/block`, {
      reason: 'Fraud report #9',
    });
    expect(blocked.statusCode).toBe(200);
    expect(blocked.json().blocked_at).not.toBeNull();

    const me = await call(person.token, 'GET', '/api/identities/me');
    expect(me.statusCode).toBe(401);
    const signIn = await t.app.inject({
      method: 'POST',
      url: '/api/identities/authentications',
      payload: { email: person.email, password: TEST_PASSWORD },
      headers: { 'accept-language': 'en' },
    });
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json()).toMatchObject({ code: 'account_blocked' });
    expect(signIn.json().detail).toContain('blocked');

    // Staff cannot switch into a blocked account either.
    const switched = await call(support.token, 'POST', `/api/identities/switch-user/${person.partyId}`, {
      reason: 'Ticket #10',
    });
    expect(switched.statusCode).toBe(403);

    const [audit] = await auditOf('backoffice.person_blocked', person.partyId);
    expect(audit).toMatchObject({ actorPartyId: admin.partyId, details: { reason: 'Fraud report #9' } });

    const again = await call(admin.token, 'POST', `/api/backoffice/identities/${person.partyId}/block`, {
      reason: 'twice',
    });
    expect(again.statusCode).toBe(409);

    const unblocked = await call(
      admin.token,
      'POST',
      `/api/backoffice/identities/${person.partyId}/unblock`,
      {
        reason: 'Cleared',
      },
    );
    expect(unblocked.statusCode).toBe(200);
    expect(await logIn(t.app, person.email, TEST_PASSWORD)).toEqual(expect.any(String));
    expect(await auditOf('backoffice.person_unblocked', person.partyId)).toHaveLength(1);
  });

  it('refuses support (403) and a missing reason (422)', async () => {
    const person = await signUpUser(t.app);
    expect(
      (
        await call(support.token, 'POST', `/api/backoffice/identities/${person.partyId}/block`, {
          reason: 'x1y',
        })
      ).statusCode,
    ).toBe(403);
    expect(
      (await call(admin.token, 'POST', `/api/backoffice/identities/${person.partyId}/block`, {})).statusCode,
    ).toBe(422);
    const [row] = await db().select().from(identities).where(eq(identities.partyId, person.partyId));
    expect(row?.blockedAt).toBeNull();
  });
});

describe('POST /api/backoffice/identities/:id/mails', () => {
  it('mails the verification link again to an unconfirmed address, and a reset link; audited', async () => {
    const person = await signUpUser(t.app);
    await db()
      .update(identities)
      .set({ emailVerifiedAt: null })
      .where(eq(identities.partyId, person.partyId));
    const verification = await call(
      support.token,
      'POST',
      `/api/backoffice/identities/${person.partyId}/mails`,
      {
        mail: 'email_verification',
      },
    );
    expect(verification.statusCode).toBe(204);
    expect(await mailsTo(db(), person.email, 'email_verification')).toHaveLength(1);

    const reset = await call(support.token, 'POST', `/api/backoffice/identities/${person.partyId}/mails`, {
      mail: 'password_reset',
    });
    expect(reset.statusCode).toBe(204);
    expect(await mailsTo(db(), person.email, 'password_reset')).toHaveLength(1);
    const audits = await auditOf('backoffice.mail_resent', person.partyId);
    expect(audits.map((event) => (event.details as { mail: string }).mail).sort()).toEqual([
      'email_verification',
      'password_reset',
    ]);
  });

  it('mails no reset link to a blocked person: 403 account_blocked, nothing queued (issue 27)', async () => {
    const person = await signUpUser(t.app);
    const blocked = await call(admin.token, 'POST', `/api/backoffice/identities/${person.partyId}/block`, {
      reason: 'Fraud report #27',
    });
    expect(blocked.statusCode).toBe(200);
    const reset = await call(support.token, 'POST', `/api/backoffice/identities/${person.partyId}/mails`, {
      mail: 'password_reset',
    });
    expect(reset.statusCode).toBe(403);
    expect(reset.json()).toMatchObject({ code: 'account_blocked' });
    expect(await mailsTo(db(), person.email, 'password_reset')).toEqual([]);
  });

  it('answers 409 when a confirmed address has nothing to confirm', async () => {
    const person = await signUpUser(t.app);
    await db()
      .update(identities)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(identities.partyId, person.partyId));
    const answer = await call(support.token, 'POST', `/api/backoffice/identities/${person.partyId}/mails`, {
      mail: 'email_verification',
    });
    expect(answer.statusCode).toBe(409);
  });
});

describe('POST /api/backoffice/identities/:id/national-identity', () => {
  it('answers admins the checks only with a reason, and audits the reading as private data', async () => {
    const person = await signUpUser(t.app);
    await db().insert(nationalIdentityChecks).values({
      id: uuidv7(),
      partyId: person.partyId,
      provider: 'mitid',
      issuer: 'https://mitid.test',
      subject: 'subject-1',
      name: 'Ida Hansen',
      birthDate: '1990-01-01',
    });
    const url = `/api/backoffice/identities/${person.partyId}/national-identity`;
    expect((await call(admin.token, 'POST', url, {})).statusCode).toBe(422);
    expect((await call(support.token, 'POST', url, { reason: 'Ticket #5' })).statusCode).toBe(403);
    const answer = await call(admin.token, 'POST', url, { reason: 'Police request #5' });
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual([
      expect.objectContaining({ provider: 'mitid', name: 'Ida Hansen', birth_date: '1990-01-01' }),
    ]);
    const [audit] = await auditOf('backoffice.private_data_read', person.partyId);
    expect(audit).toMatchObject({
      actorPartyId: admin.partyId,
      details: { reason: 'Police request #5', data: 'national_identity' },
    });
  });
});

describe('GET /api/backoffice/dashboard', () => {
  it('counts what waits in each queue, for staff only', async () => {
    const countOf = async (key: string) => {
      const answer = await call(support.token, 'GET', '/api/backoffice/dashboard');
      expect(answer.statusCode).toBe(200);
      return (answer.json().counts as Array<{ key: string; count: number }>).find(
        (entry) => entry.key === key,
      )?.count;
    };
    // A theft report just submitted waits for review, until staff mark it reviewed.
    const before = await countOf('stolen_reports_to_review');
    const owner = await signUpUser(t.app);
    const bike = await insertBike(db(), {
      ownerPartyId: owner.partyId,
      frameNumber: uniqueFrameNumber('DASH'),
      plateId: uniqueStickerCode(),
    });
    const report = await reportStolen(t.app, owner.token, bike.bikeId);
    expect(await countOf('stolen_reports_to_review')).toBe((before ?? 0) + 1);
    const reviewed = await call(
      support.token,
      'POST',
      `/api/backoffice/theft-reports/${report.report_id}/review`,
    );
    expect(reviewed.statusCode).toBe(200);
    expect(await countOf('stolen_reports_to_review')).toBe(before ?? 0);

    // A support ticket waits for staff until they answer it.
    const ticketsBefore = await countOf('open_tickets');
    const opened = await call(owner.token, 'POST', '/api/support/tickets', {
      subject_kind: 'account',
      message: 'Where is my plate?',
    });
    expect(opened.statusCode).toBe(201);
    expect(await countOf('open_tickets')).toBe((ticketsBefore ?? 0) + 1);

    const answer = await call(support.token, 'GET', '/api/backoffice/dashboard');
    const keys = (answer.json().counts as Array<{ key: string; count: number }>).map((entry) => entry.key);
    expect(keys).toEqual([
      'orders_to_pack',
      'open_tickets',
      'stolen_reports_to_review',
      'ownership_verifications',
      'insurance_verifications',
    ]);
    const person = await signUpUser(t.app);
    expect((await call(person.token, 'GET', '/api/backoffice/dashboard')).statusCode).toBe(403);
    expect((await call(null, 'GET', '/api/backoffice/dashboard')).statusCode).toBe(401);
  });
});
