import type { Region } from '@nbr/domain/locale';
import {
  type PublicRegionPage,
  REGION_PAGE_LANGUAGES,
  type RegionPageLanguage,
  type RegionPageTextInput,
  regionPageAddress,
  type StaffRegionPage,
} from '@nbr/domain/region-pages';
import type { RegionPageRow, RegionPageTextRow } from './region-pages.repository.ts';

/** A language's draft as staff wrote it, or null when there is none. */
export function draftOf(row: RegionPageTextRow | null | undefined): RegionPageTextInput | null {
  if (!row || row.draftBody === null) return null;
  return { title: row.draftTitle ?? '', description: row.draftDescription ?? '', body: row.draftBody };
}

/** What visitors read in a language, or null when it is not published. */
export function publishedOf(row: RegionPageTextRow | null | undefined): RegionPageTextInput | null {
  if (!row || row.publishedBody === null) return null;
  return {
    title: row.publishedTitle ?? '',
    description: row.publishedDescription ?? '',
    body: row.publishedBody,
  };
}

export function presentStaffRegionPage(
  page: RegionPageRow,
  texts: readonly RegionPageTextRow[],
): StaffRegionPage {
  return {
    id: page.id,
    region: page.region as Region,
    path: page.path,
    address: regionPageAddress(page.region as Region, page.path),
    created_at: page.createdAt.toISOString(),
    updated_at: page.updatedAt.toISOString(),
    texts: REGION_PAGE_LANGUAGES.map((language) => {
      const row = texts.find((text) => text.pageId === page.id && text.language === language);
      return {
        language,
        draft: draftOf(row),
        draft_updated_at: row?.draftUpdatedAt?.toISOString() ?? null,
        published: publishedOf(row),
        published_at: row?.publishedAt?.toISOString() ?? null,
      };
    }),
  };
}

export function presentPublicRegionPage(page: RegionPageRow, text: RegionPageTextRow): PublicRegionPage {
  const published = publishedOf(text) as RegionPageTextInput;
  return {
    region: page.region as Region,
    path: page.path,
    language: text.language as RegionPageLanguage,
    ...published,
    published_at: (text.publishedAt ?? page.updatedAt).toISOString(),
  };
}
