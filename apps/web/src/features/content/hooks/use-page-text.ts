import { type ContentPageKey, parseContentBody } from '@nbr/domain/content-markup';
import { useStoredPageText } from '../api/get-stored-page-text.ts';
import { type ContentSection, useContent } from './use-content.ts';

export interface PageText {
  /** False while the stored text is being asked for (the page shows a spinner, not a text that changes). */
  ready: boolean;
  title: string;
  heading: string;
  lead: string;
  sections: ContentSection[];
}

/**
 * A content page's text: staff's stored text for the language (GET /api/content-pages/…), else the
 * built-in one of content.json under `key` (also when the API cannot be reached).
 */
export function usePageText(page: ContentPageKey, key: string): PageText {
  const { t, list, language } = useContent();
  const stored = useStoredPageText(page, language);
  const text = stored.data?.text;
  if (text) {
    return {
      ready: true,
      title: text.heading,
      heading: text.heading,
      lead: text.lead,
      sections: parseContentBody(text.body),
    };
  }
  return {
    ready: !stored.isPending,
    title: t(`${key}.title`),
    heading: t(`${key}.heading`),
    lead: t(`${key}.lead`),
    sections: list<ContentSection>(`${key}.sections`),
  };
}
