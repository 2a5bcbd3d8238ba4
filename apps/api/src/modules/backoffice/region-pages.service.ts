import { isRegion, type Language } from '@nbr/domain/locale-values';
import {
  type CreateRegionPageInput,
  isRegionPagePath,
  type PublicRegionPage,
  pickRegionPageLanguage,
  type RegionPageLanguage,
  type RegionPageTextInput,
  type StaffRegionPage,
} from '@nbr/domain/region-pages';
import type { Database, Executor } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import { AppError } from '../../platform/errors.ts';
import { isUuid, uuidv7 } from '../../platform/ids.ts';
import {
  draftOf,
  presentPublicRegionPage,
  presentStaffRegionPage,
  publishedOf,
} from './region-pages.presenter.ts';
import * as repository from './region-pages.repository.ts';

/*
 * Region pages (issue 29 §3): staff create a page at a region and a path, keep a draft per language,
 * preview it (the staff read of the page holds the drafts) and publish or unpublish a language;
 * visitors read the published text in their language, else the region's own. Every change is
 * audited with the text before and after; no person is concerned.
 */

export interface RegionPagesDeps {
  db: Database;
}

async function staffPage(executor: Executor, page: repository.RegionPageRow): Promise<StaffRegionPage> {
  return presentStaffRegionPage(page, await repository.listRegionPageTexts(executor, [page.id]));
}

async function lockPage(executor: Executor, pageId: string): Promise<repository.RegionPageRow> {
  const page = isUuid(pageId) ? await repository.lockRegionPageById(executor, pageId) : null;
  if (!page) throw new AppError('region_page_not_found');
  return page;
}

const where = (page: repository.RegionPageRow) => ({
  page_id: page.id,
  region: page.region,
  path: page.path,
});

/** GET /api/backoffice/region-pages: every page with its drafts and published texts. */
export async function listRegionPagesForStaff(deps: RegionPagesDeps): Promise<StaffRegionPage[]> {
  const pages = await repository.listRegionPages(deps.db);
  const texts = await repository.listRegionPageTexts(
    deps.db,
    pages.map((page) => page.id),
  );
  return pages.map((page) => presentStaffRegionPage(page, texts));
}

/** GET /api/backoffice/region-pages/{pageId}: one page, its drafts (the preview) and published texts. */
export async function getRegionPageForStaff(deps: RegionPagesDeps, pageId: string): Promise<StaffRegionPage> {
  const page = isUuid(pageId) ? await repository.findRegionPageById(deps.db, pageId) : null;
  if (!page) throw new AppError('region_page_not_found');
  return staffPage(deps.db, page);
}

/** POST /api/backoffice/region-pages: a new page without texts (visitors find it once one is published). */
export async function createRegionPage(
  deps: RegionPagesDeps,
  auth: RequestAuth,
  input: CreateRegionPageInput,
): Promise<StaffRegionPage> {
  const now = new Date();
  const row: repository.RegionPageRow = {
    id: uuidv7(),
    region: input.region,
    path: input.path,
    createdAt: now,
    updatedAt: now,
  };
  try {
    await deps.db.transaction(async (tx) => {
      if (await repository.findRegionPageByAddress(tx, input.region, input.path)) {
        throw new AppError('region_page_taken');
      }
      await repository.insertRegionPage(tx, row);
      await recordAuditEventBy(tx, auth, {
        action: 'region_page.created',
        targetPartyId: null,
        details: where(row),
        now,
      });
    });
  } catch (error) {
    if (repository.isAddressTakenError(error)) throw new AppError('region_page_taken');
    throw error;
  }
  return presentStaffRegionPage(row, []);
}

function emptyText(pageId: string, language: RegionPageLanguage): repository.RegionPageTextRow {
  return {
    pageId,
    language,
    draftTitle: null,
    draftDescription: null,
    draftBody: null,
    draftUpdatedAt: null,
    publishedTitle: null,
    publishedDescription: null,
    publishedBody: null,
    publishedAt: null,
  };
}

/** PUT /api/backoffice/region-pages/{pageId}/texts/{language}/draft: what visitors read is untouched. */
export async function saveRegionPageDraft(
  deps: RegionPagesDeps,
  auth: RequestAuth,
  pageId: string,
  language: RegionPageLanguage,
  input: RegionPageTextInput,
): Promise<StaffRegionPage> {
  return deps.db.transaction(async (tx) => {
    const page = await lockPage(tx, pageId);
    const before = await repository.lockRegionPageText(tx, page.id, language);
    const draft = draftOf(before);
    if (
      draft &&
      draft.title === input.title &&
      draft.description === input.description &&
      draft.body === input.body
    ) {
      return staffPage(tx, page);
    }
    const now = new Date();
    await repository.upsertRegionPageText(tx, {
      ...(before ?? emptyText(page.id, language)),
      draftTitle: input.title,
      draftDescription: input.description,
      draftBody: input.body,
      draftUpdatedAt: now,
    });
    await repository.touchRegionPage(tx, page.id, now);
    await recordAuditEventBy(tx, auth, {
      action: 'region_page.draft_saved',
      targetPartyId: null,
      details: { ...where(page), language, before: draft, after: input },
      now,
    });
    return staffPage(tx, { ...page, updatedAt: now });
  });
}

/** POST …/texts/{language}/publish: visitors read the draft from now on. */
export async function publishRegionPageText(
  deps: RegionPagesDeps,
  auth: RequestAuth,
  pageId: string,
  language: RegionPageLanguage,
): Promise<StaffRegionPage> {
  return deps.db.transaction(async (tx) => {
    const page = await lockPage(tx, pageId);
    const before = await repository.lockRegionPageText(tx, page.id, language);
    const draft = draftOf(before);
    if (!before || !draft) throw new AppError('region_page_no_draft');
    const now = new Date();
    await repository.upsertRegionPageText(tx, {
      ...before,
      publishedTitle: draft.title,
      publishedDescription: draft.description,
      publishedBody: draft.body,
      publishedAt: now,
    });
    await repository.touchRegionPage(tx, page.id, now);
    await recordAuditEventBy(tx, auth, {
      action: 'region_page.published',
      targetPartyId: null,
      details: { ...where(page), language, before: publishedOf(before), after: draft },
      now,
    });
    return staffPage(tx, { ...page, updatedAt: now });
  });
}

/** POST …/texts/{language}/unpublish: visitors no longer read this language; the draft is kept. */
export async function unpublishRegionPageText(
  deps: RegionPagesDeps,
  auth: RequestAuth,
  pageId: string,
  language: RegionPageLanguage,
): Promise<StaffRegionPage> {
  return deps.db.transaction(async (tx) => {
    const page = await lockPage(tx, pageId);
    const before = await repository.lockRegionPageText(tx, page.id, language);
    const published = publishedOf(before);
    if (!before || !published) return staffPage(tx, page);
    const now = new Date();
    await repository.upsertRegionPageText(tx, {
      ...before,
      publishedTitle: null,
      publishedDescription: null,
      publishedBody: null,
      publishedAt: null,
    });
    await repository.touchRegionPage(tx, page.id, now);
    await recordAuditEventBy(tx, auth, {
      action: 'region_page.unpublished',
      targetPartyId: null,
      details: { ...where(page), language, before: published, after: null },
      now,
    });
    return staffPage(tx, { ...page, updatedAt: now });
  });
}

/** DELETE /api/backoffice/region-pages/{pageId}: the page and every text of it. */
export async function deleteRegionPage(
  deps: RegionPagesDeps,
  auth: RequestAuth,
  pageId: string,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const page = await lockPage(tx, pageId);
    const before = presentStaffRegionPage(page, await repository.listRegionPageTexts(tx, [page.id]));
    await repository.deleteRegionPage(tx, page.id);
    await recordAuditEventBy(tx, auth, {
      action: 'region_page.deleted',
      targetPartyId: null,
      details: { ...where(page), before: before.texts, after: null },
    });
  });
}

/**
 * GET /api/region-pages/{region}/{path…}: the published text in the language asked for, else in the
 * region's own; region_page_not_found for an unknown region, a malformed path or a page with neither.
 */
export async function getPublishedRegionPage(
  deps: RegionPagesDeps,
  region: string,
  path: string,
  language: Language | undefined,
): Promise<PublicRegionPage> {
  if (!isRegion(region) || !isRegionPagePath(path)) throw new AppError('region_page_not_found');
  const rows = await repository.findPublishedRegionPageTexts(deps.db, region, path);
  const chosen = pickRegionPageLanguage(region, language, new Set(rows.map((row) => row.text.language)));
  const row = rows.find((candidate) => candidate.text.language === chosen);
  if (!row) throw new AppError('region_page_not_found');
  return presentPublicRegionPage(row.page, row.text);
}

/**
 * Whether a web address is a region page visitors can open, for the server's 200 or 404
 * (platform/http/web-app.ts): `/dk`, `/no` (the landing pages, which the web app shows with a
 * built-in text until staff publish one) and `/{region}/{path}` with a published text answer true
 * or false; an address whose first segment is no region is not a region page's (undefined).
 */
export async function findRegionPage(deps: RegionPagesDeps, pathname: string): Promise<boolean | undefined> {
  const [, region = '', ...rest] = pathname.replace(/\/+$/, '').split('/');
  if (!isRegion(region)) return undefined;
  const path = rest.join('/');
  if (path === '') return true;
  if (!isRegionPagePath(path)) return false;
  return (await repository.findPublishedRegionPageTexts(deps.db, region, path)).length > 0;
}
