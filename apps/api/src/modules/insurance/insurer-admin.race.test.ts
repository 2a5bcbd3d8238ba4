import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { insurancePayouts, insurancePolicies } from '../../db/schema/insurance.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer } from '../../test/identity-helpers.ts';
import { appliedPolicy, createInsurer, type TestInsurer } from '../../test/insurance-helpers.ts';
import { signUpStaff } from '../../test/organisation-helpers.ts';
import { ownerWithBike, reportStolen } from '../../test/theft-report-fixtures.ts';

/*
 * Concurrency of the insurer's decisions and payouts. On PostgreSQL (api-postgres) the requests run
 * in parallel on a pool of connections: the unique policy number per insurer and the bike row lock
 * must let exactly one win. On PGlite they are serialised and the same assertions hold.
 */

describe('the insurer’s admin under concurrency', () => {
  let t: TestApp;
  let insurer: TestInsurer;

  beforeAll(async () => {
    t = await createTestApp();
    insurer = await createInsurer(t.app, (await signUpStaff(t.app, 'admin')).token);
  }, 60_000);

  afterAll(async () => {
    await t?.close();
  });

  const post = (url: string, payload: Record<string, unknown>) =>
    t.app.inject({ method: 'POST', url, headers: bearer(insurer.staff.token), payload });

  it('one policy number given to two applications at once: one is accepted, the other told why', async () => {
    const { owner } = await ownerWithBike(t.app);
    const applications = await Promise.all(
      [1, 2].map(() =>
        appliedPolicy(t.app, owner.token, {
          insurer_party_id: insurer.partyId,
          coverage: 'bike_theft',
          number_of_bikes: 1,
        }),
      ),
    );
    const answers = await Promise.all(
      applications.map((policy) =>
        post(`/api/insurance/${insurer.partyId}/admin/policies/${policy.id}/accept`, {
          insurer_policy_number: 'RACE-1',
        }),
      ),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 422]);
    const loser = answers.find((answer) => answer.statusCode === 422);
    expect(loser?.json().detail[0].type).toBe('insurer_policy_number_in_use');
    const numbered = await t.app.db
      .select()
      .from(insurancePolicies)
      .where(
        and(
          eq(insurancePolicies.insurerPartyId, insurer.partyId),
          eq(insurancePolicies.insurerPolicyNumber, 'RACE-1'),
        ),
      );
    expect(numbered).toHaveLength(1);
  });

  it('8 payouts of one claim at once: exactly one is recorded and audited', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const policy = await appliedPolicy(t.app, owner.token, {
      insurer_party_id: insurer.partyId,
      coverage: 'bike_theft',
      number_of_bikes: 1,
      bike_ids: [bikeId],
    });
    await post(`/api/insurance/${insurer.partyId}/admin/policies/${policy.id}/accept`, {
      insurer_policy_number: 'RACE-2',
    });
    const report = await reportStolen(t.app, owner.token, bikeId);
    const answers = await Promise.all(
      Array.from({ length: 8 }, () =>
        post(`/api/insurance/${insurer.partyId}/admin/policies/${policy.id}/bikes/${bikeId}/payout`, {
          amount_minor: 100_000,
        }),
      ),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    // The first payout moved the registration to the insurer; the others find the claim paid.
    for (const answer of answers.filter((a) => a.statusCode !== 201)) {
      expect(answer.json().code).toBe('claim_already_paid');
    }
    expect(
      await t.app.db
        .select()
        .from(insurancePayouts)
        .where(eq(insurancePayouts.theftReportId, report.report_id)),
    ).toHaveLength(1);
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'insurance.claim_paid'), eq(auditEvents.targetPartyId, owner.partyId)),
      );
    expect(audits).toHaveLength(1);
  });
});
