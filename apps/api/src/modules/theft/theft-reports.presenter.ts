import { BikeCategorySchema, BikeColorSchema } from '@nbr/domain/bikes';
import type { TheftReport, TheftReportDraft, TheftReportDraftFields, TheftStep } from '@nbr/domain/theft';
import type { BikeForTheft } from '../bikes/bikes.facade.ts';
import type { Person } from '../identity/identity.facade.ts';
import type { TheftReportRow } from './theft-reports.repository.ts';

/*
 * The one place a theft report row becomes an answer. The national id number never leaves: only
 * its masked form (the last two digits) is answered, and only to the party that made the report.
 */

/** What `theft_reports.fields` holds: the draft's fields without the national id number. */
export type StoredTheftFields = Omit<TheftReportDraftFields, 'cpr_number'> & {
  /** The bike as it was when the report was sent (the PDF describes it even after changes). */
  submitted_bike?: SubmittedBike;
};

/** The bike's identity at submission, kept with the report. */
export interface SubmittedBike {
  nickname: string;
  brand: string | null;
  model: string | null;
  frame_number: string | null;
  plate_id: string | null;
  currency: string;
}

/** The person whose profile pre-fills a new draft. */
export type ProfileForTheft = Pick<
  Person,
  | 'email'
  | 'firstName'
  | 'lastName'
  | 'streetAddress'
  | 'floor'
  | 'side'
  | 'door'
  | 'zipCode'
  | 'city'
  | 'mobile'
  | 'phone'
>;

/** The fields of a stored draft; a key missing from older rows reads as not filled. */
export function storedFieldsOf(row: TheftReportRow): StoredTheftFields {
  const stored = (row.fields ?? {}) as Partial<StoredTheftFields>;
  return {
    first_name: stored.first_name ?? null,
    last_name: stored.last_name ?? null,
    email: stored.email ?? null,
    street_address: stored.street_address ?? null,
    city: stored.city ?? null,
    zip_code: stored.zip_code ?? null,
    mobile: stored.mobile ?? null,
    telephone: stored.telephone ?? null,
    floor: stored.floor ?? null,
    side: stored.side ?? null,
    door: stored.door ?? null,
    police_report_requested: stored.police_report_requested ?? null,
    is_insured: stored.is_insured ?? null,
    insurance_company: stored.insurance_company ?? null,
    bike_price: stored.bike_price ?? null,
    frame_number: stored.frame_number ?? null,
    bike_category: stored.bike_category ?? null,
    is_electric: stored.is_electric ?? null,
    bike_color: stored.bike_color ?? null,
    lock_status: stored.lock_status ?? null,
    battery_location: stored.battery_location ?? null,
    is_culprit_known: stored.is_culprit_known ?? null,
    is_culprit_recognizable: stored.is_culprit_recognizable ?? null,
    culprit_info: stored.culprit_info ?? null,
    has_witness: stored.has_witness ?? null,
    witnesses: stored.witnesses ?? null,
    time_last_seen: stored.time_last_seen ?? null,
    noted_time: stored.noted_time ?? null,
    place: stored.place ?? null,
    location: stored.location ?? null,
    acknowledgement_payout: stored.acknowledgement_payout ?? null,
    acknowledgement_data_share: stored.acknowledgement_data_share ?? null,
    acknowledgement_ownership_transfer: stored.acknowledgement_ownership_transfer ?? null,
    previous_page: stored.previous_page ?? null,
    unlocked_steps: stored.unlocked_steps?.length ? stored.unlocked_steps : ['personal-info'],
    ...(stored.submitted_bike ? { submitted_bike: stored.submitted_bike } : {}),
  };
}

/** The draft fields only (no wizard state, no snapshot), in the order of the SPEC §3 draft. */
function fieldsOfAnswer(fields: StoredTheftFields) {
  const { previous_page, unlocked_steps, submitted_bike, ...rest } = fields;
  void submitted_bike;
  return { rest, previous_page, unlocked_steps };
}

/** GET and PUT …/draft: a saved draft. */
export function presentDraft(row: TheftReportRow): TheftReportDraft {
  const { rest, previous_page, unlocked_steps } = fieldsOfAnswer(storedFieldsOf(row));
  return {
    bike_id: row.bikeId,
    location_id: row.id,
    ...rest,
    previous_page,
    unlocked_steps,
    saved_at: row.updatedAt.toISOString(),
  };
}

function emptyToNull(value: string | null): string | null {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
}

/**
 * GET …/draft with nothing saved yet: pre-filled from the person's profile and the bike, not
 * written anywhere (saved_at null) until the wizard saves it.
 */
export function prefilledDraft(bike: BikeForTheft, person: ProfileForTheft | null): TheftReportDraft {
  const category = BikeCategorySchema.safeParse(bike.category);
  const color = BikeColorSchema.safeParse(bike.color);
  const firstStep: TheftStep[] = ['personal-info'];
  return {
    bike_id: bike.bikeId,
    location_id: null,
    first_name: emptyToNull(person?.firstName ?? null),
    last_name: emptyToNull(person?.lastName ?? null),
    email: person?.email ?? null,
    street_address: emptyToNull(person?.streetAddress ?? null),
    city: emptyToNull(person?.city ?? null),
    zip_code: emptyToNull(person?.zipCode ?? null),
    // Accounts made before sign-up kept its mobile number as "other phone": with no mobile given,
    // that number is the mobile.
    mobile: emptyToNull(person?.mobile ?? null) ?? emptyToNull(person?.phone ?? null),
    telephone: emptyToNull(person?.mobile ?? null) ? emptyToNull(person?.phone ?? null) : null,
    floor: emptyToNull(person?.floor ?? null),
    side: emptyToNull(person?.side ?? null),
    door: emptyToNull(person?.door ?? null),
    police_report_requested: null,
    is_insured: null,
    insurance_company: null,
    bike_price: bike.price,
    frame_number: bike.frameNumber,
    bike_category: category.success ? category.data : null,
    is_electric: bike.isElectric,
    bike_color: color.success ? color.data : null,
    lock_status: null,
    battery_location: null,
    is_culprit_known: null,
    is_culprit_recognizable: null,
    culprit_info: null,
    has_witness: null,
    witnesses: null,
    time_last_seen: null,
    noted_time: null,
    place: null,
    location: null,
    acknowledgement_payout: null,
    acknowledgement_data_share: null,
    acknowledgement_ownership_transfer: null,
    previous_page: null,
    unlocked_steps: firstStep,
    saved_at: null,
  };
}

/** GET …/theft-report and the submit answer: a sent report, to the party that made it. */
export function presentReport(row: TheftReportRow, pdfUrl: string): TheftReport {
  const { rest } = fieldsOfAnswer(storedFieldsOf(row));
  if (row.status !== 'submitted' && row.status !== 'closed') {
    throw new Error('a draft is not a sent report');
  }
  return {
    bike_id: row.bikeId,
    location_id: row.id,
    ...rest,
    report_id: row.id,
    status: row.status,
    submitted_at: (row.submittedAt ?? row.updatedAt).toISOString(),
    closed_at: row.closedAt ? row.closedAt.toISOString() : null,
    closed_reason: (row.closedReason as TheftReport['closed_reason']) ?? null,
    public_location:
      row.publicLatitude !== null && row.publicLongitude !== null
        ? { latitude: row.publicLatitude, longitude: row.publicLongitude }
        : null,
    pdf_url: pdfUrl,
    data_share_withdrawn_at: row.dataShareWithdrawnAt?.toISOString() ?? null,
  };
}
