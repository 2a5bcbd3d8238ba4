import { z } from 'zod';
import { BIKE_PRICE_MAX, BikeCategorySchema, BikeColorSchema } from './bikes.ts';
import { draftFlag, draftOptional, draftText } from './draft-fields.ts';
import { EmailSchema, PhoneSchema, ZipCodeSchema } from './identity.ts';
import { isOnLand } from './land.ts';
import { RegionSchema } from './locale.ts';

/*
 * The theft report (SPEC §2 report-stolen steps, §3 theft report draft, §4 theft wizard, §5). An
 * owner fills a draft step by step — kept on the server as they go — and submits it once every
 * section is complete and the three acknowledgements are given. Submitting marks the bike stolen;
 * reporting it found closes the report (kept in the owner's history, never public).
 *
 * The draft is the SPEC §3 draft in snake_case. Every field may be empty while drafting; what a
 * section needs to count as complete is `THEFT_SECTION_FIELDS` plus the conditional rules of
 * `missingTheftFields`, shared by the wizard's overview and the API's submit.
 */

/** The wizard's steps in order (SPEC §2); report-confirmed is the page after sending. */
export const THEFT_STEPS = [
  'personal-info',
  'insurance',
  'bike-info',
  'culprit-info',
  'time-location',
  'send-report',
  'report-confirmed',
] as const;
export const TheftStepSchema = z.enum(THEFT_STEPS);
export type TheftStep = z.infer<typeof TheftStepSchema>;

/** The steps holding fields: each is a section of the overview with a status. */
export const THEFT_SECTIONS = [
  'personal-info',
  'insurance',
  'bike-info',
  'culprit-info',
  'time-location',
  'send-report',
] as const satisfies readonly TheftStep[];
export type TheftSection = (typeof THEFT_SECTIONS)[number];

/** How the bike was locked when it was taken. */
export const LOCK_STATUSES = ['locked_to_object', 'locked', 'unlocked'] as const;
export const LockStatusSchema = z.enum(LOCK_STATUSES, { error: 'invalid_value' });
export type LockStatus = z.infer<typeof LockStatusSchema>;

/** Where an electric bike's battery was: taken off by the owner, left on the bike, or built in. */
export const BATTERY_LOCATIONS = ['removed', 'on_bike', 'integrated'] as const;
export const BatteryLocationSchema = z.enum(BATTERY_LOCATIONS, { error: 'invalid_value' });
export type BatteryLocation = z.infer<typeof BatteryLocationSchema>;

/** A report: a draft while the owner fills it, submitted once sent, closed when found. */
export const THEFT_REPORT_STATUSES = ['draft', 'submitted', 'closed'] as const;
export const TheftReportStatusSchema = z.enum(THEFT_REPORT_STATUSES);
export type TheftReportStatus = z.infer<typeof TheftReportStatusSchema>;

/**
 * Why a submitted report was closed: the bike was found, the one way a report closes (deleting a
 * bike deletes its reports with it; a stolen bike cannot change hands).
 */
export const THEFT_CLOSE_REASONS = ['found'] as const;
export type TheftCloseReason = (typeof THEFT_CLOSE_REASONS)[number];

export const THEFT_TEXT_MAX_LENGTH = 2000;

/**
 * Where the public map shows a stolen bike: the place rounded to a grid of this many degrees
 * (about 1.1 km north–south, 0.6 km east–west in Denmark and Norway), never the exact address.
 */
export const PUBLIC_LOCATION_GRID_DEGREES = 0.01;

/** Rounds a coordinate to the public grid (the centre of its cell is not used: the corner is stable). */
export function roundToPublicGrid(value: number): number {
  const cells = Math.round(value / PUBLIC_LOCATION_GRID_DEGREES);
  return Number((cells * PUBLIC_LOCATION_GRID_DEGREES).toFixed(2));
}

const text = (max: number) => draftText(max);
const optionalOf = draftOptional;
const flag = draftFlag;

/**
 * A moment in the past, ISO 8601 with offset or Z (the browser converts the picked local date and
 * time). SPEC §5: theft dates must be in the past ('Vennligst velg en dato i fortiden').
 */
export const PastMomentSchema = z
  .string()
  .refine((value) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/.test(value) && !Number.isNaN(Date.parse(value)), {
    error: 'invalid_date',
  })
  .refine((value) => Date.parse(value) <= Date.now() + 60_000, { error: 'date_not_in_past' })
  .transform((value) => new Date(value).toISOString());

export const LatitudeSchema = z.number({ error: 'invalid_value' }).min(-90).max(90);
export const LongitudeSchema = z.number({ error: 'invalid_value' }).min(-180).max(180);

/** A picked point on the map. */
export const MapPointSchema = z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema });
export type MapPoint = z.infer<typeof MapPointSchema>;

/**
 * A picked point as a report takes it: on land in Denmark or Norway (land.ts, with its margin for a
 * quay or a harbour); a pin in open water is refused (place_at_sea) and never reaches the public map.
 */
export const LandPointSchema = MapPointSchema.refine(isOnLand, { error: 'place_at_sea' });

/**
 * PUT /api/bikes/{bike_id}/theft-report/draft — the whole draft as the wizard holds it. Empty
 * strings mean "not filled". The register sends nothing to the police, so it takes no national id
 * number: `cpr_number` with a value is refused (422 national_id_not_collected) rather than silently
 * dropped, so a client that still asks for it learns why; null, as older clients sent it, is let be.
 */
export const TheftReportDraftInputSchema = z
  .object({
    // personal-info
    first_name: text(100),
    last_name: text(100),
    email: optionalOf(EmailSchema),
    street_address: text(200),
    city: text(100),
    zip_code: optionalOf(ZipCodeSchema),
    mobile: optionalOf(PhoneSchema),
    telephone: optionalOf(PhoneSchema),
    floor: text(20),
    side: text(20),
    door: text(20),
    police_report_requested: flag,
    cpr_number: z
      .preprocess((value) => (value === '' ? null : value), z.null({ error: 'national_id_not_collected' }))
      .optional(),
    // insurance
    is_insured: flag,
    insurance_company: text(200),
    bike_price: optionalOf(
      z
        .number({ error: 'invalid_price' })
        .int({ error: 'invalid_price' })
        .min(0, { error: 'invalid_price' })
        .max(BIKE_PRICE_MAX, { error: 'invalid_price' }),
    ),
    // bike-info
    frame_number: text(100),
    bike_category: optionalOf(BikeCategorySchema),
    is_electric: flag,
    bike_color: optionalOf(BikeColorSchema),
    lock_status: optionalOf(LockStatusSchema),
    battery_location: optionalOf(BatteryLocationSchema),
    // culprit-info
    is_culprit_known: flag,
    is_culprit_recognizable: flag,
    culprit_info: text(THEFT_TEXT_MAX_LENGTH),
    has_witness: flag,
    witnesses: text(THEFT_TEXT_MAX_LENGTH),
    // time-location
    time_last_seen: optionalOf(PastMomentSchema),
    noted_time: optionalOf(PastMomentSchema),
    /** The place as an address (street, postal code and town as one line). */
    place: text(300),
    /** The place picked on the map; with an address only, the bike is not shown on the public map. */
    location: optionalOf(LandPointSchema),
    // send-report
    acknowledgement_payout: flag,
    acknowledgement_data_share: flag,
    acknowledgement_ownership_transfer: flag,
    // wizard state
    previous_page: optionalOf(TheftStepSchema),
    unlocked_steps: z
      .array(TheftStepSchema)
      .max(THEFT_STEPS.length)
      .optional()
      .transform((steps) => [...new Set<TheftStep>(['personal-info', ...(steps ?? [])])]),
  })
  .superRefine((draft, context) => {
    // Compared as moments: when another field failed, the dates may still be as typed (any offset).
    const lastSeen = Date.parse(draft.time_last_seen ?? '');
    const noted = Date.parse(draft.noted_time ?? '');
    if (!Number.isNaN(lastSeen) && !Number.isNaN(noted) && noted < lastSeen) {
      context.addIssue({ code: 'custom', path: ['noted_time'], message: 'noted_before_last_seen' });
    }
  });
export type TheftReportDraftInput = z.input<typeof TheftReportDraftInputSchema>;
export type TheftReportDraftFields = z.output<typeof TheftReportDraftInputSchema>;

/** The draft as answered (GET and PUT …/draft): the fields plus what only the server knows. */
export const TheftReportDraftSchema = z.object({
  bike_id: z.uuid(),
  /** The id the report and its place are kept under; null until the draft is first saved. */
  location_id: z.uuid().nullable(),
  first_name: z.string().nullable(),
  last_name: z.string().nullable(),
  email: z.string().nullable(),
  street_address: z.string().nullable(),
  city: z.string().nullable(),
  zip_code: z.string().nullable(),
  mobile: z.string().nullable(),
  telephone: z.string().nullable(),
  floor: z.string().nullable(),
  side: z.string().nullable(),
  door: z.string().nullable(),
  police_report_requested: z.boolean().nullable(),
  is_insured: z.boolean().nullable(),
  insurance_company: z.string().nullable(),
  bike_price: z.number().int().nullable(),
  frame_number: z.string().nullable(),
  bike_category: BikeCategorySchema.nullable(),
  is_electric: z.boolean().nullable(),
  bike_color: BikeColorSchema.nullable(),
  lock_status: LockStatusSchema.nullable(),
  battery_location: BatteryLocationSchema.nullable(),
  is_culprit_known: z.boolean().nullable(),
  is_culprit_recognizable: z.boolean().nullable(),
  culprit_info: z.string().nullable(),
  has_witness: z.boolean().nullable(),
  witnesses: z.string().nullable(),
  time_last_seen: z.string().nullable(),
  noted_time: z.string().nullable(),
  place: z.string().nullable(),
  location: MapPointSchema.nullable(),
  acknowledgement_payout: z.boolean().nullable(),
  acknowledgement_data_share: z.boolean().nullable(),
  acknowledgement_ownership_transfer: z.boolean().nullable(),
  previous_page: TheftStepSchema.nullable(),
  unlocked_steps: z.array(TheftStepSchema),
  /** When the server last saved it; null for a draft not saved yet (pre-filled from profile and bike). */
  saved_at: z.string().nullable(),
});
export type TheftReportDraft = z.infer<typeof TheftReportDraftSchema>;

/** The fields a section needs in every case; conditional ones are in missingTheftFields. */
export const THEFT_SECTION_FIELDS = {
  'personal-info': [
    'first_name',
    'last_name',
    'email',
    'street_address',
    'zip_code',
    'city',
    'mobile',
    'police_report_requested',
  ],
  insurance: ['is_insured', 'bike_price'],
  'bike-info': ['bike_category', 'bike_color', 'is_electric', 'lock_status'],
  'culprit-info': ['is_culprit_known', 'has_witness'],
  'time-location': ['time_last_seen', 'noted_time'],
  'send-report': [
    'acknowledgement_payout',
    'acknowledgement_data_share',
    'acknowledgement_ownership_transfer',
  ],
} as const satisfies Record<TheftSection, readonly (keyof TheftReportDraft)[]>;

/** What a draft field needs to count as filled: a value, and for acknowledgements `true`. */
function isFilled(draft: TheftReportDraft, field: keyof TheftReportDraft): boolean {
  const value = draft[field];
  if (field.startsWith('acknowledgement_')) return value === true;
  return value !== null && value !== undefined && value !== '';
}

/** The missing fields of one section, conditional rules included (SPEC §5). */
export function missingTheftFields(draft: TheftReportDraft, section: TheftSection): string[] {
  const missing: string[] = THEFT_SECTION_FIELDS[section].filter((field) => !isFilled(draft, field));
  if (section === 'insurance' && draft.is_insured === true && !isFilled(draft, 'insurance_company')) {
    missing.push('insurance_company');
  }
  if (section === 'bike-info' && draft.is_electric === true && !isFilled(draft, 'battery_location')) {
    missing.push('battery_location');
  }
  if (section === 'culprit-info') {
    if (draft.is_culprit_known === true && !isFilled(draft, 'culprit_info')) missing.push('culprit_info');
    if (draft.is_culprit_known === true && draft.is_culprit_recognizable === null) {
      missing.push('is_culprit_recognizable');
    }
    if (draft.has_witness === true && !isFilled(draft, 'witnesses')) missing.push('witnesses');
  }
  if (section === 'time-location' && !isFilled(draft, 'place') && !draft.location) missing.push('place');
  return missing;
}

/** Every missing field of the draft, section by section (the 422 of submit lists them all). */
export function allMissingTheftFields(draft: TheftReportDraft): { section: TheftSection; field: string }[] {
  return THEFT_SECTIONS.flatMap((section) =>
    missingTheftFields(draft, section).map((field) => ({ section, field })),
  );
}

export type TheftSectionStatus = 'complete' | 'missing';

/** Each section's status for the overview (a red exclamation on missing ones). */
export function theftSectionStatuses(draft: TheftReportDraft): Record<TheftSection, TheftSectionStatus> {
  return Object.fromEntries(
    THEFT_SECTIONS.map((section) => [
      section,
      missingTheftFields(draft, section).length ? 'missing' : 'complete',
    ]),
  ) as Record<TheftSection, TheftSectionStatus>;
}

/** Steps unlock one after the other from personal-info: the next one opens once a step is saved. */
export function nextTheftStep(step: TheftStep): TheftStep | null {
  const index = THEFT_STEPS.indexOf(step);
  return THEFT_STEPS[index + 1] ?? null;
}

/** A submitted (or closed) report as its owner sees it (GET /api/bikes/{bike_id}/theft-report). */
export const TheftReportSchema = TheftReportDraftSchema.omit({
  previous_page: true,
  unlocked_steps: true,
  saved_at: true,
}).extend({
  report_id: z.uuid(),
  status: z.enum(['submitted', 'closed']),
  submitted_at: z.string(),
  closed_at: z.string().nullable(),
  closed_reason: z.enum(THEFT_CLOSE_REASONS).nullable(),
  /** Where the public map shows the bike (rounded); null when only an address was given. */
  public_location: MapPointSchema.nullable(),
  /** A signed address of the report as a PDF, for the police or the insurer (valid for an hour). */
  pdf_url: z.string(),
  /**
   * When the owner withdrew acknowledgement_data_share (issue 16 §4): no insurer is shown the report
   * from then on. Null while the acknowledgement stands (or was never given).
   */
  data_share_withdrawn_at: z.string().nullable(),
});
export type TheftReport = z.infer<typeof TheftReportSchema>;

/** POST /api/bikes/{bike_id}/found — the answer; the identity approval is consumed. */
export const FoundResultSchema = z.object({
  bike_id: z.uuid(),
  status: z.literal('registered'),
  /** The report that was closed (null only for a bike marked stolen without a report, e.g. by staff). */
  report_id: z.uuid().nullable(),
});
export type FoundResult = z.infer<typeof FoundResultSchema>;

/*
 * Our staff's review of theft reports (issue 17 §1 /backoffice/v2/stolen-bikes): new reports to
 * review, marked suspicious with a note, linked to the pickup of the found bike, and the owner
 * contacted through the register (a chat message; staff never see their e-mail address for it).
 */

/** new: submitted, not reviewed; suspicious: marked so; reviewed: reviewed and not suspicious; all. */
export const THEFT_REVIEW_FILTERS = ['new', 'suspicious', 'reviewed', 'all'] as const;
export const TheftReviewFilterSchema = z.enum(THEFT_REVIEW_FILTERS);
export type TheftReviewFilter = z.infer<typeof TheftReviewFilterSchema>;
export const STAFF_THEFT_REPORTS_PAGE_SIZE = 50;

export const StaffTheftReportQuerySchema = z.object({
  filter: TheftReviewFilterSchema.optional().default('new'),
});

export const StaffTheftReportParamsSchema = z.object({ reportId: z.string() });

/** The reason a staff member gives to open a report's private data; it is in the owner's access log. */
export const StaffAccessReasonSchema = z.object({
  reason: z.string().trim().min(3, { error: 'required' }).max(500, { error: 'too_long' }),
});

/** A report in the staff's queue: the stolen bike (public facts) and the review's state, no owner. */
export const StaffTheftReportSummarySchema = z.object({
  report_id: z.uuid(),
  bike_id: z.uuid(),
  status: z.enum(['submitted', 'closed']),
  submitted_at: z.string(),
  region: z.string().nullable(),
  bike: z.object({
    nickname: z.string().nullable(),
    brand: z.string().nullable(),
    model: z.string().nullable(),
    frame_number: z.string().nullable(),
    plate_id: z.string().nullable(),
  }),
  reviewed_at: z.string().nullable(),
  suspicious_at: z.string().nullable(),
  found_pickup_id: z.uuid().nullable(),
});
export type StaffTheftReportSummary = z.infer<typeof StaffTheftReportSummarySchema>;
export const StaffTheftReportListSchema = z.object({ items: z.array(StaffTheftReportSummarySchema) });
export type StaffTheftReportList = z.infer<typeof StaffTheftReportListSchema>;

/** A pickup of the reported bike (someone holds it): what staff may link as the found report. */
export const StaffTheftPickupSchema = z.object({
  pickup_id: z.uuid(),
  status: z.string(),
  place: z.string(),
  collect_until: z.string(),
  created_at: z.string(),
});

/** GET …/theft-reports/{reportId}?reason=: the whole report (audited, in the owner's access log). */
export const StaffTheftReportDetailSchema = TheftReportSchema.omit({ pdf_url: true }).extend({
  summary: StaffTheftReportSummarySchema,
  suspicious_note: z.string().nullable(),
  pickups: z.array(StaffTheftPickupSchema),
});
export type StaffTheftReportDetail = z.infer<typeof StaffTheftReportDetailSchema>;

/** PUT …/suspicion: mark suspicious with a note, or clear it. */
export const TheftSuspicionSchema = z
  .object({
    suspicious: z.boolean(),
    note: z.string().trim().max(THEFT_TEXT_MAX_LENGTH, { error: 'too_long' }).optional(),
  })
  .refine((value) => !value.suspicious || Boolean(value.note), { error: 'required', path: ['note'] });

/** PUT …/found-link: the pickup of the found bike, or null to unlink. */
export const TheftFoundLinkSchema = z.object({ pickup_id: z.uuid({ error: 'invalid_value' }).nullable() });

/** POST …/messages: a message to the owner in a chat about the bike. */
export const StaffOwnerMessageSchema = z.object({
  text: z.string().trim().min(1, { error: 'required' }).max(THEFT_TEXT_MAX_LENGTH, { error: 'too_long' }),
});
export const StaffOwnerMessageAnswerSchema = z.object({ chat_id: z.uuid() });

/*
 * Issue 27 walk 8: the theft report's typed address placed on the map. The API asks the national
 * address register (DAWA in Denmark, Kartverket in Norway); when the register is away or knows no
 * such address, a postcode in the text places the pin at that postcode's town centre instead.
 */

/** GET /api/theft-places?q=&region= — where a typed address is. */
export const TheftPlaceQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'required' }).max(300, { error: 'too_long' }),
  region: RegionSchema,
});
export type TheftPlaceQuery = z.infer<typeof TheftPlaceQuerySchema>;

/** address: the register placed the address; postcode: only its postcode's centre is known. */
export const THEFT_PLACE_PRECISIONS = ['address', 'postcode'] as const;

export const TheftPlaceSchema = z.object({
  /** Null: neither the address nor a postcode in it could be placed. */
  place: z
    .object({
      location: MapPointSchema,
      /** The address as the register writes it, or the postcode for a postcode's centre. */
      label: z.string(),
      precision: z.enum(THEFT_PLACE_PRECISIONS),
    })
    .nullable(),
});
export type TheftPlace = z.infer<typeof TheftPlaceSchema>;
