import { htmlLang } from '../../../lib/i18n.ts';

/*
 * Times in chats, in the reader's language and time zone: a message shows its clock time under a
 * day heading; the inbox shows the clock for today, the weekday within a week, else the date.
 */

/** The local calendar day of a moment, as YYYY-MM-DD (for grouping messages by day). */
export function localDay(value: string | Date): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const month = String(date.getMonth() + 1).padStart(2, '0');
  const day = String(date.getDate()).padStart(2, '0');
  return `${date.getFullYear()}-${month}-${day}`;
}

function daysBetween(earlierDay: string, laterDay: string): number {
  const toUtc = (day: string) => {
    const [year = 0, month = 1, date = 1] = day.split('-').map(Number);
    return Date.UTC(year, month - 1, date);
  };
  return Math.round((toUtc(laterDay) - toUtc(earlierDay)) / 86_400_000);
}

/** 'today', 'yesterday', or null for an older day (then show the date). */
export function relativeDay(value: string | Date, now: Date = new Date()): 'today' | 'yesterday' | null {
  const difference = daysBetween(localDay(value), localDay(now));
  return difference === 0 ? 'today' : difference === 1 ? 'yesterday' : null;
}

export function formatClock(value: string | Date, language: string): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(htmlLang(language), { hour: '2-digit', minute: '2-digit' }).format(date);
}

/** A day heading's date: weekday and date, with the year only when it is not this year. */
export function formatDayDate(value: string | Date, language: string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  return new Intl.DateTimeFormat(htmlLang(language), {
    weekday: 'long',
    day: 'numeric',
    month: 'long',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}

/** The inbox's short time of the last message. */
export function formatListTime(value: string | Date, language: string, now: Date = new Date()): string {
  const date = typeof value === 'string' ? new Date(value) : value;
  const difference = daysBetween(localDay(date), localDay(now));
  if (difference <= 0) return formatClock(date, language);
  if (difference < 7) {
    return new Intl.DateTimeFormat(htmlLang(language), { weekday: 'short' }).format(date);
  }
  return new Intl.DateTimeFormat(htmlLang(language), {
    day: 'numeric',
    month: 'short',
    ...(date.getFullYear() === now.getFullYear() ? {} : { year: 'numeric' }),
  }).format(date);
}
