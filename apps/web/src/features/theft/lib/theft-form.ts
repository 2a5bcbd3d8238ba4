import { BIKE_CATEGORIES, BIKE_COLORS } from '@nbr/domain/bikes';
import {
  BATTERY_LOCATIONS,
  LOCK_STATUSES,
  type MapPoint,
  missingTheftFields,
  type TheftReportDraft,
  type TheftReportDraftInput,
  TheftReportDraftInputSchema,
  type TheftSection,
  type TheftStep,
} from '@nbr/domain/theft';
import { parseWholeNumber } from '../../../lib/parse-whole-number.ts';

/*
 * The wizard works with what inputs hold (text, yes/no choices, ticks, a date and a time); the API
 * takes the SPEC §3 draft in snake_case with nulls, booleans, numbers and ISO moments. These pure
 * functions convert both ways and check a step with the contract's own schema and completeness
 * rules (missingTheftFields), so the browser says exactly what the API would.
 */

/** A yes/no question: '' until answered. */
export type YesNo = '' | 'yes' | 'no';

export interface TheftFormValues {
  // personal-info
  first_name: string;
  last_name: string;
  email: string;
  street_address: string;
  floor: string;
  side: string;
  door: string;
  zip_code: string;
  city: string;
  mobile: string;
  telephone: string;
  police_report_requested: YesNo;
  // insurance
  is_insured: YesNo;
  insurance_company: string;
  /** Whole kroner as typed. */
  bike_price: string;
  // bike-info
  frame_number: string;
  bike_category: string;
  bike_color: string;
  is_electric: YesNo;
  battery_location: string;
  lock_status: string;
  // culprit-info
  is_culprit_known: YesNo;
  is_culprit_recognizable: YesNo;
  culprit_info: string;
  has_witness: YesNo;
  witnesses: string;
  // time-location: the browser's local date (YYYY-MM-DD) and time (HH:MM)
  last_seen_date: string;
  last_seen_time: string;
  noted_date: string;
  noted_clock: string;
  place: string;
  location: MapPoint | null;
  // send-report
  acknowledgement_payout: boolean;
  acknowledgement_data_share: boolean;
  acknowledgement_ownership_transfer: boolean;
}

export type TheftFormField = keyof TheftFormValues;

/** The form fields each step shows (conditional ones included; they appear when relevant). */
export const STEP_FORM_FIELDS = {
  'personal-info': [
    'first_name',
    'last_name',
    'email',
    'street_address',
    'floor',
    'side',
    'door',
    'zip_code',
    'city',
    'mobile',
    'telephone',
    'police_report_requested',
  ],
  insurance: ['is_insured', 'insurance_company', 'bike_price'],
  'bike-info': [
    'frame_number',
    'bike_category',
    'bike_color',
    'is_electric',
    'battery_location',
    'lock_status',
  ],
  'culprit-info': ['is_culprit_known', 'is_culprit_recognizable', 'culprit_info', 'has_witness', 'witnesses'],
  'time-location': ['last_seen_date', 'last_seen_time', 'noted_date', 'noted_clock', 'place', 'location'],
  'send-report': [
    'acknowledgement_payout',
    'acknowledgement_data_share',
    'acknowledgement_ownership_transfer',
  ],
} as const satisfies Record<TheftSection, readonly TheftFormField[]>;

export const THEFT_FORM_FIELDS = Object.values(STEP_FORM_FIELDS).flat() as TheftFormField[];

export const BOOLEAN_FORM_FIELDS = [
  'acknowledgement_payout',
  'acknowledgement_data_share',
  'acknowledgement_ownership_transfer',
] as const satisfies readonly TheftFormField[];

export const YES_NO_FORM_FIELDS = [
  'police_report_requested',
  'is_insured',
  'is_electric',
  'is_culprit_known',
  'is_culprit_recognizable',
  'has_witness',
] as const satisfies readonly TheftFormField[];

/** The form field a draft field (or an API issue about it) belongs to. */
export function formFieldOf(draftField: string): TheftFormField | null {
  if (draftField === 'time_last_seen') return 'last_seen_date';
  if (draftField === 'noted_time') return 'noted_date';
  if (draftField === 'location') return 'place';
  return (THEFT_FORM_FIELDS as string[]).includes(draftField) ? (draftField as TheftFormField) : null;
}

/** The step a form field is asked on. */
export function sectionOfField(field: TheftFormField): TheftSection {
  for (const [section, fields] of Object.entries(STEP_FORM_FIELDS)) {
    if ((fields as readonly string[]).includes(field)) return section as TheftSection;
  }
  return 'personal-info';
}

const yesNo = (value: boolean | null): YesNo => (value === null ? '' : value ? 'yes' : 'no');
const fromYesNo = (value: YesNo): boolean | null => (value === '' ? null : value === 'yes');
const pad = (value: number) => String(value).padStart(2, '0');

/** An ISO moment as the browser's local date and time, for the date and time inputs. */
export function splitMoment(iso: string | null): { date: string; time: string } {
  if (!iso) return { date: '', time: '' };
  const moment = new Date(iso);
  if (Number.isNaN(moment.getTime())) return { date: '', time: '' };
  return {
    date: `${moment.getFullYear()}-${pad(moment.getMonth() + 1)}-${pad(moment.getDate())}`,
    time: `${pad(moment.getHours())}:${pad(moment.getMinutes())}`,
  };
}

/**
 * A local date and time as an ISO moment; null while either is empty. A value the browser cannot
 * read is passed on as typed, so the schema answers invalid_date for it.
 */
export function joinMoment(date: string, time: string): string | null {
  if (!date.trim() || !time.trim()) return null;
  const text = `${date.trim()}T${time.trim()}`;
  const moment = new Date(text);
  return Number.isNaN(moment.getTime()) ? text : moment.toISOString();
}

export function draftToFormValues(draft: TheftReportDraft): TheftFormValues {
  const lastSeen = splitMoment(draft.time_last_seen);
  const noted = splitMoment(draft.noted_time);
  return {
    first_name: draft.first_name ?? '',
    last_name: draft.last_name ?? '',
    email: draft.email ?? '',
    street_address: draft.street_address ?? '',
    floor: draft.floor ?? '',
    side: draft.side ?? '',
    door: draft.door ?? '',
    zip_code: draft.zip_code ?? '',
    city: draft.city ?? '',
    mobile: draft.mobile ?? '',
    telephone: draft.telephone ?? '',
    police_report_requested: yesNo(draft.police_report_requested),
    is_insured: yesNo(draft.is_insured),
    insurance_company: draft.insurance_company ?? '',
    bike_price: draft.bike_price === null ? '' : String(draft.bike_price),
    frame_number: draft.frame_number ?? '',
    bike_category: draft.bike_category ?? '',
    bike_color: draft.bike_color ?? '',
    is_electric: yesNo(draft.is_electric),
    battery_location: draft.battery_location ?? '',
    lock_status: draft.lock_status ?? '',
    is_culprit_known: yesNo(draft.is_culprit_known),
    is_culprit_recognizable: yesNo(draft.is_culprit_recognizable),
    culprit_info: draft.culprit_info ?? '',
    has_witness: yesNo(draft.has_witness),
    witnesses: draft.witnesses ?? '',
    last_seen_date: lastSeen.date,
    last_seen_time: lastSeen.time,
    noted_date: noted.date,
    noted_clock: noted.time,
    place: draft.place ?? '',
    location: draft.location,
    acknowledgement_payout: draft.acknowledgement_payout === true,
    acknowledgement_data_share: draft.acknowledgement_data_share === true,
    acknowledgement_ownership_transfer: draft.acknowledgement_ownership_transfer === true,
  };
}

const oneOf = <T extends string>(values: readonly T[], value: string): T | string | null =>
  value === '' ? null : (values as readonly string[]).includes(value) ? (value as T) : value;

/**
 * The form as the PUT body. Answers to questions that no longer apply are cleared (no insurance
 * company without insurance, no battery place for a bike without a motor), so the report never
 * carries something the person took back; a national id number is never kept.
 */
export function formToDraftInput(
  values: TheftFormValues,
  wizard: { unlocked_steps: readonly TheftStep[]; previous_page: TheftStep | null },
): TheftReportDraftInput {
  const police = fromYesNo(values.police_report_requested);
  const insured = fromYesNo(values.is_insured);
  const electric = fromYesNo(values.is_electric);
  const culpritKnown = fromYesNo(values.is_culprit_known);
  const witness = fromYesNo(values.has_witness);
  const price = parseWholeNumber(values.bike_price);
  const input: TheftReportDraftInput = {
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
    street_address: values.street_address,
    floor: values.floor,
    side: values.side,
    door: values.door,
    zip_code: values.zip_code,
    city: values.city,
    mobile: values.mobile,
    telephone: values.telephone,
    police_report_requested: police,
    is_insured: insured,
    insurance_company: insured === true ? values.insurance_company : null,
    bike_price: price,
    frame_number: values.frame_number,
    bike_category: oneOf(BIKE_CATEGORIES, values.bike_category) as TheftReportDraftInput['bike_category'],
    bike_color: oneOf(BIKE_COLORS, values.bike_color) as TheftReportDraftInput['bike_color'],
    is_electric: electric,
    battery_location:
      electric === true
        ? (oneOf(BATTERY_LOCATIONS, values.battery_location) as TheftReportDraftInput['battery_location'])
        : null,
    lock_status: oneOf(LOCK_STATUSES, values.lock_status) as TheftReportDraftInput['lock_status'],
    is_culprit_known: culpritKnown,
    is_culprit_recognizable: culpritKnown === true ? fromYesNo(values.is_culprit_recognizable) : null,
    culprit_info: culpritKnown === true ? values.culprit_info : null,
    has_witness: witness,
    witnesses: witness === true ? values.witnesses : null,
    time_last_seen: joinMoment(values.last_seen_date, values.last_seen_time),
    noted_time: joinMoment(values.noted_date, values.noted_clock),
    place: values.place,
    location: values.location,
    acknowledgement_payout: values.acknowledgement_payout,
    acknowledgement_data_share: values.acknowledgement_data_share,
    acknowledgement_ownership_transfer: values.acknowledgement_ownership_transfer,
    previous_page: wizard.previous_page,
    unlocked_steps: [...wizard.unlocked_steps],
  };
  return input;
}

/**
 * The draft as it would be stored after saving these values: what the overview's statuses and the
 * completeness check look at before the server has seen them.
 */
export function previewDraft(values: TheftFormValues, saved: TheftReportDraft): TheftReportDraft {
  const input = formToDraftInput(values, {
    unlocked_steps: saved.unlocked_steps,
    previous_page: saved.previous_page,
  });
  const parsed = TheftReportDraftInputSchema.safeParse(input);
  const text = (value: unknown): string | null =>
    typeof value === 'string' && value.trim() !== '' ? value.trim() : null;
  const fields = parsed.success
    ? parsed.data
    : {
        ...input,
        first_name: text(input.first_name),
        last_name: text(input.last_name),
        email: text(input.email),
        street_address: text(input.street_address),
        floor: text(input.floor),
        side: text(input.side),
        door: text(input.door),
        zip_code: text(input.zip_code),
        city: text(input.city),
        mobile: text(input.mobile),
        telephone: text(input.telephone),
        insurance_company: text(input.insurance_company),
        frame_number: text(input.frame_number),
        culprit_info: text(input.culprit_info),
        witnesses: text(input.witnesses),
        place: text(input.place),
        bike_price:
          typeof input.bike_price === 'number' && Number.isFinite(input.bike_price) ? input.bike_price : null,
      };
  return {
    ...saved,
    ...(fields as Partial<TheftReportDraft>),
    unlocked_steps: saved.unlocked_steps,
    previous_page: saved.previous_page,
  } as TheftReportDraft;
}

/** A field's problem: a validation code of @nbr/domain (translated by the field). */
export type FieldProblems = Partial<Record<TheftFormField, string>>;

/**
 * Checks one step. Wrongly filled fields always count; with `requireComplete` (going on to the next
 * step, sending) every field the section needs must be filled too (SPEC §5 conditional rules).
 */
export function checkStep(
  values: TheftFormValues,
  section: TheftSection,
  saved: TheftReportDraft,
  options: { requireComplete: boolean },
): FieldProblems {
  const own = new Set<string>(STEP_FORM_FIELDS[section]);
  const problems: FieldProblems = {};
  const input = formToDraftInput(values, {
    unlocked_steps: saved.unlocked_steps,
    previous_page: saved.previous_page,
  });
  const parsed = TheftReportDraftInputSchema.safeParse(input);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const field = formFieldOf(String(issue.path[0] ?? ''));
      if (field && own.has(field) && !problems[field]) problems[field] = issue.message || 'invalid_value';
    }
  }
  // A date without a time (or the other way round) cannot be saved as a moment.
  const pairs = [
    ['last_seen_date', 'last_seen_time'],
    ['noted_date', 'noted_clock'],
  ] as const;
  for (const [date, time] of pairs) {
    if (!own.has(date)) continue;
    if (values[date].trim() && !values[time].trim()) problems[time] ??= 'required';
    if (!values[date].trim() && values[time].trim()) problems[date] ??= 'required';
  }
  if (options.requireComplete) {
    for (const missing of missingTheftFields(previewDraft(values, saved), section)) {
      const field = formFieldOf(missing);
      if (!field) continue;
      problems[field] ??= field.startsWith('acknowledgement_') ? 'must_accept' : 'required';
      if (field === 'last_seen_date' && !values.last_seen_time) problems.last_seen_time ??= 'required';
      if (field === 'noted_date' && !values.noted_clock) problems.noted_clock ??= 'required';
    }
  }
  return problems;
}
