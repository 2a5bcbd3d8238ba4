import type { SurveyLeg, TravelMode } from '@nbr/domain/surveys';
import { htmlLang } from '../../../lib/i18n.ts';

/** ISO weekdays, Monday first, as the commuting-days step lists them. */
export const WEEKDAYS = [1, 2, 3, 4, 5, 6, 7] as const;

/** The travel modes in the order the travel step offers them. */
export const MODE_ORDER: readonly TravelMode[] = ['bike', 'e_bike', 'public_transport', 'car', 'walk'];

/** A trip's total distance one way, in km, rounded to one decimal. */
export function totalKm(legs: readonly SurveyLeg[]): number {
  return Math.round(legs.reduce((sum, leg) => sum + leg.distance_km, 0) * 10) / 10;
}

/** A trip's total time one way, in minutes. */
export function totalMinutes(legs: readonly SurveyLeg[]): number {
  return legs.reduce((sum, leg) => sum + leg.minutes, 0);
}

/**
 * A typed decimal number: a comma or a point as the decimal sign (Danish and Norwegian write "2,5"),
 * spaces ignored; null when it is not a number.
 */
export function parseDecimal(text: string): number | null {
  const cleaned = text.replace(/\s/g, '').replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A whole number typed into a field; null when it is not one. */
export function parseWhole(text: string): number | null {
  const cleaned = text.replace(/\s/g, '');
  if (!/^\d+$/.test(cleaned)) return null;
  return Number(cleaned);
}

/** A number as a person writes it in the language (2,5 in Danish and Norwegian, 2.5 in English). */
export function formatNumber(value: number, language: string): string {
  return new Intl.NumberFormat(htmlLang(language), { maximumFractionDigits: 1 }).format(value);
}
