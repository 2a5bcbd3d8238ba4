import { and, asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client.ts';
import { contentPageTexts } from '../../db/schema/backoffice.ts';

export type ContentPageTextRow = typeof contentPageTexts.$inferSelect;

export async function listContentPageTexts(executor: Executor) {
  return executor
    .select()
    .from(contentPageTexts)
    .orderBy(asc(contentPageTexts.page), asc(contentPageTexts.language));
}

export async function findContentPageText(executor: Executor, page: string, language: string) {
  const [row] = await executor
    .select()
    .from(contentPageTexts)
    .where(and(eq(contentPageTexts.page, page), eq(contentPageTexts.language, language)));
  return row ?? null;
}

export async function lockContentPageText(executor: Executor, page: string, language: string) {
  const [row] = await executor
    .select()
    .from(contentPageTexts)
    .where(and(eq(contentPageTexts.page, page), eq(contentPageTexts.language, language)))
    .for('update');
  return row ?? null;
}

export async function upsertContentPageText(executor: Executor, row: ContentPageTextRow) {
  await executor
    .insert(contentPageTexts)
    .values(row)
    .onConflictDoUpdate({
      target: [contentPageTexts.page, contentPageTexts.language],
      set: { heading: row.heading, lead: row.lead, body: row.body, updatedAt: row.updatedAt },
    });
}

export async function deleteContentPageText(executor: Executor, page: string, language: string) {
  await executor
    .delete(contentPageTexts)
    .where(and(eq(contentPageTexts.page, page), eq(contentPageTexts.language, language)));
}
