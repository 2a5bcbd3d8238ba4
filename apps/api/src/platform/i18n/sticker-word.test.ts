import {
  bannedPasswordWordsIn,
  bannedStickerWordsIn,
  PASSWORD_WORD,
  STICKER_WORD,
} from '@nbr/domain/sticker-word';
import { describe, expect, it } from 'vitest';
import { da } from './catalogues/da.ts';
import { en } from './catalogues/en.ts';
import { no } from './catalogues/no.ts';

const CATALOGUES = { da, en, no } as const;

describe('mails and API messages name the sticker with one word per language (issue 14)', () => {
  for (const language of Object.keys(STICKER_WORD) as (keyof typeof STICKER_WORD)[]) {
    it(`${language} says "${STICKER_WORD[language]}"`, () => {
      const found = Object.entries(CATALOGUES[language])
        .filter(([, text]) => bannedStickerWordsIn(language, text).length > 0)
        .map(([key, text]) => `${key}: ${text}`);
      expect(found).toEqual([]);
    });
  }
});

describe('API messages name the password with one word per language (issue 27)', () => {
  for (const language of Object.keys(PASSWORD_WORD) as (keyof typeof PASSWORD_WORD)[]) {
    it(`${language} says "${PASSWORD_WORD[language]}"`, () => {
      const found = Object.entries(CATALOGUES[language])
        .filter(([, text]) => bannedPasswordWordsIn(language, text).length > 0)
        .map(([key, text]) => `${key}: ${text}`);
      expect(found).toEqual([]);
    });
  }
});
