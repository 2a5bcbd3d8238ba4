import {
  IMPORT_COLUMNS,
  IMPORT_MAX_ROWS,
  IMPORT_PROBLEMS_PAGE_SIZE,
  IMPORT_ROWS_KEPT_DAYS,
  type ImportColumn,
  importColumnOf,
  REQUIRED_IMPORT_COLUMNS,
  validateImportRow,
} from '@nbr/domain/onboarding';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import { enqueueMails } from '../../platform/mail/outbox.ts';
import * as bikes from '../bikes/bikes.facade.ts';
import type { Person } from '../identity/identity.facade.ts';
import * as plates from '../plates/plates.facade.ts';
import { bulkImportInvitationMail } from './bulk-import.mails.ts';
import { presentImportJob, presentProblem, REPORT_HEADER, reportLine } from './bulk-import.presenter.ts';
import * as repository from './bulk-import.repository.ts';

/*
 * Bulk onboarding of an existing register (issue 32 §5, docs/bulk-onboarding.md).
 *
 * 1. Upload = dry run: the file is read as it arrives, every row checked by validateImportRow (the
 *    same rules as the import), duplicates within the file found as it goes and those against the
 *    register by two set-based statements; every row is staged with its problem (or none). Nothing
 *    is written to the register.
 * 2. Start: the job is queued. Any API instance's worker pass takes its lease (SKIP LOCKED) and runs
 *    it in chunks of row numbers; each chunk is one transaction that inserts the bikes (INSERT …
 *    SELECT from the staged rows: bikes, identifier and close-serial keys, ownership rows, plates)
 *    and records each row's outcome. A crash loses at most the chunk under way, which rolls back; a
 *    resumed job (the lease lapsed) goes on after the last row with an outcome, so no row is imported
 *    twice (the staged row, keyed by job and row number, carries the bike's id).
 * 3. Then each person is invited once (one mail for all their bikes), and the job is done; its
 *    report lists every row's outcome. Staged rows are deleted IMPORT_ROWS_KEPT_DAYS after the end.
 */

export interface BulkImportDeps {
  db: Database;
  /** COPY on PostgreSQL (DatabaseConnection.copyFrom); batched statements without it (PGlite). */
  copyFrom?: (statement: string, lines: readonly string[]) => Promise<number>;
  publicUrl: string;
}

/** Rows per staged write: COPY's batches on PostgreSQL, one unnest statement on PGlite. */
const STAGE_BATCH = 20_000;
/** Rows per import transaction: large enough for set-based statements, short enough to resume cheaply. */
export const IMPORT_CHUNK_ROWS = 50_000;
/** How long a job's lease holds without renewal (renewed after every chunk). */
export const IMPORT_LEASE_MS = 5 * 60_000;
const INVITATIONS_PER_TRANSACTION = 1000;
/** Runs of a job (passes that took its lease) before a failure is final. */
export const IMPORT_MAX_ATTEMPTS = 3;
/** Chunk transactions at once on PostgreSQL: one per core of the database machine. */
export const IMPORT_PARALLEL_CHUNKS = 2;

export interface NewImport {
  sourceName: string;
  fileName: string;
  invite: boolean;
  /** The file's records, the header first. */
  records: AsyncIterable<string[]> | Iterable<string[]>;
  /** The most data rows accepted (IMPORT_MAX_ROWS for uploads). */
  maxRows?: number;
}

/**
 * Reads and checks a register, staging every row (the dry run). Answers the job, `staged`: its
 * counts and problems tell what the import would do. A file that cannot be read leaves nothing.
 */
export async function stageImport(
  deps: BulkImportDeps,
  createdByPartyId: string | null,
  input: NewImport,
  now = new Date(),
) {
  const jobId = uuidv7(now.getTime());
  await repository.insertJob(deps.db, {
    id: jobId,
    createdByPartyId,
    sourceName: input.sourceName,
    fileName: input.fileName.slice(0, 200),
    status: 'staging',
    invite: input.invite,
    createdAt: now,
  });
  try {
    await stageRecords(deps, jobId, input, now);
    await repository.markRegisterConflicts(deps.db, jobId);
    const job = await repository.finishStaging(deps.db, jobId);
    if (!job) throw new AppError('not_found');
    return job;
  } catch (error) {
    await deleteJob(deps.db, jobId);
    throw error;
  }
}

async function deleteJob(db: Database, jobId: string): Promise<void> {
  await repository.deleteJob(db, jobId);
}

async function stageRecords(deps: BulkImportDeps, jobId: string, input: NewImport, now: Date): Promise<void> {
  const maxRows = input.maxRows ?? IMPORT_MAX_ROWS;
  let columns: Array<ImportColumn | null> | null = null;
  let rowNumber = 1;
  const frameKeys = new Set<string>();
  const plateKeys = new Set<string>();
  let batch: repository.StagedRow[] = [];
  // One batch is written while the next is read and checked: the database and the reader overlap.
  let writing: Promise<void> = Promise.resolve();
  const flush = async () => {
    const rows = batch;
    batch = [];
    await writing;
    writing = repository.stageRows(deps.db, deps.copyFrom, jobId, rows, now);
    // Surface a failed write at the next flush at the latest, never as an unhandled rejection.
    writing.catch(() => undefined);
  };
  const time = now.getTime();
  try {
    for await (const record of input.records) {
      if (columns === null) {
        columns = record.map(importColumnOf);
        const missing = REQUIRED_IMPORT_COLUMNS.filter((column) => !columns?.includes(column));
        if (!columns.includes('frame_number') && !columns.includes('plate_id')) missing.push('frame_number');
        if (missing.length > 0) throw new AppError('import_columns_missing', { columns: missing.join(', ') });
        continue;
      }
      rowNumber += 1;
      if (record.every((cell) => cell.trim() === '')) continue;
      if (rowNumber - 1 > maxRows) throw new AppError('import_too_many_rows', { maximum: String(maxRows) });
      const values: Partial<Record<ImportColumn, string>> = {};
      for (let index = 0; index < columns.length; index += 1) {
        const column = columns[index];
        if (column) values[column] = record[index] ?? '';
      }
      const checked = validateImportRow(values, now);
      const staged: repository.StagedRow = {
        rowNumber,
        bikeId: uuidv7(time),
        ownershipId: uuidv7(time),
        row: null,
        problem: null,
        frameNumber: values.frame_number?.trim().slice(0, 100) || null,
        plateId: values.plate_id?.trim().slice(0, 100) || null,
      };
      if (!checked.ok) {
        staged.problem = checked.problem;
      } else if (checked.row.frameNumberKey && frameKeys.has(checked.row.frameNumberKey)) {
        staged.problem = 'frame_number_twice_in_file';
      } else if (checked.row.plateKey && plateKeys.has(checked.row.plateKey)) {
        staged.problem = 'plate_id_twice_in_file';
      } else {
        staged.row = checked.row;
        if (checked.row.frameNumberKey) frameKeys.add(checked.row.frameNumberKey);
        if (checked.row.plateKey) plateKeys.add(checked.row.plateKey);
      }
      batch.push(staged);
      if (batch.length >= STAGE_BATCH) await flush();
    }
  } catch (error) {
    // A batch still being written must land before the caller deletes the job's rows.
    await writing.catch(() => undefined);
    throw error;
  }
  if (columns === null) throw new AppError('import_columns_missing', { columns: IMPORT_COLUMNS.join(', ') });
  await flush();
  await writing;
}

export async function listImports(deps: BulkImportDeps) {
  return { jobs: (await repository.listJobs(deps.db, 50)).map(presentImportJob) };
}

async function loadJob(executor: Executor, jobId: string) {
  if (!isUuid(jobId)) throw new AppError('not_found');
  const job = await repository.findJob(executor, jobId);
  if (!job) throw new AppError('not_found');
  return job;
}

export async function getImport(deps: BulkImportDeps, jobId: string) {
  return presentImportJob(await loadJob(deps.db, jobId));
}

export async function listImportProblems(deps: BulkImportDeps, jobId: string, page: number) {
  await loadJob(deps.db, jobId);
  const [rows, total] = await Promise.all([
    repository.listProblems(
      deps.db,
      jobId,
      IMPORT_PROBLEMS_PAGE_SIZE,
      (page - 1) * IMPORT_PROBLEMS_PAGE_SIZE,
    ),
    repository.countProblems(deps.db, jobId),
  ]);
  return { problems: rows.map(presentProblem), total, page };
}

/** The audit trail's record of an upload (its counts; never a row's names or addresses). */
export async function recordStaged(deps: BulkImportDeps, auth: RequestAuth, job: repository.ImportJobRow) {
  await recordAuditEventBy(deps.db, auth, {
    action: 'bulk_import.staged',
    targetPartyId: null,
    details: auditDetails(job),
  });
}

function auditDetails(job: repository.ImportJobRow) {
  return { job_id: job.id, source_name: job.sourceName, rows: job.totalRows, invalid_rows: job.invalidRows };
}

/** staged → queued (start) or cancelled (nothing imported; the staged rows go with the retention pass). */
async function moveStagedJob(
  deps: BulkImportDeps,
  auth: RequestAuth,
  jobId: string,
  to: 'queued' | 'cancelled',
) {
  await loadJob(deps.db, jobId);
  return deps.db.transaction(async (tx) => {
    const job = await repository.moveJob(tx, jobId, 'staged', to, new Date());
    if (!job) throw new AppError('import_job_not_startable');
    await recordAuditEventBy(tx, auth, {
      action: to === 'queued' ? 'bulk_import.started' : 'bulk_import.cancelled',
      targetPartyId: null,
      details: auditDetails(job),
    });
    return presentImportJob(job);
  });
}

/** A worker pass on any instance picks a started job up. */
export function startImport(deps: BulkImportDeps, auth: RequestAuth, jobId: string) {
  return moveStagedJob(deps, auth, jobId, 'queued');
}

export function cancelImport(deps: BulkImportDeps, auth: RequestAuth, jobId: string) {
  return moveStagedJob(deps, auth, jobId, 'cancelled');
}

/** The report: every row with its outcome, as CSV lines (read a page at a time). */
export async function* importReport(deps: BulkImportDeps, jobId: string): AsyncGenerator<string> {
  await loadJob(deps.db, jobId);
  yield REPORT_HEADER;
  let after = 0;
  for (;;) {
    const rows = await repository.reportRows(deps.db, jobId, after, 5000);
    if (rows.length === 0) return;
    yield rows.map(reportLine).join('');
    after = rows[rows.length - 1]?.rowNumber ?? after;
  }
}

export interface RunOptions {
  /** Who holds the lease (an instance's id). */
  owner: string;
  chunkRows?: number;
  leaseMs?: number;
  /** Called after each committed chunk (tests simulate a crash by throwing here). */
  afterChunk?: (upTo: number) => Promise<void> | void;
  /** Chunks run at once on PostgreSQL (IMPORT_PARALLEL_CHUNKS); always one on PGlite. */
  parallelChunks?: number;
}

/**
 * One pass of the import worker: takes a runnable job (queued, or one whose instance died) and
 * runs it to the end. Answers the job's id, or null when there was none.
 */
export async function runImportPass(deps: BulkImportDeps, options: RunOptions, now = new Date()) {
  const leaseMs = options.leaseMs ?? IMPORT_LEASE_MS;
  const job = await repository.leaseJob(deps.db, options.owner, now, leaseMs);
  if (!job) return null;
  try {
    await runJob(deps, job, options, leaseMs);
  } catch (error) {
    // After IMPORT_MAX_ATTEMPTS the job fails for good; before, the lease lapses and a pass resumes it.
    if (job.attempts >= IMPORT_MAX_ATTEMPTS) {
      await repository.finishJob(deps.db, job.id, options.owner, 'failed', new Date(), errorText(error));
    }
    throw error;
  }
  return job.id;
}

function errorText(error: unknown): string {
  // The code or the message of a database error: never row values (personal data).
  const code = (error as { code?: string }).code;
  return code ? `database error ${code}` : error instanceof Error ? error.name : 'error';
}

async function runJob(
  deps: BulkImportDeps,
  job: repository.ImportJobRow,
  options: RunOptions,
  leaseMs: number,
) {
  const chunkRows = options.chunkRows ?? IMPORT_CHUNK_ROWS;
  await deps.db.transaction(async (tx) => repository.createOwners(tx, job.id));
  await repository.analyzeStaged(deps.db);
  const last = await repository.lastRowNumber(deps.db, job.id);
  const first = await repository.firstPendingRow(deps.db, job.id);
  let next = first === null ? last : first - 1;
  let stopped = false;
  // Chunks are independent (in-file duplicates were refused by the dry run): on PostgreSQL two run
  // at once, one per core; each is one transaction, so a crash rolls back only those under way.
  const worker = async () => {
    while (!stopped && next < last) {
      const after = next;
      const upTo = Math.min(after + chunkRows, last);
      next = upTo;
      try {
        if (!(await repository.renewLease(deps.db, job.id, options.owner, new Date(Date.now() + leaseMs)))) {
          stopped = true;
          return;
        }
        await deps.db.transaction(async (tx) => {
          await repository.withoutJit(tx);
          await bikes.insertBikesFrom(tx, repository.pendingBikesOf(job.id, after, upTo));
          await bikes.insertOwnershipsFrom(tx, repository.importedOwnershipsOf(job.id, after, upTo));
          await plates.importPlatesOfBikesFrom(
            tx,
            repository.importedPlatesOf(job.id, after, upTo),
            new Date(),
          );
          await repository.recordOutcomes(tx, job.id, after, upTo);
        });
        await options.afterChunk?.(upTo);
      } catch (error) {
        stopped = true;
        throw error;
      }
    }
  };
  const parallel = deps.copyFrom ? (options.parallelChunks ?? IMPORT_PARALLEL_CHUNKS) : 1;
  const results = await Promise.allSettled(Array.from({ length: parallel }, worker));
  const failure = results.find((result) => result.status === 'rejected');
  if (failure) throw failure.reason;
  if (next < last) return; // another instance holds the lease now
  if (job.invite) await invite(deps, job);
  await repository.finishJob(deps.db, job.id, options.owner, 'done', new Date(), null);
}

/** One mail per person of the job with at least one imported bike; each person once (invited_at). */
async function invite(deps: BulkImportDeps, job: repository.ImportJobRow): Promise<void> {
  let after = '';
  for (;;) {
    const done = await deps.db.transaction(async (tx) => {
      const people = await repository.ownersToInvite(tx, job.id, after, INVITATIONS_PER_TRANSACTION);
      if (people.length === 0) return true;
      after = people[people.length - 1]?.email ?? after;
      const mails = people
        .filter((person) => person.bikes > 0)
        .map((person) =>
          bulkImportInvitationMail({
            to: person.email,
            language: person.language,
            name: person.name,
            sourceName: job.sourceName,
            bikes: person.bikes,
            publicUrl: deps.publicUrl,
          }),
        );
      await enqueueMails(tx, mails);
      const sent = mails.length;
      await repository.markInvited(
        tx,
        people.map((person) => person.party_id),
        new Date(),
        sent,
        job.id,
      );
      return false;
    });
    if (done) return;
  }
}

/** Retention: the staged rows (names, addresses) of jobs that ended IMPORT_ROWS_KEPT_DAYS ago. */
export async function deleteExpiredRows(deps: Pick<BulkImportDeps, 'db'>, now: Date): Promise<number> {
  return repository.deleteRowsOfJobsEndedBefore(
    deps.db,
    new Date(now.getTime() - IMPORT_ROWS_KEPT_DAYS * 86_400_000),
    now,
  );
}

/**
 * A person proved their address (signed in with it confirmed, or confirmed it): the bikes imported
 * for it become theirs, in identity's transaction. An unconfirmed address claims nothing.
 */
export async function claimImportedBikes(
  executor: Executor,
  person: Person,
  now = new Date(),
): Promise<number> {
  if (!person.emailVerifiedAt) return 0;
  let moved = 0;
  for (const owner of await repository.ownersWaitingFor(executor, person.email.toLowerCase())) {
    moved += await bikes.moveBikesOfParty(executor, owner.partyId, person.partyId);
    await repository.markClaimed(executor, owner.partyId, person.partyId, now);
  }
  return moved;
}
