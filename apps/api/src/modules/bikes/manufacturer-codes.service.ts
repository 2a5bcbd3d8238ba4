import type {
  ManufacturerCodeCreate,
  ManufacturerCodeUpdate,
  StaffManufacturerCode,
} from '@nbr/domain/manufacturer-code-admin';
import {
  BUILT_IN_MANUFACTURER_CODES,
  type CodeConfidence,
  type ManufacturerCodeTable,
  manufacturerCodeTable,
} from '@nbr/domain/manufacturer-codes';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import * as repository from './manufacturer-codes.repository.ts';

/*
 * The manufacturer-code table (issue 17 §1, /backoffice/v2/diverse): data in `manufacturer_codes`,
 * seeded from the built-in list, which admins add to and edit (audited before and after). The
 * frame-number check (bikes.presenter.ts, bikes.service.ts) is synchronous and runs for every bike
 * shown, so it reads the table from memory: loaded on the first request, reloaded at once after an
 * edit here, and at most a minute old when another instance of the API made the edit.
 */

/** How old the table in memory may get before a request reloads it (edits by another instance). */
const RELOAD_AFTER_MS = 60_000;

let cache: { db: Database; table: ManufacturerCodeTable; loadedAt: number } | null = null;

/** The table the frame-number check uses now; the built-in list until the first load. */
export function currentManufacturerCodes(): ManufacturerCodeTable {
  return cache?.table ?? BUILT_IN_MANUFACTURER_CODES;
}

/** Loads the table when it is missing, stale or of another database (tests run several apps). */
export async function refreshManufacturerCodes(
  db: Database,
  options: { force?: boolean; now?: number; log?: Pick<FastifyBaseLogger, 'warn'> } = {},
): Promise<void> {
  const now = options.now ?? Date.now();
  if (!options.force && cache && cache.db === db && now - cache.loadedAt < RELOAD_AFTER_MS) return;
  try {
    const rows = await repository.listManufacturerCodes(db);
    cache = {
      db,
      loadedAt: now,
      table: manufacturerCodeTable(
        rows.map((row) => ({
          code: row.code,
          holder: row.holder,
          brands: row.brands,
          confidence: row.confidence as CodeConfidence,
          source: row.source,
        })),
      ),
    };
  } catch (error) {
    // The check is soft: keep the table we have rather than fail the request.
    options.log?.warn({ err: error }, 'loading the manufacturer codes failed');
  }
}

function present(row: repository.ManufacturerCodeRow): StaffManufacturerCode {
  return {
    code: row.code,
    holder: row.holder,
    brands: row.brands,
    confidence: row.confidence as CodeConfidence,
    source: row.source,
    updated_at: row.updatedAt.toISOString(),
  };
}

const snapshot = (row: repository.ManufacturerCodeRow | null) =>
  row ? { holder: row.holder, brands: row.brands, confidence: row.confidence, source: row.source } : null;

/** GET /api/backoffice/manufacturer-codes */
export async function listManufacturerCodesForStaff(db: Database): Promise<StaffManufacturerCode[]> {
  return (await repository.listManufacturerCodes(db)).map(present);
}

/** POST /api/backoffice/manufacturer-codes: a new code (409 manufacturer_code_exists for a known one). */
export async function addManufacturerCode(
  db: Database,
  auth: RequestAuth,
  input: ManufacturerCodeCreate,
): Promise<StaffManufacturerCode> {
  const row = { ...input, updatedAt: new Date() };
  await db.transaction(async (tx) => {
    if (!(await repository.insertManufacturerCode(tx, row))) throw new AppError('manufacturer_code_exists');
    await recordAuditEventBy(tx, auth, {
      action: 'bikes.manufacturer_code_added',
      targetPartyId: null,
      details: { code: row.code, before: null, after: snapshot(row) },
      now: row.updatedAt,
    });
  });
  await refreshManufacturerCodes(db, { force: true });
  return present(row);
}

/** PUT /api/backoffice/manufacturer-codes/{code}: a code's holder, brands, confidence and source. */
export async function changeManufacturerCode(
  db: Database,
  auth: RequestAuth,
  code: string,
  input: ManufacturerCodeUpdate,
): Promise<StaffManufacturerCode> {
  const key = code.trim().toUpperCase();
  const result = await db.transaction(async (tx) => {
    const before = await repository.lockManufacturerCode(tx, key);
    if (!before) throw new AppError('not_found');
    const row = { code: key, ...input, updatedAt: new Date() };
    if (JSON.stringify(snapshot(before)) === JSON.stringify(snapshot(row))) return before;
    await repository.updateManufacturerCode(tx, row);
    await recordAuditEventBy(tx, auth, {
      action: 'bikes.manufacturer_code_changed',
      targetPartyId: null,
      details: { code: key, before: snapshot(before), after: snapshot(row) },
      now: row.updatedAt,
    });
    return row;
  });
  await refreshManufacturerCodes(db, { force: true });
  return present(result);
}
