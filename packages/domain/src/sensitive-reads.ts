/*
 * Budgets on reading the register's most sensitive data (issue 27 probe 8): an insurer's staff member
 * revealing a holder's national id number in full, and a police officer revealing a bike owner's
 * contact details. Each read is audited already; on top of that a person has a budget of such reads
 * per day, counted from the audit log, and the organisation's admins are mailed once when one of
 * their people uses it up. A day is the calendar day in Denmark and Norway (Europe/Copenhagen and
 * Europe/Oslo keep the same time), so a budget renews at local midnight.
 *
 * The figures: an insurer's case handler needs a holder's number for the odd premium collection or
 * claim, a handful a day; a police officer asks for an owner's contact case by case. Ten a day
 * leaves room for a busy day and stops a walk through the register (the probe read 25 and 15).
 */

/** National id numbers a person may reveal in full per day (insurer staff and ours). */
export const NATIONAL_ID_REVEALS_PER_DAY = 10;
/** Owner contacts a police officer may reveal per day. */
export const OWNER_CONTACT_REVEALS_PER_DAY = 10;

const BUDGET_TIME_ZONE = 'Europe/Copenhagen';

const parts = new Intl.DateTimeFormat('en-GB', {
  timeZone: BUDGET_TIME_ZONE,
  hourCycle: 'h23',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
});

/** The wall-clock time in Copenhagen of an instant, read as if it were UTC (for the offset). */
function wallClockAsUtc(instant: number): number {
  const values = Object.fromEntries(
    parts.formatToParts(new Date(instant)).map((part) => [part.type, Number(part.value)]),
  ) as Record<string, number>;
  return Date.UTC(
    values.year ?? 0,
    (values.month ?? 1) - 1,
    values.day ?? 1,
    values.hour ?? 0,
    values.minute ?? 0,
    values.second ?? 0,
  );
}

/** The instant the budget day of `now` began: the last local midnight in Denmark and Norway. */
export function startOfBudgetDay(now: Date): Date {
  const wall = wallClockAsUtc(now.getTime());
  const midnightWall = Date.UTC(
    new Date(wall).getUTCFullYear(),
    new Date(wall).getUTCMonth(),
    new Date(wall).getUTCDate(),
  );
  // The offset at midnight (summer time changes at 02:00–03:00, never across midnight).
  const offset = wallClockAsUtc(midnightWall) - midnightWall;
  return new Date(midnightWall - offset);
}
