import { and, asc, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { regionPages, regionPageTexts } from '../../db/schema/backoffice.ts';

export type RegionPageRow = typeof regionPages.$inferSelect;
export type RegionPageTextRow = typeof regionPageTexts.$inferSelect;

export async function listRegionPages(executor: Executor) {
  return executor.select().from(regionPages).orderBy(asc(regionPages.region), asc(regionPages.path));
}

export async function listRegionPageTexts(executor: Executor, pageIds: readonly string[]) {
  if (pageIds.length === 0) return [];
  return executor
    .select()
    .from(regionPageTexts)
    .where(inArray(regionPageTexts.pageId, [...pageIds]));
}

export async function findRegionPageById(executor: Executor, id: string) {
  const [row] = await executor.select().from(regionPages).where(eq(regionPages.id, id));
  return row ?? null;
}

export async function lockRegionPageById(executor: Executor, id: string) {
  const [row] = await executor.select().from(regionPages).where(eq(regionPages.id, id)).for('update');
  return row ?? null;
}

export async function findRegionPageByAddress(executor: Executor, region: string, path: string) {
  const [row] = await executor
    .select()
    .from(regionPages)
    .where(and(eq(regionPages.region, region), eq(regionPages.path, path)));
  return row ?? null;
}

/** The published texts of the page at a region and path, whichever languages have one. */
export async function findPublishedRegionPageTexts(executor: Executor, region: string, path: string) {
  return executor
    .select({ page: regionPages, text: regionPageTexts })
    .from(regionPages)
    .innerJoin(regionPageTexts, eq(regionPageTexts.pageId, regionPages.id))
    .where(
      and(
        eq(regionPages.region, region),
        eq(regionPages.path, path),
        isNotNull(regionPageTexts.publishedBody),
      ),
    );
}

export async function lockRegionPageText(executor: Executor, pageId: string, language: string) {
  const [row] = await executor
    .select()
    .from(regionPageTexts)
    .where(and(eq(regionPageTexts.pageId, pageId), eq(regionPageTexts.language, language)))
    .for('update');
  return row ?? null;
}

export async function insertRegionPage(executor: Executor, row: RegionPageRow) {
  await executor.insert(regionPages).values(row);
}

export async function touchRegionPage(executor: Executor, id: string, updatedAt: Date) {
  await executor.update(regionPages).set({ updatedAt }).where(eq(regionPages.id, id));
}

export async function upsertRegionPageText(executor: Executor, row: RegionPageTextRow) {
  const { pageId: _pageId, language: _language, ...set } = row;
  await executor
    .insert(regionPageTexts)
    .values(row)
    .onConflictDoUpdate({ target: [regionPageTexts.pageId, regionPageTexts.language], set });
}

export async function deleteRegionPage(executor: Executor, id: string) {
  await executor.delete(regionPages).where(eq(regionPages.id, id));
}

/** A unique violation of the page's address (two staff creating the same page at once). */
export function isAddressTakenError(error: unknown): boolean {
  for (
    let current = error as { code?: unknown; constraint?: unknown; cause?: unknown } | undefined;
    current;
  ) {
    if (current.code === '23505')
      return current.constraint === undefined || current.constraint === 'region_pages_region_path_key';
    current = current.cause as typeof current;
  }
  return false;
}
