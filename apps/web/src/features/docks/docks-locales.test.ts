import { CONNECTOR_STATUSES } from '@nbr/domain/dock-protocol';
import { LOCK_COMMAND_OUTCOMES, LOCK_EVENT_KINDS, LOCK_STATES } from '@nbr/domain/docks';
import { ORGANISATION_TYPES } from '@nbr/domain/organisations';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';
import { HISTORY_CODES, HISTORY_FIELDS } from './lib/history-texts.ts';
import { COMMAND_ERRORS, EXPLAINED_REJECTIONS, WEEKDAYS } from './lib/lock-texts.ts';

/*
 * The texts of the dock screens: complete in da, en and no with the same placeholders, a word and a
 * sentence for every lock state, every refusal the screens explain, and every literal key present.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const has = (language: string, key: string) => hasText(language, 'docks', key);

describe('docks.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('docks')).toEqual([]);
  });

  it('names every state, refusal, outcome, weekday, history event, device status and organisation type', () => {
    const groups: [string, readonly string[]][] = [
      ['states', LOCK_STATES],
      ['stateHelp', LOCK_STATES],
      ['errors', COMMAND_ERRORS],
      ['outcome.rejected', [...EXPLAINED_REJECTIONS, 'other']],
      ['weekdays', WEEKDAYS],
      ['history.events', LOCK_EVENT_KINDS],
      ['history.values', [...CONNECTOR_STATUSES, ...LOCK_COMMAND_OUTCOMES]],
      ['history.fields', [...HISTORY_FIELDS, 'other']],
      ['history.values', [...HISTORY_CODES, 'yes', 'unknownCode']],
      ['organisationSearch.types', ORGANISATION_TYPES],
    ];
    for (const language of LANGUAGES) {
      for (const [group, values] of groups) {
        for (const value of values)
          expect(has(language, `${group}.${value}`), `${language}:${group}.${value}`).toBe(true);
      }
      expect(hasText(language, 'common', 'nav.docks'), language).toBe(true);
    }
  });

  it('says plainly that nothing was opened when the lock did not answer', () => {
    expect(lookup(localeTree('en', 'docks'), 'outcome.timedOut')).toBe(
      'The lock did not answer within 10 seconds — nothing was opened. Try again or call the operator.',
    );
    expect(lookup(localeTree('da', 'docks'), 'outcome.timedOut')).toMatch(/10 sekunder — intet blev åbnet/);
    expect(lookup(localeTree('no', 'docks'), 'outcome.timedOut')).toMatch(
      /10 sekunder — ingenting ble åpnet/,
    );
    expect(lookup(localeTree('en', 'docks'), 'outcome.rejected.NoBikePresent')).toBe(
      'Push your bike into the lock first',
    );
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'docks');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
