import { TRAVEL_MODES } from '@nbr/domain/surveys';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';
import { SURVEY_STEPS } from './lib/steps.ts';
import { WEEKDAYS } from './lib/summary.ts';
import { errorKeyOfField } from './lib/validation.ts';

/*
 * The texts of the commuter survey's pages: complete in da, en and no with the same placeholders, a
 * word for every step, weekday and travel mode, a message for every field the API may refuse, and
 * every literal key the pages ask for.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

const has = (language: string, key: string) => hasText(language, 'survey', key);

describe('survey.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('survey')).toEqual([]);
  });

  it('names every step, weekday and travel mode, and explains every refused field', () => {
    const fields = [
      'home_postcode',
      'work_postcode',
      'workplace_id',
      'days',
      'days.0',
      'legs',
      'legs.0.mode',
      'legs.1.distance_km',
      'legs.2.minutes',
    ];
    for (const language of LANGUAGES) {
      for (const step of SURVEY_STEPS) {
        for (const key of [`steps.${step}`, `${step}.title`, `thanks.change.${step}`])
          expect(has(language, key), `${language}:${key}`).toBe(true);
      }
      for (const day of WEEKDAYS)
        expect(has(language, `days.weekdays.${day}`), `${language}:${day}`).toBe(true);
      for (const mode of TRAVEL_MODES)
        expect(has(language, `travel.modes.${mode}`), `${language}:${mode}`).toBe(true);
      for (const field of fields)
        expect(has(language, errorKeyOfField(field)), `${language}:${field}`).toBe(true);
      for (const code of [
        'survey_not_found',
        'survey_not_open',
        'survey_answer_exists',
        'survey_answer_not_found',
      ])
        expect(hasText(language, 'common', `errors.${code}`), `${language}:${code}`).toBe(true);
    }
  });

  it('holds every literal key the pages ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'survey');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(40);
  });
});
