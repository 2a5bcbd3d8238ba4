import { z } from 'zod';
import { CONTENT_PAGE_KEYS } from './content-markup.ts';
import { LanguageSchema } from './locale.ts';

/*
 * Editable texts of the public content pages (issue 17 §1, /backoffice/v2/diverse). A stored text
 * replaces the built-in one (the web app's content.json) for one page in one language; without one
 * the built-in text shows. The body is plain text in a small markup that our own code renders
 * (content-markup.ts: parseContentBody), never HTML:
 *
 *   ## A heading          starts a section
 *   - an item             a bullet of the section's list
 *   any other line        running text; a blank line ends a paragraph
 *
 * E-mail and www. addresses in the text become links when shown (the web app's RichText).
 */

export { CONTENT_PAGE_KEYS, type ContentPageKey } from './content-markup.ts';
export const ContentPageKeySchema = z.enum(CONTENT_PAGE_KEYS);

export const CONTENT_HEADING_MAX_LENGTH = 200;
export const CONTENT_LEAD_MAX_LENGTH = 1000;
export const CONTENT_BODY_MAX_LENGTH = 40_000;

/** PUT /api/backoffice/content-pages/{page}/{language} */
export const ContentPageTextInputSchema = z.object({
  heading: z.string().trim().min(1).max(CONTENT_HEADING_MAX_LENGTH),
  lead: z.string().trim().max(CONTENT_LEAD_MAX_LENGTH),
  body: z.string().trim().min(1).max(CONTENT_BODY_MAX_LENGTH),
});
export type ContentPageTextInput = z.infer<typeof ContentPageTextInputSchema>;

export const ContentPageParamsSchema = z.object({
  page: ContentPageKeySchema,
  language: LanguageSchema,
});

/** A stored text, as staff and the public read it (no personal data: not who edited it). */
export const ContentPageTextSchema = ContentPageTextInputSchema.extend({
  page: ContentPageKeySchema,
  language: LanguageSchema,
  updated_at: z.string(),
});
export type ContentPageText = z.infer<typeof ContentPageTextSchema>;

/** GET /api/content-pages/{page}/{language}: the stored text, or null (show the built-in one). */
export const PublicContentPageSchema = z.object({ text: ContentPageTextSchema.nullable() });
export type PublicContentPage = z.infer<typeof PublicContentPageSchema>;

/** GET /api/backoffice/content-pages: every stored text. */
export const StaffContentPageListSchema = z.array(ContentPageTextSchema);
