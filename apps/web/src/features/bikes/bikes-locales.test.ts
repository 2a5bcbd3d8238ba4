import {
  BIKE_TYPES,
  BIKE_VISIBILITIES,
  DOCUMENT_KINDS,
  EQUIPMENT_TYPES,
  FrameNumberWarningSchema,
  LOCK_TYPES,
  PICTURE_KINDS,
} from '@nbr/domain/bikes';
import { describe, expect, it } from 'vitest';
import {
  completenessProblems,
  hasText,
  COMPLETE_LANGUAGES as LANGUAGES,
  localeTree,
  missingLiteralKeys,
} from '../../test/locale-tree.ts';

/*
 * The texts of the bike screens: complete in da, en and no with the same placeholders, a name for
 * every value the API answers (categories, colours, kinds, warnings…), and every literal key the
 * screens ask for present (a counted text may exist only as its plural forms).
 */

// Shared components and app/routes pages that speak this namespace are checked with the screens.
const sources = import.meta.glob<string>(
  ['./**/*.{ts,tsx}', '../../app/routes/bike-page.tsx', '../../components/bike/status-badge.tsx'],
  {
    eager: true,
    query: '?raw',
    import: 'default',
  },
);

const _tree = (language: string, namespace = 'bikes') => localeTree(language, namespace);

const has = (language: string, key: string) => hasText(language, 'bikes', key);

describe('bikes.json', () => {
  it('has the same keys, placeholders and no empty text in da, en and no', () => {
    expect(completenessProblems('bikes')).toEqual([]);
  });

  it('names every value of the bike contract', () => {
    const groups: [string, readonly string[]][] = [
      ['types', BIKE_TYPES],
      ['visibility', BIKE_VISIBILITIES],
      ['visibilityDescriptions', BIKE_VISIBILITIES],
      ['pictureKinds', PICTURE_KINDS],
      ['documentKinds', DOCUMENT_KINDS],
      ['equipmentTypes', EQUIPMENT_TYPES],
      ['equipment.add', EQUIPMENT_TYPES],
      ['equipment.addTitle', EQUIPMENT_TYPES],
      ['lockTypes', LOCK_TYPES],
      ['frameWarnings', FrameNumberWarningSchema.options],
      ['detail.tabs', ['data', 'documents', 'equipment', 'public']],
      ['publicTab.level', ['full', 'limited', 'none']],
      ['nextSteps', ['frameNumber', 'plate', 'picture', 'receipt', 'equipment']],
    ];
    for (const language of LANGUAGES) {
      for (const [group, values] of groups) {
        for (const value of values)
          expect(has(language, `${group}.${value}`), `${language}:${group}.${value}`).toBe(true);
      }
    }
  });

  it('holds every literal key the screens ask for', () => {
    const { missing, checked } = missingLiteralKeys(sources, 'bikes');
    expect(missing).toEqual([]);
    expect(checked).toBeGreaterThan(150);
  });
});
