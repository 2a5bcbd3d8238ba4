import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import writeXlsxFile from 'write-excel-file/node';
import { bikeOwnerships, bikes, stickers } from '../../db/schema/bikes.ts';
import { identities } from '../../db/schema/identity.ts';
import { bulkImportJobs, bulkImportOwners, bulkImportRows } from '../../db/schema/onboarding.ts';
import { latestAuditEvent } from '../../test/audit-helpers.ts';
import { insertBike, uniqueFrameNumber, uniqueStickerCode } from '../../test/bike-helpers.ts';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { bearer, logIn, mailsTo, signUpUser, uniqueEmail } from '../../test/identity-helpers.ts';
import { createStaffFixtures, type StaffFixtures } from '../../test/staff-fixtures.ts';
import { deleteExpiredRows, runImportPass, stageImport } from './bulk-import.service.ts';

let t: TestApp;
let staff: StaffFixtures;
beforeAll(async () => {
  t = await createTestApp();
  staff = await createStaffFixtures(t.app);
});
afterAll(async () => {
  await t?.close();
});

const db = () => t.database.db;
const deps = () => ({ db: db(), copyFrom: t.database.copyFrom, publicUrl: 'http://localhost:5173' });

function multipart(fields: Record<string, string>, file: { name: string; bytes: Buffer }) {
  const boundary = `----nbr${randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  chunks.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: text/csv\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

async function upload(
  token: string | null,
  csv: string,
  fields: Record<string, string> = { source_name: 'Cykel Jensen' },
) {
  const body = multipart(fields, { name: 'register.csv', bytes: Buffer.from(csv, 'utf8') });
  return t.app.inject({
    method: 'POST',
    url: '/api/backoffice/bulk-imports',
    payload: body.payload,
    headers: { ...body.headers, ...(token ? bearer(token) : {}) },
  });
}

const HEADER =
  'owner_email;owner_name;frame_number;plate_id;brand;model;colour;category;year;electric;registered_at;region';

/** Drains the queue as a worker pass would, in small chunks (several transactions). */
async function runAll(owner = 'test-instance') {
  while (await runImportPass(deps(), { owner, chunkRows: 2 })) {
    // one job per pass
  }
}

describe('bulk import: dry run, import, report, invitations, claim', () => {
  it('reports each bad row with its reason, imports the rest, invites each person once, and the claim attaches the bikes', async () => {
    const anna = uniqueEmail('anna');
    const bo = uniqueEmail('bo');
    const taken = uniqueFrameNumber('TAKEN');
    const owner = await signUpUser(t.app);
    await insertBike(db(), { ownerPartyId: owner.partyId, frameNumber: taken });
    const [f1, f2, f3, f4] = [
      uniqueFrameNumber('BLK'),
      uniqueFrameNumber('BLK'),
      uniqueFrameNumber('BLK'),
      uniqueFrameNumber('BLK'),
    ];
    const plate = uniqueStickerCode();
    const csv = [
      `\uFEFF${HEADER}`,
      `${anna};Anna Holm;${f1};${plate};Kildemoes;"Logic; 7";black;city;2021;nej;31.05.2024;DK`,
      `${anna};Anna Holm;${f2};;Trek;;blue;;;ja;;dk`,
      `${bo};Bo;${f3};;;;;;;;2023-02-01;no`,
      `not-an-address;X;${uniqueFrameNumber('BLK')};;;;;;;;;dk`,
      `${bo};Bo;${f3};;;;;;;;;no`,
      `${bo};Bo;;;;;;;;;;no`,
      `${bo};Bo;${taken};;;;;;;;;no`,
      `${bo};Bo;${f4};;;;purple-ish;;;;;no`,
      `${bo};Bo;${uniqueFrameNumber('BLK')};;;;;;1850;;;no`,
      `${bo};Bo;${uniqueFrameNumber('BLK')};;;;;;;;;sweden`,
    ].join('\r\n');
    const answer = await upload(staff.admin.token, csv);
    expect(answer.statusCode, answer.body).toBe(201);
    const job = answer.json();
    expect(job).toMatchObject({
      status: 'staged',
      total_rows: 10,
      invalid_rows: 7,
      source_name: 'Cykel Jensen',
    });

    const problems = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bulk-imports/${job.id}/problems`,
      headers: bearer(staff.admin.token),
    });
    expect(problems.statusCode).toBe(200);
    expect(
      problems.json().problems.map((p: { row_number: number; reason: string }) => [p.row_number, p.reason]),
    ).toEqual([
      [5, 'owner_email_invalid'],
      [6, 'frame_number_twice_in_file'],
      [7, 'frame_or_plate_required'],
      [8, 'frame_number_in_use'],
      [9, 'colour_invalid'],
      [10, 'year_invalid'],
      [11, 'region_invalid'],
    ]);
    // The dry run wrote nothing to the register.
    expect(await db().select().from(bikes).where(eq(bikes.frameNumberKey, f1))).toHaveLength(0);

    const started = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/start`,
      headers: bearer(staff.admin.token),
    });
    expect(started.statusCode).toBe(200);
    expect(started.json().status).toBe('queued');
    // The audit trail: who uploaded and started which register, with counts, never a row's names.
    const staged = await latestAuditEvent(db(), 'bulk_import.staged');
    expect(staged?.actorPartyId).toBe(staff.admin.partyId);
    expect(staged?.details).toMatchObject({
      job_id: job.id,
      source_name: 'Cykel Jensen',
      rows: 10,
      invalid_rows: 7,
    });
    expect(JSON.stringify(staged?.details)).not.toContain(anna);
    expect((await latestAuditEvent(db(), 'bulk_import.started'))?.details).toMatchObject({ job_id: job.id });
    await runAll();

    const done = (
      await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/bulk-imports/${job.id}`,
        headers: bearer(staff.admin.token),
      })
    ).json();
    expect(done).toMatchObject({
      status: 'done',
      imported_rows: 3,
      rejected_rows: 0,
      invitations_sent: 2,
      progress_percent: 100,
    });

    const imported = await db().select().from(bikes).where(eq(bikes.frameNumberKey, f1));
    expect(imported).toHaveLength(1);
    expect(imported[0]).toMatchObject({
      brand: 'Kildemoes',
      model: 'Logic; 7',
      color: 'black',
      region: 'dk',
    });
    const [placed] = await db()
      .select()
      .from(stickers)
      .where(eq(stickers.bikeId, imported[0]?.id ?? ''));
    expect(placed?.code).toBe(plate);
    const counted = (await db().execute(
      sql`select count(*)::int as n from bike_close_serial_keys where bike_id = ${imported[0]?.id}`,
    )) as unknown as { rows: Array<{ n: number }> };
    const [keys] = counted.rows;
    expect(keys?.n).toBe(9);

    // One mail per person, not per bike, in their region's language.
    const annaMails = await mailsTo(db(), anna, 'bulk_import_invitation');
    expect(annaMails).toHaveLength(1);
    expect(annaMails[0]?.language).toBe('da');
    expect(annaMails[0]?.text).toContain('2 cykler');
    expect((await mailsTo(db(), bo, 'bulk_import_invitation'))[0]?.language).toBe('no');

    // The report: every row, its outcome and reason; no names or addresses.
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bulk-imports/${job.id}/report`,
      headers: bearer(staff.admin.token),
    });
    expect(report.statusCode).toBe(200);
    expect(report.headers['content-type']).toContain('text/csv');
    const lines = report.body.trim().split('\r\n');
    expect(lines).toHaveLength(11);
    expect(lines[1]).toBe(`2,${f1},${plate},imported,,`);
    expect(lines[4]).toContain('rejected,owner_email_invalid');
    expect(report.body).not.toContain(anna);

    // Anna signs up with her address and confirms it: the bikes are hers.
    const person = await signUpUser(t.app, { email: anna });
    expect(await db().select().from(bikes).where(eq(bikes.ownerPartyId, person.partyId))).toHaveLength(0);
    await db()
      .update(identities)
      .set({ emailVerifiedAt: new Date() })
      .where(eq(identities.partyId, person.partyId));
    await logIn(t.app, anna, person.password);
    const mine = await db().select().from(bikes).where(eq(bikes.ownerPartyId, person.partyId));
    expect(mine.map((bike) => bike.frameNumberKey).sort()).toEqual([f1, f2].sort());
    const ownerships = await db()
      .select()
      .from(bikeOwnerships)
      .where(and(eq(bikeOwnerships.ownerPartyId, person.partyId)));
    expect(ownerships).toHaveLength(2);
    const [claimed] = await db()
      .select()
      .from(bulkImportOwners)
      .where(eq(bulkImportOwners.claimedByPartyId, person.partyId));
    expect(claimed).toMatchObject({ email: null, name: null });
    expect(claimed?.claimedAt).not.toBeNull();
  });

  it('refuses a plate in use at the dry run, and imports a bike without a plate taken before the import', async () => {
    const someone = await signUpUser(t.app);
    const [used, later] = [uniqueStickerCode(), uniqueStickerCode()];
    await insertBike(db(), {
      ownerPartyId: someone.partyId,
      frameNumber: uniqueFrameNumber('PLU'),
      plateId: used,
    });
    const email = uniqueEmail('plates');
    const frame = uniqueFrameNumber('PLT');
    const csv = [
      HEADER,
      `${email};;${uniqueFrameNumber('PLT')};${used};;;;;;;;dk`,
      `${email};;${frame};${later};;;;;;;;dk`,
    ].join('\n');
    const job = (await upload(staff.admin.token, csv, { source_name: 'Plates', invite: 'false' })).json();
    const problems = (
      await t.app.inject({
        method: 'GET',
        url: `/api/backoffice/bulk-imports/${job.id}/problems`,
        headers: bearer(staff.admin.token),
      })
    ).json();
    expect(problems.problems).toEqual([
      { row_number: 2, reason: 'plate_id_in_use', frame_number: expect.any(String), plate_id: used },
    ]);
    // Between the dry run and the import someone registers the other plate.
    await insertBike(db(), {
      ownerPartyId: someone.partyId,
      frameNumber: uniqueFrameNumber('PLU'),
      plateId: later,
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/start`,
      headers: bearer(staff.admin.token),
    });
    await runAll();
    const [done] = await db().select().from(bulkImportJobs).where(eq(bulkImportJobs.id, job.id));
    expect(done).toMatchObject({ status: 'done', importedRows: 1, platesRefused: 1 });
    const [bike] = await db().select().from(bikes).where(eq(bikes.frameNumberKey, frame));
    expect(
      await db()
        .select()
        .from(stickers)
        .where(eq(stickers.bikeId, bike?.id ?? '')),
    ).toHaveLength(0);
    const report = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bulk-imports/${job.id}/report`,
      headers: bearer(staff.admin.token),
    });
    expect(report.body).toContain(`3,${frame},${later},imported,,yes`);
  });

  it('resumes after a crash between chunks without importing a row twice', async () => {
    const frames = Array.from({ length: 7 }, () => uniqueFrameNumber('RES'));
    const email = uniqueEmail('resume');
    const csv = [HEADER, ...frames.map((frame) => `${email};;${frame};;;;;;;;;dk`)].join('\n');
    const job = (
      await upload(staff.admin.token, csv, { source_name: 'Forsikring A/S', invite: 'false' })
    ).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/start`,
      headers: bearer(staff.admin.token),
    });
    // The first instance dies after its second chunk (rows 2–5 committed; the header is row 1).
    let chunks = 0;
    await expect(
      runImportPass(deps(), {
        owner: 'instance-a',
        parallelChunks: 1,
        chunkRows: 2,
        leaseMs: 1,
        afterChunk: () => {
          chunks += 1;
          if (chunks === 2) throw new Error('simulated crash');
        },
      }),
    ).rejects.toThrow('simulated crash');
    const [half] = await db().select().from(bulkImportJobs).where(eq(bulkImportJobs.id, job.id));
    expect(half).toMatchObject({ status: 'running', processedRows: 4 });
    // Its lease lapsed: another instance takes the job over and finishes it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(await runImportPass(deps(), { owner: 'instance-b', chunkRows: 2 })).toBe(job.id);
    const [finished] = await db().select().from(bulkImportJobs).where(eq(bulkImportJobs.id, job.id));
    expect(finished).toMatchObject({
      status: 'done',
      importedRows: 7,
      processedRows: 7,
      rejectedRows: 0,
      invitationsSent: 0,
    });
    for (const frame of frames) {
      expect(await db().select().from(bikes).where(eq(bikes.frameNumberKey, frame))).toHaveLength(1);
    }
    expect(await mailsTo(db(), email, 'bulk_import_invitation')).toHaveLength(0);
    // Running again finds nothing to do.
    expect(await runImportPass(deps(), { owner: 'instance-c' })).toBeNull();
  });

  it('reads an XLSX workbook (first sheet; dates and numbers as the cells hold them)', async () => {
    const frame = uniqueFrameNumber('XLS');
    const workbook = await writeXlsxFile(
      [
        ['owner_email', 'frame_number', 'year', 'registered_at', 'region'].map((value) => ({ value })),
        [
          { value: uniqueEmail('xlsx') },
          { value: frame },
          { value: 2019, type: Number },
          { value: new Date(Date.UTC(2023, 2, 4)), type: Date, format: 'yyyy-mm-dd' },
          { value: 'NO' },
        ],
      ],
      {},
    ).toBuffer();
    const body = multipart({ source_name: 'Kommune' }, { name: 'register.xlsx', bytes: workbook });
    const answer = await t.app.inject({
      method: 'POST',
      url: '/api/backoffice/bulk-imports',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(staff.admin.token) },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json()).toMatchObject({ total_rows: 1, invalid_rows: 0 });
    const [row] = await db().select().from(bulkImportRows).where(eq(bulkImportRows.jobId, answer.json().id));
    expect(row).toMatchObject({ frameNumberKey: frame, productionYear: 2019, region: 'no' });
    expect(row?.registeredAt.toISOString().slice(0, 10)).toBe('2023-03-04');
  });

  it('lets one of two instances run a job: the other finds nothing to take', async () => {
    const frames = Array.from({ length: 5 }, () => uniqueFrameNumber('TWO'));
    const email = uniqueEmail('two');
    const csv = [HEADER, ...frames.map((frame) => `${email};;${frame};;;;;;;;;dk`)].join('\n');
    const job = (await upload(staff.admin.token, csv, { source_name: 'Two', invite: 'true' })).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/start`,
      headers: bearer(staff.admin.token),
    });
    const taken = await Promise.all([
      runImportPass(deps(), { owner: 'instance-1', chunkRows: 2 }),
      runImportPass(deps(), { owner: 'instance-2', chunkRows: 2 }),
    ]);
    expect(taken.filter((id) => id === job.id)).toHaveLength(1);
    expect(taken.filter((id) => id === null)).toHaveLength(1);
    for (const frame of frames) {
      expect(await db().select().from(bikes).where(eq(bikes.frameNumberKey, frame))).toHaveLength(1);
    }
    expect(await mailsTo(db(), email, 'bulk_import_invitation')).toHaveLength(1);
  });

  it('refuses a file without the required columns, or with too many rows, and leaves no job behind', async () => {
    const before = await db().select({ n: sql<number>`count(*)::int` }).from(bulkImportJobs);
    const answer = await upload(staff.admin.token, 'name,frame\nA,B\n');
    expect(answer.statusCode).toBe(400);
    expect(answer.json().code).toBe('import_columns_missing');
    const unclosed = await upload(staff.admin.token, `${HEADER}\n"${uniqueEmail()};;X`);
    expect(unclosed.statusCode).toBe(400);
    expect(unclosed.json().code).toBe('import_file_unreadable');
    const records = [
      ['owner_email', 'frame_number', 'region'],
      ...Array.from({ length: 3 }, () => [uniqueEmail(), uniqueFrameNumber('MAX'), 'dk']),
    ];
    await expect(
      stageImport(deps(), null, {
        sourceName: 'Too many',
        fileName: 'big.csv',
        invite: false,
        records,
        maxRows: 2,
      }),
    ).rejects.toMatchObject({ code: 'import_too_many_rows' });
    const after = await db().select({ n: sql<number>`count(*)::int` }).from(bulkImportJobs);
    expect(after[0]?.n).toBe(before[0]?.n);
    const orphans = await db().execute(
      sql`select count(*)::int as n from bulk_import_rows where job_id not in (select id from bulk_import_jobs)`,
    );
    expect((orphans as unknown as { rows: Array<{ n: number }> }).rows[0]?.n).toBe(0);
  });

  it('denies plain users, support staff and visitors on every route', async () => {
    const user = await signUpUser(t.app);
    const csv = `${HEADER}\n${uniqueEmail()};;${uniqueFrameNumber('DNY')};;;;;;;;;dk`;
    const job = (await upload(staff.admin.token, csv)).json();
    const routes: Array<[string, string]> = [
      ['GET', '/api/backoffice/bulk-imports'],
      ['GET', `/api/backoffice/bulk-imports/${job.id}`],
      ['GET', `/api/backoffice/bulk-imports/${job.id}/problems`],
      ['GET', `/api/backoffice/bulk-imports/${job.id}/report`],
      ['POST', `/api/backoffice/bulk-imports/${job.id}/start`],
      ['POST', `/api/backoffice/bulk-imports/${job.id}/cancel`],
    ];
    for (const token of [user.token, staff.support.token, null]) {
      expect((await upload(token, csv)).statusCode).toBe(token ? 403 : 401);
      for (const [method, url] of routes) {
        const answer = await t.app.inject({
          method: method as 'GET',
          url,
          ...(token ? { headers: bearer(token) } : {}),
        });
        expect(answer.statusCode, `${method} ${url}`).toBe(token ? 403 : 401);
      }
    }
    const cancelled = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/cancel`,
      headers: bearer(staff.admin.token),
    });
    expect(cancelled.json().status).toBe('cancelled');
    const again = await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${job.id}/start`,
      headers: bearer(staff.admin.token),
    });
    expect(again.statusCode).toBe(409);
  });
});

describe('bulk import: retention of the staged rows', () => {
  it('deletes the staged rows (names, addresses) of jobs that ended 30 days ago, and keeps the rest', async () => {
    const csv = `${HEADER}\n${uniqueEmail('old')};Old Name;${uniqueFrameNumber('OLD')};;;;;;;;;dk`;
    const old = (await upload(staff.admin.token, csv)).json();
    const recent = (await upload(staff.admin.token, csv.replace('OLD', 'NEW'))).json();
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${old.id}/cancel`,
      headers: bearer(staff.admin.token),
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/backoffice/bulk-imports/${recent.id}/cancel`,
      headers: bearer(staff.admin.token),
    });
    await db()
      .update(bulkImportJobs)
      .set({ finishedAt: new Date(Date.now() - 31 * 86_400_000) })
      .where(eq(bulkImportJobs.id, old.id));
    expect(await deleteExpiredRows(deps(), new Date())).toBeGreaterThanOrEqual(1);
    expect(await db().select().from(bulkImportRows).where(eq(bulkImportRows.jobId, old.id))).toHaveLength(0);
    expect(await db().select().from(bulkImportRows).where(eq(bulkImportRows.jobId, recent.id))).toHaveLength(
      1,
    );
    // The job itself stays, with its counts, for the backoffice's history.
    const answer = await t.app.inject({
      method: 'GET',
      url: `/api/backoffice/bulk-imports/${old.id}`,
      headers: bearer(staff.admin.token),
    });
    expect(answer.json()).toMatchObject({ status: 'cancelled', total_rows: 1 });
  });
});
