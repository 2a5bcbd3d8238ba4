import { z } from 'zod';

/*
 * Issue 30 §2: what the product does for people, as staff see it — a small funnel per day and the
 * web vitals per page. Events come from POST /actions/{kind}/{name}, sent only after consent.
 */

/** The web vitals the web app reports (from the `web-vitals` package), one event each. */
export const WEB_VITAL_NAMES = ['LCP', 'INP', 'CLS', 'FCP', 'TTFB'] as const;
export const WebVitalNameSchema = z.enum(WEB_VITAL_NAMES);
export type WebVitalName = z.infer<typeof WebVitalNameSchema>;

/** The tracking kind web vitals are sent under: POST /actions/web-vital/{LCP|INP|…}. */
export const WEB_VITAL_KIND = 'web-vital';

/** The longest span the backoffice view reads at once, and the span it shows by default. */
export const MEASUREMENT_MAX_DAYS = 92;
export const MEASUREMENT_DEFAULT_DAYS = 14;

const DateSchema = z.iso.date();

export const MeasurementQuerySchema = z
  .object({ from: DateSchema.optional(), to: DateSchema.optional() })
  .refine((query) => !query.from || !query.to || query.from <= query.to, {
    error: 'invalid_value',
    path: ['from'],
  });
export type MeasurementQuery = z.infer<typeof MeasurementQuerySchema>;

export const MeasurementDaySchema = z.object({
  date: DateSchema,
  sign_ups: z.number().int(),
  first_bikes: z.number().int(),
  purchases: z.number().int(),
  theft_reports: z.number().int(),
});
export type MeasurementDay = z.infer<typeof MeasurementDaySchema>;

export const WebVitalSummarySchema = z.object({
  /** The route pattern the page was matched by (`/app/bikes/:bikeId`), never an address with ids. */
  path: z.string(),
  metric: WebVitalNameSchema,
  count: z.number().int(),
  p50: z.number(),
  p75: z.number(),
  p95: z.number(),
});
export type WebVitalSummary = z.infer<typeof WebVitalSummarySchema>;

export const MeasurementReportSchema = z.object({
  from: DateSchema,
  to: DateSchema,
  days: z.array(MeasurementDaySchema),
  web_vitals: z.array(WebVitalSummarySchema),
});
export type MeasurementReport = z.infer<typeof MeasurementReportSchema>;

/** GET /measurement/config: what the browser may load once the person has consented. */
export const MeasurementConfigSchema = z.object({ tag_manager_container_id: z.string().nullable() });
export type MeasurementConfig = z.infer<typeof MeasurementConfigSchema>;
