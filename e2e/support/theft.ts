import { type APIRequestContext, expect } from '@playwright/test';

/*
 * Theft reports made through the API, for specs that need a stolen bike without walking the
 * wizard (the map, search, the sticker page, contact the owner, found).
 */

/** A report as GET /api/bikes/{id}/theft-report answers it (the fields specs look at). */
export interface SubmittedTheftReport {
  report_id: string;
  bike_id: string;
  status: 'submitted' | 'closed';
  submitted_at: string;
  time_last_seen: string | null;
  place: string | null;
  location: { latitude: number; longitude: number } | null;
  public_location: { latitude: number; longitude: number } | null;
  pdf_url: string;
  [field: string]: unknown;
}

/** A moment `hours` ago as ISO 8601. */
function hoursAgo(hours: number): string {
  return new Date(Date.now() - hours * 3_600_000).toISOString();
}

/**
 * Saves a complete draft for `bikeId` (overrides win: any field of the SPEC §3 draft, snake_case)
 * and submits it; answers the submitted report. Without overrides the bike keeps its registered
 * category, colour, electric flag and price (a city bike in blue when it has none), and it was taken
 * from Nørrebrogade, Copenhagen (picked on the map at 55.6889, 12.5531, shown at 55.69, 12.55), last
 * seen two days ago, noticed a day ago; no police report, not insured, no culprit or witness known.
 */
export async function reportStolenViaApi(
  request: APIRequestContext,
  token: string,
  bikeId: string,
  overrides: Record<string, unknown> = {},
): Promise<SubmittedTheftReport> {
  const headers = { Authorization: `Bearer ${token}` };
  // The bike's own category, colour, electric flag and price as the draft is pre-filled with them,
  // so the map's filters see the bike as registered.
  const prefilled = await request.get(`/api/bikes/${bikeId}/theft-report/draft`, { headers });
  expect(prefilled.status(), `the theft draft answered ${await prefilled.text()}`).toBe(200);
  const bike = (await prefilled.json()) as Record<string, unknown>;
  const fromBike = Object.fromEntries(
    ['bike_category', 'bike_color', 'is_electric', 'bike_price', 'frame_number']
      .map((field) => [field, bike[field]])
      .filter(([, value]) => value !== null && value !== undefined),
  );
  const draft = {
    first_name: 'Freja',
    last_name: 'Holm',
    email: 'freja.holm@example.test',
    street_address: 'Nørrebrogade 20',
    zip_code: '2200',
    city: 'København N',
    mobile: '+4520123456',
    police_report_requested: false,
    is_insured: false,
    bike_price: 4500,
    bike_category: 'city',
    bike_color: 'blue',
    is_electric: false,
    lock_status: 'locked',
    is_culprit_known: false,
    has_witness: false,
    time_last_seen: hoursAgo(48),
    noted_time: hoursAgo(24),
    place: 'Nørrebrogade 20, 2200 København N',
    location: { latitude: 55.6889, longitude: 12.5531 },
    acknowledgement_payout: true,
    acknowledgement_data_share: true,
    acknowledgement_ownership_transfer: true,
    unlocked_steps: [
      'personal-info',
      'insurance',
      'bike-info',
      'culprit-info',
      'time-location',
      'send-report',
    ],
    previous_page: 'send-report',
    ...fromBike,
    ...(fromBike.is_electric === true ? { battery_location: 'integrated' } : {}),
    ...overrides,
  };
  const saved = await request.put(`/api/bikes/${bikeId}/theft-report/draft`, { headers, data: draft });
  expect(saved.status(), `saving the theft draft answered ${await saved.text()}`).toBe(200);
  const submitted = await request.post(`/api/bikes/${bikeId}/theft-report/submit`, { headers });
  expect(submitted.status(), `submitting the theft report answered ${await submitted.text()}`).toBe(200);
  return (await submitted.json()) as SubmittedTheftReport;
}
