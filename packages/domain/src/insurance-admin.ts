import { z } from 'zod';
import {
  LOCK_APPROVALS,
  LockApprovalSchema,
  MoneySchema,
  PolicySchema,
  PolicyStatusSchema,
  REQUIRED_UPLOADS,
  RequiredUploadSchema,
  TariffSchema,
} from './insurance.ts';

/*
 * The insurer's admin (issue 16 §4), shared by the web app and the API: the insurer's list of its
 * policies and its decisions on them, one insured bike as the insurer sees it, its upload of
 * existing contents customers (CSV), the theft reports owners shared with it, its reports and the
 * claims it paid. Every custom message is a validation code of VALIDATION_MESSAGES (identity.ts).
 */

/** What an insurer decided about a policy. */
export const POLICY_DECISIONS = ['accepted', 'rejected', 'cancelled'] as const;
export type PolicyDecision = (typeof POLICY_DECISIONS)[number];

export const INSURER_POLICIES_PAGE_SIZE_MAX = 100;

/** GET /insurance/{insurer}/admin/policies — filter by status, search holder name/e-mail or policy number. */
export const InsurerPolicyQuerySchema = z.object({
  status: PolicyStatusSchema.optional(),
  q: z.string().trim().max(200).optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  page_size: z.coerce.number().int().min(1).max(INSURER_POLICIES_PAGE_SIZE_MAX).default(25),
});
export type InsurerPolicyQuery = z.input<typeof InsurerPolicyQuerySchema>;

export const InsurerPolicyPageSchema = z.object({
  items: z.array(PolicySchema),
  total: z.int(),
  page: z.int(),
  page_size: z.int(),
});
export type InsurerPolicyPage = z.infer<typeof InsurerPolicyPageSchema>;

export const InsurerParamsSchema = z.object({ insurer: z.string().max(64) });
export const InsurerPolicyParamsSchema = InsurerParamsSchema.extend({ policyId: z.string().max(64) });
export const InsurerPolicyBikeParamsSchema = InsurerPolicyParamsSchema.extend({ bikeId: z.string().max(64) });

const reasonText = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') })
  .trim()
  .min(1, { error: 'required' })
  .max(500, { error: 'too_long' });

/** Accepting an application: the insurer's own policy number, unique per insurer. */
export const AcceptPolicySchema = z
  .object({
    insurer_policy_number: z
      .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_value') })
      .trim()
      .min(1, { error: 'required' })
      .max(100, { error: 'too_long' }),
  })
  .strict();
export type AcceptPolicy = z.infer<typeof AcceptPolicySchema>;

/** Rejecting an application or cancelling an active policy: the reason the holder is told. */
export const PolicyEndSchema = z.object({ reason: reasonText }).strict();
export type PolicyEnd = z.infer<typeof PolicyEndSchema>;

/** One insured bike as its insurer sees it: the register's facts of the bike, not its owner's. */
export const InsurerBikeSchema = z.object({
  policy_id: z.string(),
  insurer_policy_number: z.string().nullable(),
  policy_status: PolicyStatusSchema,
  holder_name: z.string().nullable(),
  insured_item_id: z.string(),
  verification_status: z.string(),
  insured_since: z.string(),
  bike: z.object({
    id: z.string(),
    nickname: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    frame_number: z.string().nullable(),
    plate_id: z.string().nullable(),
    category: z.string().nullable(),
    color: z.string().nullable(),
    is_electric: z.boolean(),
    /** Whole kroner, as registered, in `currency`. */
    price: z.int().nullable(),
    currency: z.enum(['DKK', 'NOK']),
    /** registered | stolen. */
    status: z.string(),
    /** Whether our staff checked the owner's proof of ownership (SPEC §4). */
    owner_verified: z.boolean(),
    registered_at: z.string(),
  }),
  /** The theft report the owner shared with the insurer, if any (and the claim paid on it). */
  theft_report: z
    .object({
      id: z.string(),
      status: z.string(),
      submitted_at: z.string().nullable(),
      payout: z
        .object({
          paid_at: z.string(),
          amount: MoneySchema,
          registration_transferred: z.boolean(),
        })
        .nullable(),
    })
    .nullable(),
});
export type InsurerBike = z.infer<typeof InsurerBikeSchema>;

// --- the CSV upload of existing contents customers ------------------------------------------------

/** The upload's columns, in any order on the first line. */
export const PRE_REGISTRATION_CSV_COLUMNS = ['insurer_policy_id', 'holder_email', 'holder_name'] as const;
export const PRE_REGISTRATION_CSV_MAX_ROWS = 5_000;
/** About 5,000 rows of 200 characters. */
export const PRE_REGISTRATION_CSV_MAX_LENGTH = 1_000_000;

export const PreRegistrationUploadSchema = z
  .object({ csv: z.string().max(PRE_REGISTRATION_CSV_MAX_LENGTH, { error: 'too_long' }) })
  .strict();
export type PreRegistrationUpload = z.infer<typeof PreRegistrationUploadSchema>;

export const PreRegistrationUploadResultSchema = z.object({ stored: z.int() });

/**
 * Splits CSV text (RFC 4180: commas or semicolons, quoted fields with doubled quotes, CRLF or LF)
 * into rows of fields, each with the line it starts on (1-based). Blank lines are skipped.
 */
export function parseCsv(text: string): Array<{ line: number; fields: string[] }> {
  const source = text.replace(/^\uFEFF/, '');
  const firstLine = source.split(/\r?\n/, 1)[0] ?? '';
  const separator = (firstLine.match(/;/g)?.length ?? 0) > (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  const rows: Array<{ line: number; fields: string[] }> = [];
  let fields: string[] = [];
  let field = '';
  let quoted = false;
  let line = 1;
  let rowLine = 1;
  const endRow = () => {
    fields.push(field);
    if (fields.some((value) => value.trim() !== '')) rows.push({ line: rowLine, fields });
    fields = [];
    field = '';
  };
  for (let index = 0; index < source.length; index += 1) {
    const char = source[index];
    if (quoted) {
      if (char === '"' && source[index + 1] === '"') {
        field += '"';
        index += 1;
      } else if (char === '"') {
        quoted = false;
      } else {
        if (char === '\n') line += 1;
        field += char;
      }
    } else if (char === '"' && field === '') {
      quoted = true;
    } else if (char === separator) {
      fields.push(field);
      field = '';
    } else if (char === '\n' || char === '\r') {
      if (char === '\r' && source[index + 1] === '\n') index += 1;
      endRow();
      line += 1;
      rowLine = line;
    } else {
      field += char;
    }
  }
  endRow();
  return rows;
}

// --- theft reports shared with the insurer -----------------------------------------------------------

export const SharedTheftReportSchema = z.object({
  id: z.string(),
  bike_id: z.string(),
  policy_id: z.string(),
  insurer_policy_number: z.string().nullable(),
  holder_name: z.string().nullable(),
  bike: z.object({
    nickname: z.string(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    frame_number: z.string().nullable(),
  }),
  /** submitted (stolen) | closed. */
  status: z.string(),
  closed_reason: z.string().nullable(),
  submitted_at: z.string().nullable(),
  time_last_seen: z.string().nullable(),
  noted_time: z.string().nullable(),
  place: z.string().nullable(),
  lock_status: z.string().nullable(),
  police_report_requested: z.boolean().nullable(),
  /** Whole kroner, as the owner stated it. */
  bike_price: z.int().nullable(),
  acknowledgement_ownership_transfer: z.boolean(),
  payout: z
    .object({ paid_at: z.string(), amount: MoneySchema, registration_transferred: z.boolean() })
    .nullable(),
});
export type SharedTheftReport = z.infer<typeof SharedTheftReportSchema>;
export const SharedTheftReportListSchema = z.array(SharedTheftReportSchema);

// --- payouts -----------------------------------------------------------------------------------------

export const PayoutInputSchema = z
  .object({
    amount_minor: z
      .int({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_price') })
      .min(0, { error: 'invalid_price' })
      .max(100_000_000, { error: 'invalid_price' }),
  })
  .strict();
export type PayoutInput = z.infer<typeof PayoutInputSchema>;

export const PayoutSchema = z.object({
  id: z.string(),
  theft_report_id: z.string(),
  bike_id: z.string(),
  policy_id: z.string(),
  amount: MoneySchema,
  registration_transferred: z.boolean(),
  paid_at: z.string(),
});
export type Payout = z.infer<typeof PayoutSchema>;

// --- reports -----------------------------------------------------------------------------------------

const DAY = /^\d{4}-\d{2}-\d{2}$/;
const dayOf = z
  .string({ error: (issue) => (issue.input === undefined ? 'required' : 'invalid_date') })
  .regex(DAY, { error: 'invalid_date' })
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)), { error: 'invalid_date' });

/** The longest period a report covers. */
export const REPORT_MAX_DAYS = 5 * 366;

/** A period runs forwards and spans at most REPORT_MAX_DAYS. */
function checkPeriod(period: { from: string; to: string }, context: z.RefinementCtx): void {
  const days = (Date.parse(period.to) - Date.parse(period.from)) / 86_400_000;
  if (days < 0 || days > REPORT_MAX_DAYS) {
    context.addIssue({ code: 'custom', path: ['to'], message: 'invalid_period' });
  }
}

/** A report's period: whole days, both included (UTC). */
export const ReportPeriodSchema = z.object({ from: dayOf, to: dayOf }).superRefine(checkPeriod);
/** The PDF download: the period and the language of the document (default: the caller's). */
export const ReportPdfQuerySchema = z
  .object({ from: dayOf, to: dayOf, lang: z.enum(['da', 'en', 'no']).optional() })
  .superRefine(checkPeriod);
export type ReportPeriod = z.infer<typeof ReportPeriodSchema>;

/** The months of a period as YYYY-MM, first to last. */
export function monthsOf(period: ReportPeriod): string[] {
  const months: string[] = [];
  let year = Number(period.from.slice(0, 4));
  let month = Number(period.from.slice(5, 7));
  const lastYear = Number(period.to.slice(0, 4));
  const lastMonth = Number(period.to.slice(5, 7));
  while (year < lastYear || (year === lastYear && month <= lastMonth)) {
    months.push(`${year}-${String(month).padStart(2, '0')}`);
    month += 1;
    if (month > 12) {
      month = 1;
      year += 1;
    }
  }
  return months;
}

/** Found among stolen, 0–1; null when nothing was stolen. */
export function recoveryRate(found: number, stolen: number): number | null {
  return stolen === 0 ? null : Math.round((found / stolen) * 1000) / 1000;
}

export const InsurerReportSchema = z.object({
  insurer: z.object({ party_id: z.string(), name: z.string() }),
  period: z.object({ from: z.string(), to: z.string() }),
  currency: z.enum(['DKK', 'NOK']),
  months: z.array(
    z.object({
      month: z.string(),
      thefts: z.int(),
      found: z.int(),
      payouts: z.int(),
      payout_amount_minor: z.int(),
    }),
  ),
  thefts: z.int(),
  found: z.int(),
  recovery_rate: z.number().nullable(),
  payouts: z.int(),
  payout_amount_minor: z.int(),
  /** Thefts per place (the postal town of the theft report's place, else the reporter's town). */
  municipalities: z.array(z.object({ name: z.string(), thefts: z.int() })),
  /** The insured bikes of open policies by the state of their check (today). */
  verification_backlog: z.array(z.object({ status: z.string(), count: z.int() })),
});
export type InsurerReport = z.infer<typeof InsurerReportSchema>;

// --- the insurer's products (issue 16 §4) -----------------------------------------------------------

const TermsTextSchema = z
  .string({ error: 'required' })
  .trim()
  .min(1, { error: 'required' })
  .max(20_000, { error: 'too_long' });

/**
 * PUT /insurance/{insurer}/admin/products/{coverKind}: the insurer's admin changes a cover — its
 * terms in da, en and no, the lock approvals it accepts (its region's only), what a holder must
 * upload, and the tariff. Saved as a new version of the product; policies keep the one they were
 * priced by.
 */
export const InsurerProductUpdateSchema = z
  .object({
    terms: z.object({ da: TermsTextSchema, en: TermsTextSchema, no: TermsTextSchema }).strict(),
    accepted_locks: z
      .array(LockApprovalSchema)
      .max(LOCK_APPROVALS.length)
      .refine((locks) => new Set(locks).size === locks.length, { error: 'duplicate_value' }),
    required_uploads: z
      .array(RequiredUploadSchema)
      .max(REQUIRED_UPLOADS.length)
      .refine((uploads) => new Set(uploads).size === uploads.length, { error: 'duplicate_value' }),
    tariff: TariffSchema,
  })
  .strict();
export type InsurerProductUpdate = z.infer<typeof InsurerProductUpdateSchema>;

/** An unknown cover kind answers 404 like a cover the insurer does not sell. */
export const InsurerProductParamsSchema = InsurerParamsSchema.extend({ coverKind: z.string().max(64) });
