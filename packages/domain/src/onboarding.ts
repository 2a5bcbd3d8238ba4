import { z } from 'zod';
import {
  BIKE_CATEGORIES,
  BIKE_COLORS,
  type BikeCategory,
  type BikeColor,
  NICKNAME_MAX_LENGTH,
} from './bikes.ts';
import { identifierKeys, identifierShapeProblem } from './identifiers.ts';
import { EmailSchema } from './identity.ts';

/*
 * Bulk onboarding (issue 32 §5, docs/bulk-onboarding.md): the columns of an uploaded register, the
 * rules every row meets (the dry run and the import apply the same function, validateImportRow), and
 * the contract of the backoffice import routes and of claiming imported bikes.
 */

/** The columns, by their header names (case and spaces ignored); the order in the file is free. */
export const IMPORT_COLUMNS = [
  'owner_email',
  'owner_name',
  'frame_number',
  'plate_id',
  'brand',
  'model',
  'colour',
  'category',
  'year',
  'electric',
  'registered_at',
  'region',
] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly ImportColumn[] = ['owner_email', 'region'];

/** An upload through the screen: at most this many bytes and data rows (larger registers: split them). */
export const IMPORT_MAX_FILE_BYTES = 50 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 200_000;
/** Staged rows (names, e-mail addresses) are deleted this many days after their job ends. */
export const IMPORT_ROWS_KEPT_DAYS = 30;
export const IMPORT_SOURCE_NAME_MAX_LENGTH = 80;
/** The problems listed on the screen per page of a job's rows. */
export const IMPORT_PROBLEMS_PAGE_SIZE = 100;

/** Why a row is not imported (translated on the screen and in the report: `onboarding.reason.*`). */
export const IMPORT_ROW_PROBLEMS = [
  'owner_email_invalid',
  'frame_or_plate_required',
  'frame_number_invalid',
  'plate_id_invalid',
  'frame_number_twice_in_file',
  'plate_id_twice_in_file',
  'frame_number_in_use',
  'plate_id_in_use',
  'colour_invalid',
  'category_invalid',
  'year_invalid',
  'electric_invalid',
  'registered_at_invalid',
  'region_invalid',
  'too_long',
] as const;
export type ImportRowProblem = (typeof IMPORT_ROW_PROBLEMS)[number];

/** A row ready to be staged: keys computed, values checked. */
export interface ValidImportRow {
  ownerEmail: string;
  ownerName: string | null;
  frameNumber: string | null;
  frameNumberKey: string | null;
  frameNumberLookAlike: string | null;
  plateId: string | null;
  plateKey: string | null;
  plateLookAlike: string | null;
  nickname: string;
  brand: string | null;
  model: string | null;
  color: BikeColor | null;
  category: BikeCategory | null;
  productionYear: number | null;
  isElectric: boolean;
  registeredAt: Date | null;
  region: 'dk' | 'no';
}

export type ImportRowResult = { ok: true; row: ValidImportRow } | { ok: false; problem: ImportRowProblem };

const COLOURS = new Set<string>(BIKE_COLORS);
const YES = new Set(['yes', 'ja', 'j', 'y', 'true', '1', 'x']);
const NO = new Set(['no', 'nej', 'nei', 'n', 'false', '0', '']);
const REGIONS: Record<string, 'dk' | 'no'> = {
  dk: 'dk',
  danmark: 'dk',
  denmark: 'dk',
  no: 'no',
  norge: 'no',
  norway: 'no',
};

/** A header cell as a column name: `Owner e-mail` → owner_email; unknown headers are ignored. */
export function importColumnOf(header: string): ImportColumn | null {
  const name = header
    .trim()
    .toLowerCase()
    .replace(/[\s-]+/g, '_');
  const aliases: Record<string, ImportColumn> = {
    owner_e_mail: 'owner_email',
    color: 'colour',
    plate: 'plate_id',
  };
  const column = aliases[name] ?? name;
  return (IMPORT_COLUMNS as readonly string[]).includes(column) ? (column as ImportColumn) : null;
}

/** 2024-05-31, 31-05-2024 or 31.05.2024 (as Danish and Norwegian spreadsheets write dates), or empty. */
export function parseImportDate(text: string): Date | null | 'invalid' {
  const value = text.trim();
  if (value === '') return null;
  let match = /^(\d{4})-(\d{2})-(\d{2})(?:[T ].*)?$/.exec(value);
  let year: number;
  let month: number;
  let day: number;
  if (match) {
    [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  } else {
    match = /^(\d{1,2})[.\-/](\d{1,2})[.\-/](\d{4})$/.exec(value);
    if (!match) return 'invalid';
    [day, month, year] = [Number(match[1]), Number(match[2]), Number(match[3])];
  }
  const date = new Date(Date.UTC(year, month - 1, day, 12));
  if (date.getUTCFullYear() !== year || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day) {
    return 'invalid';
  }
  return date;
}

const text = (value: string | undefined) => {
  const trimmed = (value ?? '').trim();
  return trimmed === '' ? null : trimmed;
};

/**
 * The rules of one row on its own (the dry run and the import both use it; duplicates within the
 * file and against the register are checked by the caller, which sees all rows).
 */
export function validateImportRow(values: Partial<Record<ImportColumn, string>>, now: Date): ImportRowResult {
  const fail = (problem: ImportRowProblem): ImportRowResult => ({ ok: false, problem });
  const email = EmailSchema.safeParse(values.owner_email ?? '');
  if (!email.success) return fail('owner_email_invalid');
  const ownerName = text(values.owner_name);
  const brand = text(values.brand);
  const model = text(values.model);
  if ((ownerName?.length ?? 0) > 100 || (brand?.length ?? 0) > 60 || (model?.length ?? 0) > 80)
    return fail('too_long');
  const frameText = text(values.frame_number);
  const plateText = text(values.plate_id);
  if (!frameText && !plateText) return fail('frame_or_plate_required');
  if (frameText && identifierShapeProblem(frameText)) return fail('frame_number_invalid');
  if (plateText && identifierShapeProblem(plateText)) return fail('plate_id_invalid');
  const colour = text(values.colour)?.toLowerCase() ?? null;
  if (colour !== null && !COLOURS.has(colour)) return fail('colour_invalid');
  const categoryText = text(values.category);
  const category = categoryText
    ? (BIKE_CATEGORIES.find((c) => c.toLowerCase() === categoryText.toLowerCase()) ?? null)
    : null;
  if (categoryText && !category) return fail('category_invalid');
  const yearText = text(values.year);
  let productionYear: number | null = null;
  if (yearText) {
    productionYear = /^\d{4}$/.test(yearText) ? Number(yearText) : Number.NaN;
    if (!(productionYear >= 1900 && productionYear <= now.getUTCFullYear() + 1)) return fail('year_invalid');
  }
  const electricText = (values.electric ?? '').trim().toLowerCase();
  if (!YES.has(electricText) && !NO.has(electricText)) return fail('electric_invalid');
  const registeredAt = parseImportDate(values.registered_at ?? '');
  if (registeredAt === 'invalid' || (registeredAt && registeredAt.getTime() > now.getTime())) {
    return fail('registered_at_invalid');
  }
  const region = REGIONS[(values.region ?? '').trim().toLowerCase()];
  if (!region) return fail('region_invalid');
  const frame = frameText ? identifierKeys(frameText) : null;
  const plate = plateText ? identifierKeys(plateText) : null;
  return {
    ok: true,
    row: {
      ownerEmail: email.data,
      ownerName,
      frameNumber: frame?.display ?? null,
      frameNumberKey: frame?.key ?? null,
      frameNumberLookAlike: frame?.lookAlike ?? null,
      plateId: plate?.display ?? null,
      plateKey: plate?.key ?? null,
      plateLookAlike: plate?.lookAlike ?? null,
      nickname: (brand ?? 'Cykel').slice(0, NICKNAME_MAX_LENGTH),
      brand,
      model,
      color: colour as BikeColor | null,
      category,
      productionYear,
      isElectric: YES.has(electricText),
      registeredAt,
      region,
    },
  };
}

export const IMPORT_JOB_STATUSES = [
  'staging',
  'staged',
  'queued',
  'running',
  'done',
  'failed',
  'cancelled',
] as const;

/** POST /backoffice/bulk-imports (multipart): the file, whose register it is, whether to invite. */
export const ImportUploadFieldsSchema = z.object({
  source_name: z
    .string({ error: 'required' })
    .trim()
    .min(1, { error: 'required' })
    .max(IMPORT_SOURCE_NAME_MAX_LENGTH, { error: 'too_long' }),
  invite: z.enum(['true', 'false'], { error: 'invalid_value' }).optional().default('true'),
});

export const ImportJobSchema = z.object({
  id: z.uuid(),
  source_name: z.string(),
  file_name: z.string(),
  status: z.enum(IMPORT_JOB_STATUSES),
  invite: z.boolean(),
  total_rows: z.number().int(),
  invalid_rows: z.number().int(),
  processed_rows: z.number().int(),
  imported_rows: z.number().int(),
  rejected_rows: z.number().int(),
  plates_refused: z.number().int(),
  invitations_sent: z.number().int(),
  /** 0–100, of the valid rows. */
  progress_percent: z.number().int(),
  created_at: z.iso.datetime({ offset: true }),
  started_at: z.iso.datetime({ offset: true }).nullable(),
  finished_at: z.iso.datetime({ offset: true }).nullable(),
  /** When its staged rows (names, e-mail addresses) are deleted; null while it runs. */
  rows_deleted_after: z.iso.datetime({ offset: true }).nullable(),
});
export type ImportJob = z.infer<typeof ImportJobSchema>;

export const ImportJobListSchema = z.object({ jobs: z.array(ImportJobSchema) });

export const ImportJobParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });

export const ImportProblemsQuerySchema = z.object({
  page: z.coerce
    .number({ error: 'invalid_value' })
    .int({ error: 'invalid_value' })
    .min(1, { error: 'invalid_value' })
    .max(10_000, { error: 'invalid_value' })
    .optional()
    .default(1),
});

export const ImportProblemSchema = z.object({
  row_number: z.number().int(),
  reason: z.enum(IMPORT_ROW_PROBLEMS),
  frame_number: z.string().nullable(),
  plate_id: z.string().nullable(),
});

export const ImportProblemsSchema = z.object({
  problems: z.array(ImportProblemSchema),
  total: z.number().int(),
  page: z.number().int(),
});

/** GET /bike-claims: the imported bikes waiting for the signed-in person's (verified) address. */
export const BikeClaimSchema = z.object({
  id: z.uuid(),
  source_name: z.string(),
  bikes: z.number().int(),
  imported_at: z.iso.datetime({ offset: true }),
});
export const BikeClaimListSchema = z.object({
  claims: z.array(BikeClaimSchema),
  /** False when the account's address is not confirmed yet: nothing can be claimed before. */
  email_verified: z.boolean(),
});
export const BikeClaimParamsSchema = z.object({ id: z.uuid({ error: 'invalid_value' }) });
export const BikeClaimResultSchema = z.object({ bikes: z.number().int() });
