import {
  bannedPasswordWordsIn,
  bannedStickerWordsIn,
  PASSWORD_WORD,
  STICKER_WORD,
} from '@nbr/domain/sticker-word';
import { describe, expect, it } from 'vitest';

/** Every text of every namespace, by language; anchors (`id`) are not texts a person reads. */
const FILES = import.meta.glob<unknown>('./*/*.json', { eager: true, import: 'default' });

function texts(value: unknown, key = ''): string[] {
  if (typeof value === 'string') return key === 'id' ? [] : [value];
  if (Array.isArray(value)) return value.flatMap((item) => texts(item));
  if (value && typeof value === 'object')
    return Object.entries(value).flatMap(([name, item]) => texts(item, name));
  return [];
}

describe('the sticker has one name per language (issue 14)', () => {
  for (const language of Object.keys(STICKER_WORD) as (keyof typeof STICKER_WORD)[]) {
    it(`${language} says "${STICKER_WORD[language]}" and none of the variants`, () => {
      const found = Object.entries(FILES)
        .filter(([path]) => path.startsWith(`./${language}/`))
        .flatMap(([path, tree]) =>
          texts(tree)
            .filter((text) => bannedStickerWordsIn(language, text).length > 0)
            .map((text) => `${path}: ${text}`),
        );
      expect(found).toEqual([]);
    });
  }
});

describe('the password has one name per language (issue 27)', () => {
  for (const language of Object.keys(PASSWORD_WORD) as (keyof typeof PASSWORD_WORD)[]) {
    it(`${language} says "${PASSWORD_WORD[language]}" and none of the variants`, () => {
      const found = Object.entries(FILES)
        .filter(([path]) => path.startsWith(`./${language}/`))
        .flatMap(([path, tree]) =>
          texts(tree)
            .filter((text) => bannedPasswordWordsIn(language, text).length > 0)
            .map((text) => `${path}: ${text}`),
        );
      expect(found).toEqual([]);
    });
  }
});
