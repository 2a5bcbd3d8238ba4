import { z } from 'zod';
import { CHOOSABLE_LANGUAGES, LANGUAGES, REGIONS, THEMES } from './locale-values.ts';

// The constants live without zod in locale-values.ts (the web app's first page needs them small).
export {
  CHOOSABLE_LANGUAGES,
  CURRENCY_BY_REGION,
  type Currency,
  DEFAULT_LANGUAGE,
  DEFAULT_REGION,
  LANGUAGE_BY_REGION,
  LANGUAGES,
  type Language,
  REGIONS,
  type Region,
  resolveLanguage,
  THEMES,
  type Theme,
} from './locale-values.ts';

export const LanguageSchema = z.enum(LANGUAGES);
export const ChoosableLanguageSchema = z.enum(CHOOSABLE_LANGUAGES);
export const RegionSchema = z.enum(REGIONS);
export const ThemeSchema = z.enum(THEMES);
