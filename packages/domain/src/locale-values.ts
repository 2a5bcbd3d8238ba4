/**
 * The locale constants without zod, for code that must stay small: the web app's first page reads
 * languages, regions and themes long before any form (and zod) is loaded. locale.ts builds its
 * schemas from these and re-exports them; the API keeps importing locale.ts.
 */

/** Languages the product speaks. da, en and no are complete; is is partial and falls back to en. */
export const LANGUAGES = ['da', 'en', 'no', 'is'] as const;
export type Language = (typeof LANGUAGES)[number];
export const DEFAULT_LANGUAGE: Language = 'da';
/** Languages a user may choose; Icelandic is not offered until its translation is complete. */
export const CHOOSABLE_LANGUAGES = ['da', 'en', 'no'] as const satisfies readonly Language[];

export const REGIONS = ['dk', 'no'] as const;
export type Region = (typeof REGIONS)[number];
export const DEFAULT_REGION: Region = 'dk';

export const CURRENCY_BY_REGION = { dk: 'DKK', no: 'NOK' } as const satisfies Record<Region, string>;
export type Currency = (typeof CURRENCY_BY_REGION)[Region];

/** The language a region speaks by default. */
export const LANGUAGE_BY_REGION = { dk: 'da', no: 'no' } as const satisfies Record<Region, Language>;

export const THEMES = ['main', 'dcu', 'club'] as const;
export type Theme = (typeof THEMES)[number];

const isOneOf =
  <T extends string>(values: readonly T[]) =>
  (value: unknown): value is T =>
    (values as readonly unknown[]).includes(value);

/** The same test as LanguageSchema, RegionSchema and ThemeSchema of locale.ts. */
export const isLanguage = isOneOf(LANGUAGES);
export const isRegion = isOneOf(REGIONS);
export const isTheme = isOneOf(THEMES);

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
