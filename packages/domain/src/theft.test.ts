import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  allMissingTheftFields,
  missingTheftFields,
  nextTheftStep,
  PastMomentSchema,
  PUBLIC_LOCATION_GRID_DEGREES,
  roundToPublicGrid,
  THEFT_SECTIONS,
  type TheftReportDraft,
  TheftReportDraftInputSchema,
  TheftReportDraftSchema,
  theftSectionStatuses,
} from './theft.ts';

const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

/** A draft with every section complete (non-electric, no police report, insurance, culprit, witness). */
function completeDraft(changes: Partial<TheftReportDraft> = {}): TheftReportDraft {
  return TheftReportDraftSchema.parse({
    bike_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5b',
    location_id: '0190a1b2-c3d4-7e5f-8a9b-0c1d2e3f4a5c',
    first_name: 'Freja',
    last_name: 'Holm',
    email: 'freja@example.dk',
    street_address: 'Nørrebrogade 20',
    city: 'København N',
    zip_code: '2200',
    mobile: '20123456',
    telephone: null,
    floor: null,
    side: null,
    door: null,
    police_report_requested: false,
    cpr_number_masked: null,
    is_insured: false,
    insurance_company: null,
    bike_price: 4500,
    frame_number: 'WDA123456Z',
    bike_category: 'city',
    is_electric: false,
    bike_color: 'blue',
    lock_status: 'locked',
    battery_location: null,
    is_culprit_known: false,
    is_culprit_recognizable: null,
    culprit_info: null,
    has_witness: false,
    witnesses: null,
    time_last_seen: hoursAgo(30),
    noted_time: hoursAgo(20),
    place: 'Nørrebrogade 20',
    location: null,
    acknowledgement_payout: true,
    acknowledgement_data_share: true,
    acknowledgement_ownership_transfer: true,
    previous_page: 'send-report',
    unlocked_steps: ['personal-info'],
    saved_at: hoursAgo(1),
    ...changes,
  });
}

describe('missing fields', () => {
  it('finds nothing missing in a complete draft', () => {
    expect(allMissingTheftFields(completeDraft())).toEqual([]);
    expect(Object.values(theftSectionStatuses(completeDraft()))).toEqual(
      THEFT_SECTIONS.map(() => 'complete'),
    );
  });

  it('never asks for a national id number: the register sends nothing to the police', () => {
    expect(missingTheftFields(completeDraft({ police_report_requested: true }), 'personal-info')).toEqual([]);
    expect(missingTheftFields(completeDraft({ police_report_requested: null }), 'personal-info')).toEqual([
      'police_report_requested',
    ]);
  });

  it('asks for the company when insured, the battery when electric', () => {
    expect(missingTheftFields(completeDraft({ is_insured: true }), 'insurance')).toEqual([
      'insurance_company',
    ]);
    expect(missingTheftFields(completeDraft({ is_electric: true }), 'bike-info')).toEqual([
      'battery_location',
    ]);
    expect(
      missingTheftFields(completeDraft({ is_electric: true, battery_location: 'integrated' }), 'bike-info'),
    ).toEqual([]);
  });

  it('asks about a known culprit and the witnesses', () => {
    expect(missingTheftFields(completeDraft({ is_culprit_known: true }), 'culprit-info')).toEqual([
      'culprit_info',
      'is_culprit_recognizable',
    ]);
    expect(
      missingTheftFields(
        completeDraft({ is_culprit_known: true, culprit_info: 'Grøn jakke', is_culprit_recognizable: false }),
        'culprit-info',
      ),
    ).toEqual([]);
    expect(missingTheftFields(completeDraft({ has_witness: true }), 'culprit-info')).toEqual(['witnesses']);
  });

  it('takes an address or a map pick as the place', () => {
    expect(missingTheftFields(completeDraft({ place: null }), 'time-location')).toEqual(['place']);
    expect(
      missingTheftFields(
        completeDraft({ place: null, location: { latitude: 55.7, longitude: 12.5 } }),
        'time-location',
      ),
    ).toEqual([]);
  });

  it('needs each acknowledgement given (false is not given)', () => {
    const draft = completeDraft({ acknowledgement_payout: false, acknowledgement_ownership_transfer: null });
    expect(allMissingTheftFields(draft)).toEqual([
      { section: 'send-report', field: 'acknowledgement_payout' },
      { section: 'send-report', field: 'acknowledgement_ownership_transfer' },
    ]);
    expect(theftSectionStatuses(draft)['send-report']).toBe('missing');
  });
});

describe('the draft input', () => {
  it('reads empty strings as not filled and always unlocks personal-info', () => {
    const parsed = TheftReportDraftInputSchema.parse({
      first_name: ' ',
      email: '',
      unlocked_steps: ['insurance'],
    });
    expect(parsed.first_name).toBeNull();
    expect(parsed.email).toBeNull();
    expect(parsed.unlocked_steps).toEqual(['personal-info', 'insurance']);
    expect(parsed.cpr_number).toBeUndefined();
    expect(TheftReportDraftInputSchema.parse({ cpr_number: '' }).cpr_number).toBeNull();
  });

  it('refuses dates in the future and a theft noticed before the bike was last seen', () => {
    const future = TheftReportDraftInputSchema.safeParse({ time_last_seen: hoursAgo(-3) });
    expect(future.success).toBe(false);
    expect(future.error?.issues.map((issue) => issue.message)).toEqual(['date_not_in_past']);

    const order = TheftReportDraftInputSchema.safeParse({
      time_last_seen: hoursAgo(2),
      noted_time: hoursAgo(3),
    });
    expect(order.error?.issues).toEqual([
      expect.objectContaining({ path: ['noted_time'], message: 'noted_before_last_seen' }),
    ]);
    // The same moment written with another offset is the same moment.
    const moment = new Date(Date.now() - 3_600_000);
    const utc = moment.toISOString();
    const copenhagen = new Date(moment.getTime() + 2 * 3_600_000).toISOString().replace('Z', '+02:00');
    const same = TheftReportDraftInputSchema.safeParse({ time_last_seen: utc, noted_time: copenhagen });
    expect(same.success).toBe(true);
    expect(same.data?.noted_time).toBe(utc);
  });

  it('accepts past moments with an offset and refuses what is not a moment', () => {
    expect(PastMomentSchema.parse('2024-05-01T12:30+02:00')).toBe('2024-05-01T10:30:00.000Z');
    expect(PastMomentSchema.safeParse('2024-05-01').success).toBe(false);
    expect(PastMomentSchema.safeParse('yesterday').success).toBe(false);
  });

  it('refuses a national id number: the register takes none (data minimisation)', () => {
    for (const number of ['010190-1234', '01019012345']) {
      const result = TheftReportDraftInputSchema.safeParse({ cpr_number: number });
      expect(result.error?.issues[0]?.message).toBe('national_id_not_collected');
    }
  });

  it('lets an empty or null national id number be, as older clients sent it, and keeps none', () => {
    for (const cpr_number of [null, '', undefined]) {
      const result = TheftReportDraftInputSchema.parse({ cpr_number });
      expect(result.cpr_number ?? null).toBeNull();
    }
  });
});

describe('rounding', () => {
  it('rounds a place to the public grid', () => {
    expect(roundToPublicGrid(55.68494)).toBe(55.68);
    expect(roundToPublicGrid(12.55512)).toBe(12.56);
    expect(roundToPublicGrid(-0.004)).toBe(0);
    expect(roundToPublicGrid(-33.8567)).toBe(-33.86);
    fc.assert(
      fc.property(fc.double({ min: -180, max: 180, noNaN: true }), (value) => {
        const rounded = roundToPublicGrid(value);
        expect(Math.abs(rounded - value)).toBeLessThanOrEqual(PUBLIC_LOCATION_GRID_DEGREES / 2 + 1e-9);
        expect(Math.round(rounded * 100)).toBeCloseTo(rounded * 100, 6);
      }),
    );
  });
});

describe('steps', () => {
  it('unlock one after the other from personal-info', () => {
    expect(nextTheftStep('personal-info')).toBe('insurance');
    expect(nextTheftStep('send-report')).toBe('report-confirmed');
    expect(nextTheftStep('report-confirmed')).toBeNull();
  });
});
