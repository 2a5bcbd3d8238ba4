import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEvents } from '../../db/schema/backoffice.ts';
import { bikes } from '../../db/schema/bikes.ts';
import { theftReports } from '../../db/schema/theft.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { mailsTo } from '../../test/identity-helpers.ts';
import { call, completeDraft, draftUrl, ownerWithBike, submitUrl } from '../../test/theft-report-fixtures.ts';

/*
 * Concurrency of theft reports. On PostgreSQL (api-postgres) the requests truly run in parallel on
 * a pool of connections; the bike row lock must let exactly one submit win. On PGlite they are
 * serialised and the same assertions hold.
 */

describe('theft reports under concurrency', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('10 concurrent submits of one report: exactly one succeeds, with one effect', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    expect((await call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft())).statusCode).toBe(200);

    const answers = await Promise.all(
      Array.from({ length: 10 }, () => call(t.app, owner.token, 'POST', submitUrl(bikeId))),
    );
    const statuses = answers.map((answer) => answer.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const answer of answers.filter((a) => a.statusCode === 409)) {
      expect(answer.json().code).toBe('bike_already_stolen');
    }

    const [bike] = await t.app.db.select().from(bikes).where(eq(bikes.id, bikeId));
    expect(bike?.status).toBe('stolen');
    const reports = await t.app.db.select().from(theftReports).where(eq(theftReports.bikeId, bikeId));
    expect(reports.map((report) => report.status)).toEqual(['submitted']);
    const audits = await t.app.db
      .select()
      .from(auditEvents)
      .where(
        and(eq(auditEvents.action, 'theft.report_submitted'), eq(auditEvents.targetPartyId, owner.partyId)),
      );
    expect(audits).toHaveLength(1);
    expect(await mailsTo(t.app.db, owner.email, 'theft_report_submitted')).toHaveLength(1);
  });

  it('first saves of a draft at once make one draft, never two', async () => {
    const { owner, bikeId } = await ownerWithBike(t.app);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, index) =>
        call(t.app, owner.token, 'PUT', draftUrl(bikeId), completeDraft({ first_name: `Freja ${index}` })),
      ),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual(answers.map(() => 200));
    const reports = await t.app.db.select().from(theftReports).where(eq(theftReports.bikeId, bikeId));
    expect(reports).toHaveLength(1);
    expect(new Set(answers.map((answer) => answer.json().location_id))).toEqual(new Set([reports[0]?.id]));
  });
});
