/*
 * The small markup of the content pages' stored texts (content-pages.ts), without zod so the public
 * pages can read it. Plain text only, rendered by our own code as text (never HTML):
 *
 *   ## A heading          starts a section
 *   - an item             a bullet of the section's list (shown after the section's paragraphs)
 *   any other line        running text; a blank line ends a paragraph
 *   [what it says](/path)  a link in a paragraph or an item (parseContentInline): our own paths,
 *                         https:// and mailto: addresses
 *
 * The region pages (region-pages.ts) are written in the same markup.
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

/*
 * Links in running text and list items: `[what it says](/webshop?region=no)`. An address is either
 * one of ours (a path: `/flows/…`, `/no/naf`, `/find-distributor`), a web address (`https://…`) or an
 * e-mail (`mailto:…`); anything else stays as the text it was, so no script address can slip in.
 */
export type ContentInline = { text: string } | { text: string; href: string; isInternal: boolean };

const MARKUP_LINK = /\[([^\]\n]+)\]\(([^)\s]+)\)/g;

/** Where a link of the markup may point: our own paths, https and mailto addresses. */
export function safeContentHref(href: string): { href: string; isInternal: boolean } | null {
  if (/^\/(?!\/)[^\s\\]*$/.test(href)) return { href, isInternal: true };
  if (/^https:\/\/[^\s/\\]+/i.test(href)) return { href, isInternal: false };
  if (/^mailto:[^\s@]+@[^\s@]+$/i.test(href)) return { href, isInternal: false };
  return null;
}

/** A paragraph or an item as text and links, in order; a link with an unsafe address stays text. */
export function parseContentInline(text: string): ContentInline[] {
  const parts: ContentInline[] = [];
  let plain = '';
  let at = 0;
  for (const match of text.matchAll(MARKUP_LINK)) {
    const [whole, label = '', address = ''] = match;
    const target = safeContentHref(address);
    plain += text.slice(at, match.index);
    at = match.index + whole.length;
    if (!target) {
      plain += whole;
      continue;
    }
    if (plain) parts.push({ text: plain });
    plain = '';
    parts.push({ text: label.trim(), ...target });
  }
  plain += text.slice(at);
  if (plain) parts.push({ text: plain });
  return parts;
}
