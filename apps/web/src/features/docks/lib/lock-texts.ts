import type { LockCommandResult, LockState, OpeningHours } from '@nbr/domain/docks';
import type { AlertTone } from '../../../ui/alert.tsx';

/*
 * What the screens say about a lock, in one place: a state's words and tone, and what came of a
 * press of Lock or Unlock. Keys are in the docks namespace.
 */

export type StateTone = 'good' | 'busy' | 'mine' | 'warning' | 'problem' | 'off';

/** The look of a state: free is good, a problem stands out, offline and out of service are greyed. */
export function stateTone(state: LockState, isMine = false): StateTone {
  if (isMine && (state === 'locked' || state === 'occupied')) return 'mine';
  switch (state) {
    case 'free':
      return 'good';
    case 'occupied':
    case 'locked':
      return 'busy';
    case 'opening':
      return 'warning';
    case 'fault':
      return 'problem';
    case 'offline':
    case 'out_of_service':
      return 'off';
  }
}

export const stateKey = (state: LockState) => `states.${state}` as const;
/** One sentence for the large live view: what the state means for the person at the lock. */
export const stateHelpKey = (state: LockState) => `stateHelp.${state}` as const;

export interface CommandMessage {
  tone: AlertTone;
  key: string;
}

/** The device's reasons for refusing that the screens explain; any other reason gets the general text. */
export const EXPLAINED_REJECTIONS = ['NoBikePresent', 'LockFailed', 'UnlockFailed', 'NotSupported'] as const;

/** What to tell the person after a lock or unlock answered (accepted, refused by the lock, or no answer in 10 s). */
export function commandMessage(
  kind: 'lock' | 'unlock',
  result: Pick<LockCommandResult, 'outcome' | 'reason'>,
): CommandMessage {
  if (result.outcome === 'accepted') {
    return { tone: 'success', key: kind === 'lock' ? 'outcome.locked' : 'outcome.unlocked' };
  }
  if (result.outcome === 'timed_out') return { tone: 'error', key: 'outcome.timedOut' };
  const reason = (EXPLAINED_REJECTIONS as readonly string[]).includes(result.reason ?? '')
    ? (result.reason as string)
    : 'other';
  return { tone: 'warning', key: `outcome.rejected.${reason}` };
}

/** The API's refusals of a lock or unlock the screens explain in their own words (docks:errors.<code>). */
export const COMMAND_ERRORS = [
  'dock_not_found',
  'lock_not_found',
  'bike_not_found',
  'lock_not_free',
  'bike_already_parked',
  'lock_out_of_service',
  'dock_closed_now',
  'not_your_parking',
  'lock_offline',
  'rate_limited',
  'lock_busy',
] as const;

const WEEKDAYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'] as const;
export type WeekdayKey = (typeof WEEKDAYS)[number];

export interface OpeningLine {
  day: WeekdayKey;
  /** "07:00–22:00", or null when closed that day. */
  hours: string | null;
}

/** The week's opening hours as lines Monday first; null when the dock is open around the clock. */
export function openingLines(hours: OpeningHours): OpeningLine[] | null {
  if (hours === null) return null;
  return WEEKDAYS.map((day, index) => {
    const open = hours[index];
    return { day, hours: open ? `${open.opens}–${open.closes}` : null };
  });
}

export { WEEKDAYS };
