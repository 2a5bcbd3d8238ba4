import { z } from 'zod';

/** Languages the product speaks. da, en and no are complete; is is partial and falls back to en. */
export const LANGUAGES = ['da', 'en', 'no', 'is'] as const;
export const LanguageSchema = z.enum(LANGUAGES);
export type Language = z.infer<typeof LanguageSchema>;
export const DEFAULT_LANGUAGE: Language = 'da';
/** Languages a user may choose; Icelandic is not offered until its translation is complete. */
export const CHOOSABLE_LANGUAGES = ['da', 'en', 'no'] as const satisfies readonly Language[];
export const ChoosableLanguageSchema = z.enum(CHOOSABLE_LANGUAGES);

export const REGIONS = ['dk', 'no'] as const;
export const RegionSchema = z.enum(REGIONS);
export type Region = z.infer<typeof RegionSchema>;
export const DEFAULT_REGION: Region = 'dk';

export const CURRENCY_BY_REGION = { dk: 'DKK', no: 'NOK' } as const satisfies Record<Region, string>;
export type Currency = (typeof CURRENCY_BY_REGION)[Region];

/** The language a region speaks by default. */
export const LANGUAGE_BY_REGION = { dk: 'da', no: 'no' } as const satisfies Record<Region, Language>;

export const THEMES = ['main', 'dcu', 'club'] as const;
export const ThemeSchema = z.enum(THEMES);
export type Theme = z.infer<typeof ThemeSchema>;

/**
 * Picks the best supported language from an Accept-Language header or a stored choice.
 * Norwegian arrives as nb, nn or no; all map to no.
 */
export function resolveLanguage(candidates: string | null | undefined): Language {
  if (!candidates) return DEFAULT_LANGUAGE;
  const tags = candidates
    .split(',')
    .map((part) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.toLowerCase(), q: q ? Number(q.slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of tags) {
    const primary = tag.split('-')[0];
    if (primary === 'nb' || primary === 'nn' || primary === 'no') return 'no';
    if (primary === 'da' || primary === 'en' || primary === 'is') return primary;
  }
  return DEFAULT_LANGUAGE;
}
