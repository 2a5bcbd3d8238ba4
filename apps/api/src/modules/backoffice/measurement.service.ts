import {
  MEASUREMENT_DEFAULT_DAYS,
  MEASUREMENT_MAX_DAYS,
  type MeasurementQuery,
  type MeasurementReport,
} from '@nbr/domain/measurement';
import type { Database } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import { funnelPerDay, webVitalPercentiles } from './measurement.repository.ts';

const DAY_MS = 86_400_000;

function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The span asked for: `to` defaults to today (UTC), `from` to 14 days up to `to`; at most 92 days. */
export function measurementSpan(
  query: MeasurementQuery,
  now: Date = new Date(),
): { from: string; to: string } {
  const to = query.to ?? isoDay(now);
  const from = query.from ?? isoDay(new Date(Date.parse(to) - (MEASUREMENT_DEFAULT_DAYS - 1) * DAY_MS));
  const days = (Date.parse(to) - Date.parse(from)) / DAY_MS + 1;
  if (days > MEASUREMENT_MAX_DAYS) {
    throw new ValidationError([{ loc: ['query', 'from'], type: 'invalid_value' }]);
  }
  return { from, to };
}

/** GET /backoffice/measurement: the funnel per day and the web vitals per page for staff. */
export async function getMeasurementReport(
  deps: { db: Database },
  query: MeasurementQuery,
  now: Date = new Date(),
): Promise<MeasurementReport> {
  const { from, to } = measurementSpan(query, now);
  const [days, vitals] = await Promise.all([
    funnelPerDay(deps.db, from, to),
    webVitalPercentiles(deps.db, from, to),
  ]);
  return {
    from,
    to,
    days: days.map((day) => ({
      date: day.date,
      sign_ups: day.signUps,
      first_bikes: day.firstBikes,
      purchases: day.purchases,
      theft_reports: day.theftReports,
    })),
    web_vitals: vitals,
  };
}
