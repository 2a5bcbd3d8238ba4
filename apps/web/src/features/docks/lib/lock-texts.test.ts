import { LOCK_STATES } from '@nbr/domain/docks';
import { describe, expect, it } from 'vitest';
import { commandMessage, openingLines, stateTone } from './lock-texts.ts';

describe('what the dock screens say about a lock', () => {
  it('tells plainly that nothing was opened when the lock did not answer in time', () => {
    expect(commandMessage('unlock', { outcome: 'timed_out', reason: null })).toEqual({
      tone: 'error',
      key: 'outcome.timedOut',
    });
    expect(commandMessage('lock', { outcome: 'timed_out', reason: null }).key).toBe('outcome.timedOut');
  });

  it('asks for the bike to be pushed in when the lock found none', () => {
    expect(commandMessage('lock', { outcome: 'rejected', reason: 'NoBikePresent' })).toEqual({
      tone: 'warning',
      key: 'outcome.rejected.NoBikePresent',
    });
  });

  it('gives a general text for a reason it does not know, and says what was done when accepted', () => {
    expect(commandMessage('lock', { outcome: 'rejected', reason: 'Jammed' }).key).toBe(
      'outcome.rejected.other',
    );
    expect(commandMessage('lock', { outcome: 'rejected', reason: null }).key).toBe('outcome.rejected.other');
    expect(commandMessage('lock', { outcome: 'accepted', reason: null })).toEqual({
      tone: 'success',
      key: 'outcome.locked',
    });
    expect(commandMessage('unlock', { outcome: 'accepted', reason: null }).key).toBe('outcome.unlocked');
  });

  it('gives every state a tone, and my own bike its own', () => {
    for (const state of LOCK_STATES) expect(stateTone(state)).toBeTruthy();
    expect(stateTone('locked')).toBe('busy');
    expect(stateTone('locked', true)).toBe('mine');
    expect(stateTone('free')).toBe('good');
    expect(stateTone('offline', true)).toBe('off');
  });

  it('writes the week Monday first, a closed day as closed, and nothing for around the clock', () => {
    expect(openingLines(null)).toBeNull();
    const lines = openingLines([
      { opens: '07:00', closes: '22:00' },
      null,
      null,
      null,
      null,
      null,
      { opens: '10:00', closes: '24:00' },
    ]);
    expect(lines?.[0]).toEqual({ day: 'mon', hours: '07:00–22:00' });
    expect(lines?.[1]).toEqual({ day: 'tue', hours: null });
    expect(lines?.[6]).toEqual({ day: 'sun', hours: '10:00–24:00' });
  });
});
