import { z } from 'zod';
import {
  CHOOSABLE_LANGUAGES,
  LANGUAGE_BY_REGION,
  type Language,
  type Region,
  RegionSchema,
} from './locale.ts';

/*
 * Region pages (issue 29 §3): `/dk`, `/no` and the pages below them (`/no/naf`, `/dk/cykeldag-2027`),
 * landing pages per region that staff write in the backoffice. A page is a region and a path below
 * it ('' is the region's landing page); per language it has a draft, which staff edit and preview,
 * and a published text, which visitors read. The text is written in the content pages' markup
 * (content-markup.ts: headings, paragraphs, lists and links).
 */

/** The languages a region page is written in. */
export const REGION_PAGE_LANGUAGES = CHOOSABLE_LANGUAGES;
export const RegionPageLanguageSchema = z.enum(REGION_PAGE_LANGUAGES);
export type RegionPageLanguage = z.infer<typeof RegionPageLanguageSchema>;

/** One or more lower-case slugs (words joined by -) separated by /; '' is the landing page. */
export const REGION_PAGE_PATH_PATTERN = /^(?:[a-z0-9]+(?:-[a-z0-9]+)*(?:\/[a-z0-9]+(?:-[a-z0-9]+)*)*)?$/;
export const REGION_PAGE_PATH_MAX_LENGTH = 120;

export const REGION_PAGE_TITLE_MAX_LENGTH = 200;
export const REGION_PAGE_DESCRIPTION_MAX_LENGTH = 1000;
export const REGION_PAGE_BODY_MAX_LENGTH = 40_000;

/** The language a visitor reads when the page has no published text in theirs: the region's own. */
export function regionPageFallbackLanguage(region: Region): RegionPageLanguage {
  return LANGUAGE_BY_REGION[region];
}

/** Whether a path below a region is well formed (an address no page can have is simply not found). */
export function isRegionPagePath(path: string): boolean {
  return path.length <= REGION_PAGE_PATH_MAX_LENGTH && REGION_PAGE_PATH_PATTERN.test(path);
}

/** The path staff typed, without the slashes around it (`/naf/` → `naf`). */
export function normaliseRegionPagePath(path: string): string {
  return path.trim().replace(/^\/+|\/+$/g, '');
}

/** The web address of a region page: `/dk`, `/no/naf`. */
export function regionPageAddress(region: Region, path: string): string {
  return path ? `/${region}/${path}` : `/${region}`;
}

export const RegionPagePathSchema = z
  .string()
  .max(REGION_PAGE_PATH_MAX_LENGTH, { error: 'too_long' })
  .regex(REGION_PAGE_PATH_PATTERN, { error: 'region_page_path_invalid' });

/** POST /api/backoffice/region-pages */
export const CreateRegionPageInputSchema = z.object({ region: RegionSchema, path: RegionPagePathSchema });
export type CreateRegionPageInput = z.infer<typeof CreateRegionPageInputSchema>;

/** PUT /api/backoffice/region-pages/{pageId}/texts/{language}/draft */
export const RegionPageTextInputSchema = z.object({
  title: z.string().trim().min(1).max(REGION_PAGE_TITLE_MAX_LENGTH),
  description: z.string().trim().max(REGION_PAGE_DESCRIPTION_MAX_LENGTH),
  body: z.string().trim().min(1).max(REGION_PAGE_BODY_MAX_LENGTH),
});
export type RegionPageTextInput = z.infer<typeof RegionPageTextInputSchema>;

export const RegionPageParamsSchema = z.object({ pageId: z.string() });
export const RegionPageTextParamsSchema = z.object({
  pageId: z.string(),
  language: RegionPageLanguageSchema,
});

/** One language of a page as staff see it: the draft they edit and what visitors read now. */
export const StaffRegionPageTextSchema = z.object({
  language: RegionPageLanguageSchema,
  draft: RegionPageTextInputSchema.nullable(),
  draft_updated_at: z.string().nullable(),
  published: RegionPageTextInputSchema.nullable(),
  published_at: z.string().nullable(),
});
export type StaffRegionPageText = z.infer<typeof StaffRegionPageTextSchema>;

/** A page as staff see it (no personal data: not who edited it; the audit log has that). */
export const StaffRegionPageSchema = z.object({
  id: z.string(),
  region: RegionSchema,
  path: z.string(),
  /** The web address, `/dk/cykeldag`. */
  address: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** One entry per language of REGION_PAGE_LANGUAGES, in that order. */
  texts: z.array(StaffRegionPageTextSchema),
});
export type StaffRegionPage = z.infer<typeof StaffRegionPageSchema>;

export const StaffRegionPageListSchema = z.array(StaffRegionPageSchema);

/** GET /api/region-pages/{region}/{path…}?language=: the published text visitors read. */
export const PublicRegionPageQuerySchema = z.object({ language: RegionPageLanguageSchema.optional() });
export const PublicRegionPageParamsSchema = z.object({ region: z.string(), '*': z.string().optional() });

export const PublicRegionPageSchema = z.object({
  region: RegionSchema,
  path: z.string(),
  /** The language of the text: the one asked for, else the region's own. */
  language: RegionPageLanguageSchema,
  title: z.string(),
  description: z.string(),
  body: z.string(),
  published_at: z.string(),
});
export type PublicRegionPage = z.infer<typeof PublicRegionPageSchema>;

/** The language of a published text a visitor who asked for `asked` reads, if any. */
export function pickRegionPageLanguage(
  region: Region,
  asked: Language | undefined,
  published: ReadonlySet<string>,
): RegionPageLanguage | null {
  if (asked && published.has(asked)) return asked as RegionPageLanguage;
  const fallback = regionPageFallbackLanguage(region);
  return published.has(fallback) ? fallback : null;
}
