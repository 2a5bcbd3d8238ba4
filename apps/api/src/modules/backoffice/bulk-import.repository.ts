import type { ImportRowProblem, ValidImportRow } from '@nbr/domain/onboarding';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { copyLine } from '../../db/copy.ts';
import { bulkImportJobs, bulkImportOwners, bulkImportRows } from '../../db/schema/onboarding.ts';

export type ImportJobRow = typeof bulkImportJobs.$inferSelect;

/** A row as staged: valid (its values) or refused (its problem, with the identifiers it had). */
export interface StagedRow {
  rowNumber: number;
  bikeId: string;
  ownershipId: string;
  row: ValidImportRow | null;
  problem: ImportRowProblem | null;
  frameNumber: string | null;
  plateId: string | null;
}

const STAGED_COLUMNS = [
  'job_id',
  'row_number',
  'bike_id',
  'ownership_id',
  'owner_email',
  'owner_name',
  'frame_number',
  'frame_number_key',
  'frame_number_look_alike',
  'plate_id',
  'plate_key',
  'plate_look_alike',
  'nickname',
  'brand',
  'model',
  'color',
  'category',
  'production_year',
  'is_electric',
  'registered_at',
  'region',
  'problem',
] as const;

function stagedValues(jobId: string, staged: StagedRow, now: Date) {
  const row = staged.row;
  return [
    jobId,
    staged.rowNumber,
    staged.bikeId,
    staged.ownershipId,
    row?.ownerEmail ?? null,
    row?.ownerName ?? null,
    row?.frameNumber ?? staged.frameNumber,
    row?.frameNumberKey ?? null,
    row?.frameNumberLookAlike ?? null,
    row?.plateId ?? staged.plateId,
    row?.plateKey ?? null,
    row?.plateLookAlike ?? null,
    row?.nickname ?? '',
    row?.brand ?? null,
    row?.model ?? null,
    row?.color ?? null,
    row?.category ?? null,
    row?.productionYear ?? null,
    row?.isElectric ?? false,
    row?.registeredAt ?? now,
    row?.region ?? 'dk',
    staged.problem,
  ] as const;
}

/**
 * Stages rows: COPY on PostgreSQL (copyFrom), else one unnest statement per batch (PGlite). A row
 * staged before (a retried upload of the same job) is an error: staging happens once per job.
 */
export async function stageRows(
  executor: Executor,
  copyFrom: ((statement: string, lines: readonly string[]) => Promise<number>) | undefined,
  jobId: string,
  rows: readonly StagedRow[],
  now: Date,
): Promise<void> {
  if (rows.length === 0) return;
  if (copyFrom) {
    await copyFrom(
      `copy bulk_import_rows (${STAGED_COLUMNS.join(', ')}) from stdin`,
      rows.map((row) => copyLine(stagedValues(jobId, row, now))),
    );
    return;
  }
  const columns = STAGED_COLUMNS.map((_, index) => rows.map((row) => stagedValues(jobId, row, now)[index]));
  const param = (index: number) => sql.param(columns[index]);
  await executor.execute(sql`
    insert into bulk_import_rows (${sql.raw(STAGED_COLUMNS.join(', '))})
    select * from unnest(
      ${param(0)}::uuid[], ${param(1)}::int[], ${param(2)}::uuid[], ${param(3)}::uuid[], ${param(4)}::text[],
      ${param(5)}::text[], ${param(6)}::text[], ${param(7)}::text[], ${param(8)}::text[], ${param(9)}::text[],
      ${param(10)}::text[], ${param(11)}::text[], ${param(12)}::text[], ${param(13)}::text[], ${param(14)}::text[],
      ${param(15)}::text[], ${param(16)}::text[], ${param(17)}::smallint[], ${param(18)}::boolean[],
      ${sql.param(columns[19]?.map((value) => (value as Date).toISOString()))}::timestamptz[], ${param(20)}::text[],
      ${param(21)}::text[]
    )
  `);
}

/**
 * The dry run's checks against the register, set-based: a frame number already registered, a plate
 * on another bike or item. Answers how many rows were refused.
 */
export async function markRegisterConflicts(executor: Executor, jobId: string): Promise<void> {
  await executor.execute(sql`
    update bulk_import_rows as staged set problem = 'frame_number_in_use'
      from bikes
     where staged.job_id = ${jobId} and staged.problem is null
       and bikes.frame_number_key = staged.frame_number_key
  `);
  await executor.execute(sql`
    update bulk_import_rows as staged set problem = 'plate_id_in_use'
      from stickers
     where staged.job_id = ${jobId} and staged.problem is null
       and stickers.code = staged.plate_key and stickers.status <> 'free'
  `);
}

export async function insertJob(executor: Executor, job: typeof bulkImportJobs.$inferInsert): Promise<void> {
  await executor.insert(bulkImportJobs).values(job);
}

export async function finishStaging(executor: Executor, jobId: string): Promise<ImportJobRow | undefined> {
  const [job] = await executor
    .update(bulkImportJobs)
    .set({
      totalRows: sql`(select count(*) from bulk_import_rows where job_id = ${jobId})::int`,
      invalidRows: sql`(select count(*) from bulk_import_rows where job_id = ${jobId} and problem is not null)::int`,
      status: 'staged',
    })
    .where(and(eq(bulkImportJobs.id, jobId), eq(bulkImportJobs.status, 'staging')))
    .returning();
  return job;
}

/** A job whose file could not be read: it and its staged rows go. */
export async function deleteJob(executor: Executor, jobId: string): Promise<void> {
  await executor.delete(bulkImportRows).where(eq(bulkImportRows.jobId, jobId));
  await executor.delete(bulkImportJobs).where(eq(bulkImportJobs.id, jobId));
}

export async function findJob(executor: Executor, jobId: string): Promise<ImportJobRow | undefined> {
  const [job] = await executor.select().from(bulkImportJobs).where(eq(bulkImportJobs.id, jobId));
  return job;
}

export async function listJobs(executor: Executor, limit: number): Promise<ImportJobRow[]> {
  return executor.select().from(bulkImportJobs).orderBy(desc(bulkImportJobs.createdAt)).limit(limit);
}

/** staged → queued (or cancelled); answers the job when it was in `from`. */
export async function moveJob(
  executor: Executor,
  jobId: string,
  from: ImportJobRow['status'],
  to: ImportJobRow['status'],
  now: Date,
): Promise<ImportJobRow | undefined> {
  const [job] = await executor
    .update(bulkImportJobs)
    .set({ status: to, ...(to === 'cancelled' ? { finishedAt: now } : {}) })
    .where(and(eq(bulkImportJobs.id, jobId), eq(bulkImportJobs.status, from)))
    .returning();
  return job;
}

/**
 * Takes the lease of one runnable job (queued, or running with a lapsed lease: its instance died), so
 * that among several API instances exactly one runs it. SKIP LOCKED: instances never wait for each other.
 */
export async function leaseJob(
  executor: Executor,
  owner: string,
  now: Date,
  leaseMs: number,
): Promise<ImportJobRow | undefined> {
  const result = await executor.execute(sql`
    update bulk_import_jobs set status = 'running', lease_owner = ${owner},
           lease_until = ${new Date(now.getTime() + leaseMs).toISOString()}::timestamptz,
           attempts = attempts + 1, started_at = coalesce(started_at, ${now.toISOString()}::timestamptz)
     where id = (
       select id from bulk_import_jobs
        where status = 'queued' or (status = 'running' and lease_until < ${now.toISOString()}::timestamptz)
        order by created_at
        limit 1
        for update skip locked)
    returning id
  `);
  const id = (result as unknown as { rows: Array<{ id: string }> }).rows[0]?.id;
  return id ? findJob(executor, id) : undefined;
}

/** Extends the lease while the job runs; false when another instance took it over. */
export async function renewLease(
  executor: Executor,
  jobId: string,
  owner: string,
  until: Date,
): Promise<boolean> {
  const rows = await executor
    .update(bulkImportJobs)
    .set({ leaseUntil: until })
    .where(
      and(
        eq(bulkImportJobs.id, jobId),
        eq(bulkImportJobs.leaseOwner, owner),
        eq(bulkImportJobs.status, 'running'),
      ),
    )
    .returning({ id: bulkImportJobs.id });
  return rows.length > 0;
}

/**
 * One party per address of the job's valid rows (the owner of their bikes until claimed), created
 * once: a resumed job finds those it made. Language from the region of the address's first row.
 */
export async function createOwners(executor: Executor, jobId: string): Promise<void> {
  await executor.execute(sql`
    with people as (
      select distinct on (owner_email) gen_random_uuid() as party_id, owner_email, owner_name,
             case when region = 'no' then 'no' else 'da' end as language
        from bulk_import_rows as staged
       where staged.job_id = ${jobId} and staged.problem is null
         and not exists (select 1 from bulk_import_owners as owner
                          where owner.job_id = ${jobId} and owner.email = staged.owner_email)
       order by owner_email, row_number
    ), new_parties as (
      insert into parties (id, kind) select party_id, 'person' from people
    )
    insert into bulk_import_owners (party_id, job_id, email, name, language)
    select party_id, ${jobId}, owner_email, owner_name, language from people
  `);
}

/**
 * Fresh statistics of the staged rows and the people before the chunks: rows just copied in have
 * none, and without them the planner may read a chunk by scanning every staged row (once per chunk:
 * quadratic at ten million rows) instead of the primary key's range.
 */
export async function analyzeStaged(executor: Executor): Promise<void> {
  await executor.execute(sql`analyze bulk_import_rows`);
  await executor.execute(sql`analyze bulk_import_owners`);
}

/**
 * No JIT compilation in a chunk's transaction: its statements cost enough for PostgreSQL to compile
 * them, which takes longer than it saves on a chunk and is paid again for every chunk.
 */
export async function withoutJit(executor: Executor): Promise<void> {
  await executor.execute(sql`set local jit = off`);
}

/** The last row number of the job (the end of its chunks). */
export async function lastRowNumber(executor: Executor, jobId: string): Promise<number> {
  const result = await executor.execute(
    sql`select coalesce(max(row_number), 0)::int as last from bulk_import_rows where job_id = ${jobId}`,
  );
  return (result as unknown as { rows: Array<{ last: number }> }).rows[0]?.last ?? 0;
}

/**
 * The chunk's rows still to import, as the bikes module's set-based insert reads them. Each row
 * finds its owner's party by one probe of the job's (job_id, email) index (LATERAL … LIMIT 1 keeps
 * the planner from hashing all the job's people for every chunk: quadratic at millions of people);
 * the same below for the bikes a chunk wrote.
 */
export function pendingBikesOf(jobId: string, after: number, upTo: number) {
  return sql`
    select staged.bike_id as id, owner.party_id as owner_party_id, staged.nickname, staged.frame_number,
           staged.frame_number_key, staged.frame_number_look_alike, staged.brand, staged.model,
           staged.production_year, staged.category, staged.color, staged.is_electric, staged.region,
           staged.registered_at
      from bulk_import_rows as staged
      cross join lateral (
        select party_id from bulk_import_owners
         where bulk_import_owners.job_id = staged.job_id and bulk_import_owners.email = staged.owner_email
         limit 1) as owner
     where staged.job_id = ${jobId} and staged.row_number > ${after} and staged.row_number <= ${upTo}
       and staged.problem is null and staged.outcome is null
  `;
}

/** The chunk's rows whose bike the insert wrote (not yet recorded): their ownership rows. */
export function importedOwnershipsOf(jobId: string, after: number, upTo: number) {
  return sql`
    select staged.ownership_id, staged.bike_id, written.owner_party_id, staged.registered_at as started_at
      from bulk_import_rows as staged
      cross join lateral (select owner_party_id from bikes where bikes.id = staged.bike_id limit 1) as written
     where staged.job_id = ${jobId} and staged.row_number > ${after} and staged.row_number <= ${upTo}
       and staged.problem is null and staged.outcome is null
  `;
}

/** The plates of the chunk's bikes the insert wrote (plates.importPlatesOfBikesFrom's columns). */
export function importedPlatesOf(jobId: string, after: number, upTo: number) {
  return sql`
    select staged.plate_key as code, staged.plate_look_alike as look_alike, staged.bike_id
      from bulk_import_rows as staged
      cross join lateral (select 1 from bikes where bikes.id = staged.bike_id limit 1) as written
     where staged.job_id = ${jobId} and staged.row_number > ${after} and staged.row_number <= ${upTo}
       and staged.problem is null and staged.outcome is null and staged.plate_key is not null
  `;
}

/**
 * Records the outcome of each pending row of the chunk in one pass: imported when its bike exists
 * (else its frame number was registered meanwhile), its plate refused when the plate is not on it;
 * and adds the chunk's counts to the job's.
 */
export async function recordOutcomes(
  executor: Executor,
  jobId: string,
  after: number,
  upTo: number,
): Promise<void> {
  await executor.execute(sql`
    with chunk as (
      select pending.row_number, written.id is not null as written,
             pending.plate_key is not null and written.id is not null and not exists (
               select 1 from stickers where stickers.code = pending.plate_key and stickers.bike_id = pending.bike_id
             ) as plate_refused
        from bulk_import_rows as pending
        left join lateral (select bikes.id from bikes where bikes.id = pending.bike_id limit 1) as written on true
       where pending.job_id = ${jobId} and pending.row_number > ${after} and pending.row_number <= ${upTo}
         and pending.problem is null and pending.outcome is null
    ), recorded as (
      update bulk_import_rows as staged
         set outcome = case when chunk.written then 'imported' else 'rejected' end,
             outcome_reason = case when chunk.written then null else 'frame_number_in_use' end,
             plate_refused = chunk.plate_refused
        from chunk
       where staged.job_id = ${jobId} and staged.row_number > ${after} and staged.row_number <= ${upTo}
         and staged.row_number = chunk.row_number
      returning staged.outcome, staged.plate_refused
    )
    update bulk_import_jobs set
      processed_rows = processed_rows + (select count(*) from recorded),
      imported_rows = imported_rows + (select count(*) from recorded where outcome = 'imported'),
      rejected_rows = rejected_rows + (select count(*) from recorded where outcome = 'rejected'),
      plates_refused = plates_refused + (select count(*) from recorded where plate_refused)
     where id = ${jobId}
  `);
}

/**
 * Where a resumed job goes on: just before its first valid row without an outcome (chunks commit
 * in any order when two run at once, so rows after it may be done already; they are skipped).
 */
export async function firstPendingRow(executor: Executor, jobId: string): Promise<number | null> {
  const result = await executor.execute(sql`
    select min(row_number)::int as first from bulk_import_rows
     where job_id = ${jobId} and problem is null and outcome is null
  `);
  return (result as unknown as { rows: Array<{ first: number | null }> }).rows[0]?.first ?? null;
}

/**
 * The next `limit` people of the job after `afterEmail` (keyset over the job's unique index, so a
 * list of millions is read once) not yet invited, locked, with their number of imported bikes.
 */
export async function ownersToInvite(executor: Executor, jobId: string, afterEmail: string, limit: number) {
  const result = await executor.execute(sql`
    select owner.party_id, owner.email, owner.name, owner.language,
           (select count(*)::int from bikes where bikes.owner_party_id = owner.party_id) as bikes
      from bulk_import_owners as owner
     where owner.job_id = ${jobId} and owner.email > ${afterEmail}
       and owner.invited_at is null and owner.claimed_at is null
     order by owner.email
     limit ${limit}
     for update skip locked
  `);
  return (
    result as unknown as {
      rows: Array<{ party_id: string; email: string; name: string | null; language: string; bikes: number }>;
    }
  ).rows;
}

export async function markInvited(
  executor: Executor,
  partyIds: string[],
  now: Date,
  invited: number,
  jobId: string,
) {
  if (partyIds.length === 0) return;
  await executor.execute(sql`
    update bulk_import_owners set invited_at = ${now.toISOString()}::timestamptz
     where party_id = any(${sql.param(partyIds)}::uuid[])
  `);
  await executor.execute(sql`
    update bulk_import_jobs set invitations_sent = invitations_sent + ${invited} where id = ${jobId}
  `);
}

export async function finishJob(
  executor: Executor,
  jobId: string,
  owner: string,
  status: 'done' | 'failed',
  now: Date,
  error: string | null,
): Promise<void> {
  await executor
    .update(bulkImportJobs)
    .set({ status, finishedAt: now, leaseOwner: null, leaseUntil: null, lastError: error })
    .where(and(eq(bulkImportJobs.id, jobId), eq(bulkImportJobs.leaseOwner, owner)));
}

/** The rows the dry run or the import refused, by row number (a page of them). */
export async function listProblems(executor: Executor, jobId: string, limit: number, offset: number) {
  return executor
    .select({
      rowNumber: bulkImportRows.rowNumber,
      problem: bulkImportRows.problem,
      outcomeReason: bulkImportRows.outcomeReason,
      frameNumber: bulkImportRows.frameNumber,
      plateId: bulkImportRows.plateId,
    })
    .from(bulkImportRows)
    .where(
      and(
        eq(bulkImportRows.jobId, jobId),
        sql`(${bulkImportRows.problem} is not null or ${bulkImportRows.outcome} = 'rejected')`,
      ),
    )
    .orderBy(bulkImportRows.rowNumber)
    .limit(limit)
    .offset(offset);
}

export async function countProblems(executor: Executor, jobId: string): Promise<number> {
  const result = await executor.execute(sql`
    select count(*)::int as count from bulk_import_rows
     where job_id = ${jobId} and (problem is not null or outcome = 'rejected')
  `);
  return (result as unknown as { rows: Array<{ count: number }> }).rows[0]?.count ?? 0;
}

/** Every row of the job for the report, in row order, a page at a time (keyset). */
export async function reportRows(executor: Executor, jobId: string, after: number, limit: number) {
  return executor
    .select({
      rowNumber: bulkImportRows.rowNumber,
      frameNumber: bulkImportRows.frameNumber,
      plateId: bulkImportRows.plateId,
      problem: bulkImportRows.problem,
      outcome: bulkImportRows.outcome,
      outcomeReason: bulkImportRows.outcomeReason,
      plateRefused: bulkImportRows.plateRefused,
    })
    .from(bulkImportRows)
    .where(and(eq(bulkImportRows.jobId, jobId), sql`${bulkImportRows.rowNumber} > ${after}`))
    .orderBy(bulkImportRows.rowNumber)
    .limit(limit);
}

/** The staged rows of jobs that ended before `before` (retention: names and addresses go). */
export async function deleteRowsOfJobsEndedBefore(
  executor: Executor,
  before: Date,
  now: Date,
): Promise<number> {
  // An upload cut off while being read (its instance stopped) never becomes a dry run: failed after a day.
  await executor.execute(sql`
    update bulk_import_jobs set status = 'failed', finished_at = ${now.toISOString()}::timestamptz,
           last_error = 'the upload was cut off'
     where status = 'staging' and created_at < ${new Date(now.getTime() - 86_400_000).toISOString()}::timestamptz
  `);
  const result = await executor.execute(sql`
    delete from bulk_import_rows where job_id in (
      select id from bulk_import_jobs where finished_at < ${before.toISOString()}::timestamptz)
  `);
  return (result as unknown as { rowCount?: number | null }).rowCount ?? 0;
}

/** The unclaimed people of imports waiting for this address. */
export async function ownersWaitingFor(executor: Executor, email: string) {
  return executor
    .select({ partyId: bulkImportOwners.partyId, jobId: bulkImportOwners.jobId })
    .from(bulkImportOwners)
    .where(and(eq(bulkImportOwners.email, email), sql`${bulkImportOwners.claimedAt} is null`))
    .for('update');
}

export async function markClaimed(executor: Executor, partyId: string, by: string, now: Date): Promise<void> {
  await executor
    .update(bulkImportOwners)
    .set({ claimedAt: now, claimedByPartyId: by, email: null, name: null })
    .where(eq(bulkImportOwners.partyId, partyId));
}
