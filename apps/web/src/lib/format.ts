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

/**
 * An amount to the øre (a VAT amount: 29,80 kr.), whole kroner without decimals: the VAT shown
 * before paying is the one the receipt prints (issue 27), never rounded to the krone.
 */
export function formatMoneyExact(minorUnits: number, currency: Currency, language: string): string {
  const whole = minorUnits % 100 === 0;
  return new Intl.NumberFormat(htmlLang(language), {
    style: 'currency',
    currency,
    maximumFractionDigits: whole ? 0 : 2,
    minimumFractionDigits: whole ? 0 : 2,
  }).format(minorUnits / 100);
}

export function formatDate(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  // A bare day (a birth date, 2026-12-06) is midnight UTC: shown as that day wherever the browser is.
  const timeZone = typeof value === 'string' && DAY_ONLY.test(value) ? 'UTC' : undefined;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'long', timeZone }).format(date);
}

const DAY_ONLY = /^\d{4}-\d{2}-\d{2}$/;

/** A moment with its time of day (an access log entry: when someone looked). */
export function formatDateTime(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(htmlLang(language), { dateStyle: 'long', timeStyle: 'short' }).format(date);
}
