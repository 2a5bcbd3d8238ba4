import { CALL_ERROR_CODES, CONNECTOR_ERROR_CODES, CONNECTOR_STATUSES } from '@nbr/domain/dock-protocol';
import { LOCK_COMMAND_OUTCOMES } from '@nbr/domain/docks';

/*
 * What a line of a lock's history may carry in its detail (docks.presenter.ts: a status report, a
 * command's answer, a connection; a command row), and how each part is said: keys in
 * docks:history.fields, codes in docks:history.values. Nothing the device or the API sends is shown
 * as a raw key or code.
 */

/** Detail keys said with a label of their own (docks:history.fields.<key>). */
export const HISTORY_FIELDS = [
  'status',
  'error_code',
  'device_timestamp',
  'parking_closed',
  'action',
  'outcome',
  'answer',
  'unreported',
  'reason',
  'requested_by',
  'device_answer',
  'sent_at',
  'answered_at',
  'late_answer',
] as const;

/** Parts of a line that mean nothing to a person (ids, the time of a late answer beside it). */
export const HIDDEN_DETAIL: ReadonlySet<string> = new Set([
  'command_id',
  'parking_id',
  'pickup_id',
  'late_answer_at',
]);

/** Times, shown like every other date on the page. */
export const TIME_FIELDS: ReadonlySet<string> = new Set(['device_timestamp', 'sent_at', 'answered_at']);

/** The operator's own words: shown as written. */
export const FREE_TEXT_FIELDS: ReadonlySet<string> = new Set(['reason']);

/** Every code a detail may hold, each in words (docks:history.values.<code>). */
export const HISTORY_CODES = [
  ...CONNECTOR_STATUSES,
  ...CONNECTOR_ERROR_CODES.filter((code) => code !== 'NoError'),
  ...CALL_ERROR_CODES,
  ...LOCK_COMMAND_OUTCOMES,
  'NoBikePresent',
  'LockFailed',
  'Unlocked',
  'UnlockFailed',
  'pending',
  'sent',
  'person',
  'operator',
  'lock',
  'unlock',
] as const;

const KNOWN_FIELDS: ReadonlySet<string> = new Set(HISTORY_FIELDS);
const KNOWN_CODES: ReadonlySet<string> = new Set(HISTORY_CODES);

type Translate = (key: string, options?: Record<string, unknown>) => string;

export interface DetailLine {
  key: string;
  label: string;
  value: string;
}

/**
 * A line's detail as label and value pairs, in words: ids and empty parts left out (and a fault
 * code of no fault), times formatted, codes translated; a key or code the screens do not know yet
 * is said as "other" / "unknown code (…)", never bare.
 */
export function detailLines(
  detail: Record<string, unknown>,
  t: Translate,
  formatTime: (iso: string) => string,
): DetailLine[] {
  return Object.entries(detail)
    .filter(
      ([key, value]) =>
        !HIDDEN_DETAIL.has(key) &&
        value !== null &&
        value !== undefined &&
        value !== '' &&
        value !== false &&
        !(key === 'error_code' && value === 'NoError'),
    )
    .map(([key, value]) => ({
      key,
      label: KNOWN_FIELDS.has(key) ? t(`history.fields.${key}`) : t('history.fields.other'),
      value: sayValue(key, value, t, formatTime),
    }));
}

function sayValue(key: string, value: unknown, t: Translate, formatTime: (iso: string) => string): string {
  if (value === true) return t('history.values.yes');
  if (typeof value === 'number') return String(value);
  if (typeof value !== 'string') return t('history.values.unknownCode', { code: JSON.stringify(value) });
  if (TIME_FIELDS.has(key) && !Number.isNaN(Date.parse(value))) return formatTime(value);
  if (FREE_TEXT_FIELDS.has(key)) return value;
  if (KNOWN_CODES.has(value)) return t(`history.values.${value}`);
  return t('history.values.unknownCode', { code: value });
}
