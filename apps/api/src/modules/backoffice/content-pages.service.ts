import type { ContentPageKey, ContentPageText, ContentPageTextInput } from '@nbr/domain/content-pages';
import type { Language } from '@nbr/domain/locale';
import type { Database } from '../../db/client.ts';
import { recordAuditEventBy } from '../../platform/audit/audit.ts';
import type { RequestAuth } from '../../platform/auth/authenticate.ts';
import * as repository from './content-pages.repository.ts';

/*
 * The public content pages' texts (issue 17 §1, /backoffice/v2/diverse): admins store a text per page
 * and language, which replaces the web app's built-in one, or reset it (delete the row) to show the
 * built-in text again. Every change is audited with the text before and after; no person is concerned.
 */

export interface ContentPagesDeps {
  db: Database;
}

function presentText(row: repository.ContentPageTextRow): ContentPageText {
  return {
    page: row.page as ContentPageKey,
    language: row.language as Language,
    heading: row.heading,
    lead: row.lead,
    body: row.body,
    updated_at: row.updatedAt.toISOString(),
  };
}

const snapshot = (row: repository.ContentPageTextRow | null) =>
  row ? { heading: row.heading, lead: row.lead, body: row.body } : null;

/** GET /api/content-pages/{page}/{language}: the stored text or null. */
export async function getPublicContentPage(
  deps: ContentPagesDeps,
  page: ContentPageKey,
  language: Language,
): Promise<{ text: ContentPageText | null }> {
  const row = await repository.findContentPageText(deps.db, page, language);
  return { text: row ? presentText(row) : null };
}

/** GET /api/backoffice/content-pages: every stored text. */
export async function listContentPagesForStaff(deps: ContentPagesDeps): Promise<ContentPageText[]> {
  return (await repository.listContentPageTexts(deps.db)).map(presentText);
}

/** PUT /api/backoffice/content-pages/{page}/{language}: store (or replace) a page's text. */
export async function saveContentPageText(
  deps: ContentPagesDeps,
  auth: RequestAuth,
  page: ContentPageKey,
  language: Language,
  input: ContentPageTextInput,
): Promise<ContentPageText> {
  return deps.db.transaction(async (tx) => {
    const before = await repository.lockContentPageText(tx, page, language);
    const now = new Date();
    const row = {
      page,
      language,
      heading: input.heading,
      lead: input.lead,
      body: input.body,
      updatedAt: now,
    };
    if (before && before.heading === row.heading && before.lead === row.lead && before.body === row.body) {
      return presentText(before);
    }
    await repository.upsertContentPageText(tx, row);
    await recordAuditEventBy(tx, auth, {
      action: 'content.page_text_changed',
      targetPartyId: null,
      details: { page, language, before: snapshot(before), after: snapshot(row) },
      now,
    });
    return presentText(row);
  });
}

/** DELETE /api/backoffice/content-pages/{page}/{language}: back to the built-in text. */
export async function resetContentPageText(
  deps: ContentPagesDeps,
  auth: RequestAuth,
  page: ContentPageKey,
  language: Language,
): Promise<void> {
  await deps.db.transaction(async (tx) => {
    const before = await repository.lockContentPageText(tx, page, language);
    if (!before) return;
    await repository.deleteContentPageText(tx, page, language);
    await recordAuditEventBy(tx, auth, {
      action: 'content.page_text_reset',
      targetPartyId: null,
      details: { page, language, before: snapshot(before), after: null },
    });
  });
}
