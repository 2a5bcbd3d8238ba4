import { REGION_PAGE_LANGUAGES, type RegionPageLanguage } from '@nbr/domain/region-pages';

/** The language to ask a region page in: the person's, or English for one pages are not written in. */
export function regionPageLanguageOf(language: string): RegionPageLanguage {
  return (REGION_PAGE_LANGUAGES as readonly string[]).includes(language)
    ? (language as RegionPageLanguage)
    : 'en';
}
