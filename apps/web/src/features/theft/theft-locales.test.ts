import {
  BATTERY_LOCATIONS,
  LOCK_STATUSES,
  THEFT_CLOSE_REASONS,
  THEFT_SECTION_FIELDS,
  THEFT_STEPS,
} from '@nbr/domain/theft';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  lookup,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the theft report screens: complete in da, en and no with the same placeholders, a
 * label for every field the API can name as missing, and every literal key the screens ask for.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('theft.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('theft')).toEqual([]);
  });

  it('names every step, field, lock status, battery place and closing reason of the contract', () => {
    const conditional = [
      'insurance_company',
      'battery_location',
      'culprit_info',
      'is_culprit_recognizable',
      'witnesses',
      'place',
    ];
    const fields = [...Object.values(THEFT_SECTION_FIELDS).flat(), ...conditional];
    for (const language of LANGUAGES) {
      for (const step of THEFT_STEPS)
        expect(hasText(language, 'theft', `steps.${step}.title`), step).toBe(true);
      for (const field of fields)
        expect(hasText(language, 'theft', `fields.${field}`), `${language}:${field}`).toBe(true);
      for (const value of LOCK_STATUSES)
        expect(hasText(language, 'theft', `lockStatuses.${value}`)).toBe(true);
      for (const value of BATTERY_LOCATIONS)
        expect(hasText(language, 'theft', `batteryLocations.${value}`)).toBe(true);
      for (const value of THEFT_CLOSE_REASONS)
        expect(hasText(language, 'theft', `report.closedAt.${value}`)).toBe(true);
    }
  });

  it('asks for the past date in the words of SPEC §8', () => {
    expect(lookup(localeTree('no', 'common'), 'validation.date_not_in_past')).toBe(
      'Vennligst velg en dato i fortiden',
    );
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'theft');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(80);
  });
});
