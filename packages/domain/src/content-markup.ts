/*
 * The small markup of the content pages' stored texts (content-pages.ts), without zod so the public
 * pages can read it. Plain text only, rendered by our own code as text (never HTML):
 *
 *   ## A heading          starts a section
 *   - an item             a bullet of the section's list (shown after the section's paragraphs)
 *   any other line        running text; a blank line ends a paragraph
 */

/** The pages whose texts staff edit; the how-it-works guide and the front page keep their own shape. */
export const CONTENT_PAGE_KEYS = [
  'our-mission',
  'privacy',
  'terms',
  'advisory-board',
  'accessibility',
] as const;
export type ContentPageKey = (typeof CONTENT_PAGE_KEYS)[number];

export interface ContentBodySection {
  /** `section-1`, `section-2`…: anchors for the table of contents. */
  id: string;
  /** Empty for text before the first heading. */
  heading: string;
  paragraphs: string[];
  items: string[];
}

/** The body's sections: headings, paragraphs (lines joined by a space) and list items, as text. */
export function parseContentBody(body: string): ContentBodySection[] {
  const sections: ContentBodySection[] = [];
  let current: ContentBodySection | null = null;
  let paragraph: string[] = [];
  const section = (): ContentBodySection => {
    if (!current) {
      current = { id: `section-${sections.length + 1}`, heading: '', paragraphs: [], items: [] };
      sections.push(current);
    }
    return current;
  };
  const endParagraph = () => {
    if (paragraph.length > 0) section().paragraphs.push(paragraph.join(' '));
    paragraph = [];
  };
  for (const raw of body.replace(/\r\n?/g, '\n').split('\n')) {
    const line = raw.trim();
    if (line.startsWith('## ')) {
      endParagraph();
      current = {
        id: `section-${sections.length + 1}`,
        heading: line.slice(3).trim(),
        paragraphs: [],
        items: [],
      };
      sections.push(current);
    } else if (line.startsWith('- ')) {
      endParagraph();
      const item = line.slice(2).trim();
      if (item) section().items.push(item);
    } else if (line === '') {
      endParagraph();
    } else {
      paragraph.push(line);
    }
  }
  endParagraph();
  return sections;
}

/** The markup of sections (the built-in text made editable): the inverse of parseContentBody. */
export function contentBodyOf(
  sections: ReadonlyArray<{ heading: string; paragraphs?: readonly string[]; items?: readonly string[] }>,
): string {
  return sections
    .map((entry) =>
      [
        entry.heading ? `## ${entry.heading}` : null,
        ...(entry.paragraphs ?? []),
        (entry.items ?? []).map((item) => `- ${item}`).join('\n') || null,
      ]
        .filter((part): part is string => part !== null)
        .join('\n\n'),
    )
    .join('\n\n');
}
