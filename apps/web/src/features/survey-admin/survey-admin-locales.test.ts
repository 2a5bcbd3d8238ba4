import { SURVEY_DISTANCE_BANDS, TRAVEL_MODES } from '@nbr/domain/surveys';
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
 * The texts of the survey's admin panel: complete in da, en and no with the same placeholders, a name
 * for every mode and distance band the figures hold, every literal key present, and the withheld
 * groups explained in plain words.
 */

const sources = import.meta.glob<string>('./**/*.{ts,tsx}', {
  eager: true,
  query: '?raw',
  import: 'default',
});

describe('survey-admin.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('survey-admin')).toEqual([]);
  });

  it('names every mode, distance band, filter problem and the menu entry', () => {
    for (const language of LANGUAGES) {
      for (const mode of TRAVEL_MODES) expect(hasText(language, 'survey-admin', `modes.${mode}`)).toBe(true);
      for (const band of SURVEY_DISTANCE_BANDS)
        expect(hasText(language, 'survey-admin', `bands.${band.id}`), `${language} ${band.id}`).toBe(true);
      for (const problem of ['period', 'postalArea'])
        expect(hasText(language, 'survey-admin', `filters.problems.${problem}`)).toBe(true);
      for (const reason of ['switched', 'notAdmin', 'actFor'])
        expect(hasText(language, 'survey-admin', `access.${reason}`)).toBe(true);
      expect(hasText(language, 'survey-admin', 'days')).toBe(true);
      expect(hasText(language, 'common', 'nav.surveys'), language).toBe(true);
    }
  });

  it('says plainly why a group is not shown', () => {
    expect(lookup(localeTree('da', 'survey-admin'), 'withheld.title')).toBe(
      'Tallene er skjult: færre end {{min}} svar',
    );
    expect(lookup(localeTree('no', 'survey-admin'), 'withheld.title')).toBe(
      'Tallene er skjult: færre enn {{min}} svar',
    );
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'survey-admin');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(60);
  });
});
