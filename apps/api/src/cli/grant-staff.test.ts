import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../db/schema/backoffice.ts';
import { captureOutput } from '../test/command-helpers.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { bearer, signUpUser, uniqueEmail } from '../test/identity-helpers.ts';
import { runGrantStaff } from './grant-staff.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('npm run staff:grant', () => {
  it('makes an existing account admin, audited without an actor, effective on the next request', async () => {
    const email = uniqueEmail('first-admin');
    const person = await signUpUser(t.app, { email });
    const { lines, output } = captureOutput();
    expect(await runGrantStaff([email.toUpperCase(), 'admin'], t.database, output)).toBe(0);
    expect(lines[0]).toContain(`${email} is now backoffice admin`);

    const profile = await t.app.inject({
      method: 'GET',
      url: '/api/identities/me',
      headers: bearer(person.token),
    });
    expect(profile.json().staff_role).toBe('admin');
    const audits = await t.database.db
      .select()
      .from(auditEvents)
      .where(eq(auditEvents.targetPartyId, person.partyId));
    expect(audits).toMatchObject([
      {
        action: 'staff.grant',
        actorPartyId: null,
        sessionId: null,
        details: { role: 'admin', previous_role: null },
      },
    ]);
  });

  it('explains its usage and refuses unknown accounts', async () => {
    const usage = captureOutput();
    expect(await runGrantStaff(['someone@example.dk'], t.database, usage.output)).toBe(2);
    expect(await runGrantStaff(['someone@example.dk', 'owner'], t.database, usage.output)).toBe(2);
    expect(await runGrantStaff(['not-an-email', 'admin'], t.database, usage.output)).toBe(2);
    expect(usage.errors[0]).toMatch(/^Usage: npm run staff:grant/);

    const unknown = captureOutput();
    expect(await runGrantStaff([uniqueEmail('nobody'), 'support'], t.database, unknown.output)).toBe(1);
    expect(unknown.errors[0]).toMatch(/No account signs in with/);
  });
});
