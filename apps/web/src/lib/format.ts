import type { Currency } from '@nbr/domain/locale';
import { htmlLang } from './i18n.ts';

/** Prices are shown in whole kroner (SPEC §9); amounts are integers of øre. */
export function formatMoney(minorUnits: number, currency: Currency, language: string): string {
  return new Intl.NumberFormat(htmlLang(language), {
    style: 'currency',
    currency,
    maximumFractionDigits: 0,
    minimumFractionDigits: 0,
  }).format(Math.round(minorUnits / 100));
}

export function formatDate(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'long' }).format(date);
}

/** A moment with its time of day (an access log entry: when someone looked). */
export function formatDateTime(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
