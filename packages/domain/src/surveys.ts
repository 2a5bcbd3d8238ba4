import { z } from 'zod';

/*
 * The commuter survey ("pendler", issue 29 §1): what a person answers in three steps, how a
 * position is kept (a coarse grid cell, never the point), and the figures the running
 * organisation's admin panel shows. The privacy rule lives here so the panel, its CSV/XLSX export
 * and any later report cannot differ: a group of fewer than SURVEY_MIN_GROUP_SIZE answers is never
 * shown or exported as a group (summariseSurvey answers `withheld` for it, groupSurveyAnswers leaves
 * it out).
 */

/** The fewest answers a shown or exported group may have. */
export const SURVEY_MIN_GROUP_SIZE = 5;
/** A car trip shorter than this could be cycled ("cycling potential"). */
export const CYCLING_POTENTIAL_MAX_KM = 5;
/** The side of the grid cells positions are kept as. */
export const SURVEY_GRID_CELL_KM = 1;

export const TRAVEL_MODES = ['bike', 'e_bike', 'public_transport', 'car', 'walk'] as const;
export type TravelMode = (typeof TRAVEL_MODES)[number];
export const TravelModeSchema = z.enum(TRAVEL_MODES);

/** ISO weekdays: 1 Monday … 7 Sunday. */
export const WeekdaySchema = z.number().int().min(1).max(7);

export const SURVEY_LEGS_MAX = 4;
export const SURVEY_LEG_KM_MAX = 200;
export const SURVEY_LEG_MINUTES_MAX = 300;

const PostcodeSchema = z
  .string()
  .trim()
  .regex(/^\d{4}$/);
const LatitudeSchema = z.number().min(-90).max(90);
const LongitudeSchema = z.number().min(-180).max(180);

/** /survey/addresses: where the person lives and works or studies; a position only if they point it out. */
export const SurveyAddressesInputSchema = z.object({
  home_postcode: PostcodeSchema,
  work_postcode: PostcodeSchema,
  home_position: z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema }).nullable(),
  work_position: z.object({ latitude: LatitudeSchema, longitude: LongitudeSchema }).nullable(),
  /** The workplace or school among the survey's, when it lists any. */
  workplace_id: z.uuid().nullable(),
});
export type SurveyAddressesInput = z.infer<typeof SurveyAddressesInputSchema>;

/** /survey/commuting-days: the weekdays they usually commute on (none: they do not commute). */
export const SurveyCommutingDaysInputSchema = z.object({
  days: z
    .array(WeekdaySchema)
    .max(7)
    .refine((days) => new Set(days).size === days.length, { message: 'each day once' }),
});
export type SurveyCommutingDaysInput = z.infer<typeof SurveyCommutingDaysInputSchema>;

export const SurveyLegSchema = z.object({
  mode: TravelModeSchema,
  /** One way, in km. */
  distance_km: z.number().positive().max(SURVEY_LEG_KM_MAX),
  minutes: z.number().int().min(1).max(SURVEY_LEG_MINUTES_MAX),
});
export type SurveyLeg = z.infer<typeof SurveyLegSchema>;

/** /survey/pendler-travel: the legs of a usual trip one way, and what would make them cycle more. */
export const SurveyTravelInputSchema = z.object({
  legs: z.array(SurveyLegSchema).min(1).max(SURVEY_LEGS_MAX),
  would_cycle_more_with_parking: z.boolean(),
  would_cycle_more_with_dock: z.boolean(),
});
export type SurveyTravelInput = z.infer<typeof SurveyTravelInputSchema>;

/**
 * A position as the survey keeps it: the grid cell of SURVEY_GRID_CELL_KM around it, named by its
 * south-west corner in whole km north of the equator and east of Greenwich along the parallel
 * (Aarhus C: "1km_N6250_E632"). Cells are about a square kilometre in Denmark and Norway; the point is never
 * stored.
 */
export function surveyGridCell(latitude: number, longitude: number, cellKm = SURVEY_GRID_CELL_KM): string {
  const KM_PER_DEGREE = 111.32;
  const north = Math.floor((latitude * KM_PER_DEGREE) / cellKm) * cellKm;
  const kmPerDegreeEast = KM_PER_DEGREE * Math.cos((latitude * Math.PI) / 180);
  const east = Math.floor((longitude * kmPerDegreeEast) / cellKm) * cellKm;
  const ns = north < 0 ? `S${-north}` : `N${north}`;
  const ew = east < 0 ? `W${-east}` : `E${east}`;
  return `${cellKm}km_${ns}_${ew}`;
}

/** The mode of a trip: that of its longest leg (the first of equal ones). */
export function mainMode(legs: readonly SurveyLeg[]): TravelMode {
  const [first, ...rest] = legs;
  if (!first) throw new Error('a trip has at least one leg');
  return rest.reduce((longest, leg) => (leg.distance_km > longest.distance_km ? leg : longest), first).mode;
}

/** What the figures are made of: one finished answer, without where the person lives. */
export interface SurveyAnswerFacts {
  workplaceId: string | null;
  homePostcode: string;
  daysPerWeek: number;
  legs: readonly SurveyLeg[];
  wouldCycleMoreWithParking: boolean;
  wouldCycleMoreWithDock: boolean;
}

/** The distance bands of the distribution, one way: [from, to) km. */
export const SURVEY_DISTANCE_BANDS = [
  { id: '0-2', fromKm: 0, toKm: 2 },
  { id: '2-5', fromKm: 2, toKm: 5 },
  { id: '5-10', fromKm: 5, toKm: 10 },
  { id: '10-20', fromKm: 10, toKm: 20 },
  { id: '20+', fromKm: 20, toKm: Number.POSITIVE_INFINITY },
] as const;

export interface SurveySummary {
  answers: number;
  /** Each mode's trips (by main mode) and its share of all, every mode listed. */
  modalSplit: Array<{ mode: TravelMode; count: number; share: number }>;
  distanceBands: Array<{ band: (typeof SURVEY_DISTANCE_BANDS)[number]['id']; count: number }>;
  /** How many commute on 0…7 days a week. */
  daysPerWeek: Array<{ days: number; count: number }>;
  /** Car trips (main mode car) shorter than CYCLING_POTENTIAL_MAX_KM, and their share of all trips. */
  cyclingPotential: { count: number; share: number };
  wouldCycleMoreWithParking: number;
  wouldCycleMoreWithDock: number;
}

/** A summary, or withheld because the group has fewer than SURVEY_MIN_GROUP_SIZE answers. */
export type SurveySummaryResult = { withheld: false; summary: SurveySummary } | { withheld: true };

const share = (count: number, of: number) => (of === 0 ? 0 : count / of);

/** The figures of one group of answers; withheld below SURVEY_MIN_GROUP_SIZE. */
export function summariseSurvey(answers: readonly SurveyAnswerFacts[]): SurveySummaryResult {
  if (answers.length < SURVEY_MIN_GROUP_SIZE) return { withheld: true };
  const total = answers.length;
  const modes = new Map<TravelMode, number>(TRAVEL_MODES.map((mode) => [mode, 0]));
  const bands = new Map<string, number>(SURVEY_DISTANCE_BANDS.map((band) => [band.id, 0]));
  const days = Array.from({ length: 8 }, () => 0);
  let potential = 0;
  let parking = 0;
  let dock = 0;
  for (const answer of answers) {
    const mode = mainMode(answer.legs);
    modes.set(mode, (modes.get(mode) ?? 0) + 1);
    const km = answer.legs.reduce((sum, leg) => sum + leg.distance_km, 0);
    const band = SURVEY_DISTANCE_BANDS.find((candidate) => km >= candidate.fromKm && km < candidate.toKm);
    if (band) bands.set(band.id, (bands.get(band.id) ?? 0) + 1);
    days[answer.daysPerWeek] = (days[answer.daysPerWeek] ?? 0) + 1;
    if (mode === 'car' && km < CYCLING_POTENTIAL_MAX_KM) potential += 1;
    if (answer.wouldCycleMoreWithParking) parking += 1;
    if (answer.wouldCycleMoreWithDock) dock += 1;
  }
  return {
    withheld: false,
    summary: {
      answers: total,
      modalSplit: TRAVEL_MODES.map((mode) => ({
        mode,
        count: modes.get(mode) ?? 0,
        share: share(modes.get(mode) ?? 0, total),
      })),
      distanceBands: SURVEY_DISTANCE_BANDS.map((band) => ({ band: band.id, count: bands.get(band.id) ?? 0 })),
      daysPerWeek: days.map((count, index) => ({ days: index, count })),
      cyclingPotential: { count: potential, share: share(potential, total) },
      wouldCycleMoreWithParking: parking,
      wouldCycleMoreWithDock: dock,
    },
  };
}

/**
 * The figures of the answers a filter picked (a period, a workplace, a postal area) out of the
 * survey's `wholeCount`: withheld when they are fewer than SURVEY_MIN_GROUP_SIZE, and also when the
 * answers the filter left out are 1 to 4, since the whole's figures minus these would show them.
 */
export function summariseSurveySubset(
  subset: readonly SurveyAnswerFacts[],
  wholeCount: number,
): SurveySummaryResult {
  const rest = wholeCount - subset.length;
  if (rest > 0 && rest < SURVEY_MIN_GROUP_SIZE) return { withheld: true };
  return summariseSurvey(subset);
}

/**
 * The answers grouped by a key (a workplace, a postal area), each group of at least
 * SURVEY_MIN_GROUP_SIZE answers summarised. Smaller groups are left out. So is whatever would let a
 * left-out group be worked out by subtraction from the whole (whose figures the panel shows too): the
 * answers left out (in small groups or without a key) must together be none or at least
 * SURVEY_MIN_GROUP_SIZE, so while they are 1 to 4 the smallest group shown is left out as well.
 */
export function groupSurveyAnswers(
  answers: readonly SurveyAnswerFacts[],
  keyOf: (answer: SurveyAnswerFacts) => string | null,
): Array<{ key: string; summary: SurveySummary }> {
  const groups = new Map<string, SurveyAnswerFacts[]>();
  let leftOut = 0;
  for (const answer of answers) {
    const key = keyOf(answer);
    if (key === null) {
      leftOut += 1;
      continue;
    }
    const group = groups.get(key) ?? [];
    group.push(answer);
    groups.set(key, group);
  }
  const shown = [...groups].filter(([, group]) => {
    if (group.length >= SURVEY_MIN_GROUP_SIZE) return true;
    leftOut += group.length;
    return false;
  });
  // Smallest first, then by key, so the same answers always leave out the same group.
  shown.sort(([a, groupA], [b, groupB]) => groupA.length - groupB.length || a.localeCompare(b));
  while (leftOut > 0 && leftOut < SURVEY_MIN_GROUP_SIZE && shown.length > 0) {
    const [, smallest] = shown.shift() ?? [];
    leftOut += smallest?.length ?? 0;
  }
  return shown
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([key, group]) => {
      const result = summariseSurvey(group);
      if (result.withheld) throw new Error('a shown group has at least the minimum of answers');
      return { key, summary: result.summary };
    });
}

/** A postal area as the panel filters and groups by: the postcode's first two digits ("80" for 8000 Aarhus C). */
export function postalAreaOf(postcode: string): string {
  return postcode.slice(0, 2);
}

/**
 * The change of each mode's share between two periods of a survey, in percentage points; null
 * when either period is withheld (fewer than SURVEY_MIN_GROUP_SIZE answers).
 */
export function modalShareChange(
  before: SurveySummaryResult,
  after: SurveySummaryResult,
): Array<{ mode: TravelMode; points: number }> | null {
  if (before.withheld || after.withheld) return null;
  return TRAVEL_MODES.map((mode) => {
    const was = before.summary.modalSplit.find((entry) => entry.mode === mode)?.share ?? 0;
    const is = after.summary.modalSplit.find((entry) => entry.mode === mode)?.share ?? 0;
    return { mode, points: Math.round((is - was) * 1000) / 10 };
  });
}

/* The API's shapes (apps/api modules/surveys): the organisation's side and the person's answer. */

const SurveyDateSchema = z.iso.date();

export const SurveyWorkplaceSchema = z.object({ id: z.uuid(), name: z.string() });

/** How many people a survey invites: at least one, at most SURVEY_INVITED_MAX. */
export const SURVEY_INVITED_MAX = 1_000_000;
export const SurveyInvitedCountSchema = z.number().int().min(1).max(SURVEY_INVITED_MAX);

/** POST /api/operator/surveys: a new survey of the organisation the session acts for. */
export const SurveyCreateSchema = z
  .object({
    title: z.string().trim().min(1).max(200),
    opens_on: SurveyDateSchema,
    closes_on: SurveyDateSchema,
    /** The workplaces or schools the answers may name; each gets an id. */
    workplaces: z
      .array(z.object({ name: z.string().trim().min(1).max(200) }))
      .max(100)
      .default([]),
    /** How many people the organisation invites (the response rate's denominator); null: not said. */
    invited_count: SurveyInvitedCountSchema.nullable().default(null),
  })
  .refine((survey) => survey.opens_on <= survey.closes_on, {
    message: 'closes on or after it opens',
    path: ['closes_on'],
  });
export type SurveyCreate = z.infer<typeof SurveyCreateSchema>;

export const SurveySchema = z.object({
  id: z.uuid(),
  title: z.string(),
  opens_on: SurveyDateSchema,
  closes_on: SurveyDateSchema,
  workplaces: z.array(SurveyWorkplaceSchema),
  created_at: z.string(),
});
export type Survey = z.infer<typeof SurveySchema>;

/** GET /api/operator/surveys: the organisation's surveys with how many finished answers each has. */
export const SurveyListSchema = z.object({
  surveys: z.array(
    SurveySchema.extend({ finished_answers: z.number().int(), invited_count: z.number().int().nullable() }),
  ),
});

/** GET /api/operator/surveys/{id}/figures: the filters, each optional. */
export const SurveyFiguresQuerySchema = z
  .object({
    /** Answers finished on or after this day (Europe/Copenhagen). */
    from: SurveyDateSchema.optional(),
    /** Answers finished on or before this day. */
    to: SurveyDateSchema.optional(),
    workplace_id: z.uuid().optional(),
    /** The first two digits of the home postcode. */
    postal_area: z
      .string()
      .regex(/^\d{2}$/)
      .optional(),
    /** An earlier period to compare the modal split with (same workplace and postal area filters). */
    compare_from: SurveyDateSchema.optional(),
    compare_to: SurveyDateSchema.optional(),
  })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    message: 'to is on or after from',
    path: ['to'],
  })
  .refine((query) => !query.compare_from || !query.compare_to || query.compare_from <= query.compare_to, {
    message: 'compare_to is on or after compare_from',
    path: ['compare_to'],
  });
export type SurveyFiguresQuery = z.infer<typeof SurveyFiguresQuerySchema>;

export const SurveySummarySchema = z.object({
  answers: z.number().int(),
  modal_split: z.array(z.object({ mode: TravelModeSchema, count: z.number().int(), share: z.number() })),
  distance_bands: z.array(z.object({ band: z.string(), count: z.number().int() })),
  days_per_week: z.array(z.object({ days: z.number().int(), count: z.number().int() })),
  cycling_potential: z.object({ count: z.number().int(), share: z.number() }),
  would_cycle_more_with_parking: z.number().int(),
  would_cycle_more_with_dock: z.number().int(),
});
export type SurveySummaryView = z.infer<typeof SurveySummarySchema>;

export const SurveyFiguresSchema = z.object({
  /** The survey's finished answers, all filters aside. */
  finished_answers: z.number().int(),
  /** How many the organisation invited (null: not said), and finished_answers / invited_count. */
  invited_count: z.number().int().nullable(),
  response_rate: z.number().nullable(),
  /** The filtered answers' figures; null when withheld (the privacy rule above). */
  summary: SurveySummarySchema.nullable(),
  /** Groups of at least SURVEY_MIN_GROUP_SIZE filtered answers; smaller ones never appear. */
  by_workplace: z.array(z.object({ workplace_id: z.uuid(), name: z.string(), summary: SurveySummarySchema })),
  by_postal_area: z.array(z.object({ postal_area: z.string(), summary: SurveySummarySchema })),
  /**
   * With compare_from or compare_to: each mode's share now minus in the compared period, in
   * percentage points (modalShareChange); null when either period is withheld.
   */
  modal_share_change: z.array(z.object({ mode: TravelModeSchema, points: z.number() })).nullable(),
});
export type SurveyFigures = z.infer<typeof SurveyFiguresSchema>;

/**
 * The header a visitor's browser sends to resume its answer: the token the first saved step answered
 * (`answer_token`), kept per survey. Signed-in people need none: their answer is theirs by account.
 */
export const SURVEY_ANSWER_TOKEN_HEADER = 'x-survey-answer-token';

/** GET /api/surveys/{id}/answer: the survey as the person answers it and their answer so far. */
export const SurveyAnswerViewSchema = z.object({
  survey: SurveySchema.omit({ created_at: true }).extend({
    /** Who runs it: the organisation's name (null if it has none on record). */
    organisation_name: z.string().nullable(),
    /** Whether it takes answers today (opens_on ≤ today ≤ closes_on, Europe/Copenhagen). */
    open: z.boolean(),
  }),
  answer: z
    .object({
      home_postcode: z.string().nullable(),
      work_postcode: z.string().nullable(),
      /** Positions only as grid cells (surveyGridCell), never the point. */
      home_grid_cell: z.string().nullable(),
      work_grid_cell: z.string().nullable(),
      workplace_id: z.uuid().nullable(),
      days: z.array(WeekdaySchema).nullable(),
      legs: z.array(SurveyLegSchema).nullable(),
      would_cycle_more_with_parking: z.boolean().nullable(),
      would_cycle_more_with_dock: z.boolean().nullable(),
      finished_at: z.string().nullable(),
      updated_at: z.string(),
    })
    .nullable(),
});
export type SurveyAnswerView = z.infer<typeof SurveyAnswerViewSchema>;

/**
 * PUT /api/surveys/{id}/answer/…: the answer after the step. `answer_token` only on the save that
 * started a visitor's answer: the browser keeps it and sends it back in SURVEY_ANSWER_TOKEN_HEADER.
 */
export const SurveyAnswerSavedSchema = SurveyAnswerViewSchema.extend({
  answer_token: z.string().nullable(),
});
export type SurveyAnswerSaved = z.infer<typeof SurveyAnswerSavedSchema>;
