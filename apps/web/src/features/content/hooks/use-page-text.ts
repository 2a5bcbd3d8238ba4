import { type ContentPageKey, parseContentBody } from '@nbr/domain/content-markup';
import { useQuery } from '@tanstack/react-query';
import { contentPageQuery } from '../api/get-content-page.ts';
import { type ContentSection, useContent } from './use-content.ts';

/*
 * Apart from use-content.ts, so the front page and the guide, which read no stored text, do not
 * bring the query observer into their chunk.
 */

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
 * built-in one of content.json under `key` — also when the API cannot be reached. The page's loader
 * asks for the same query (contentPageLoader), so a page painted by the server has it at once.
 */
export function usePageText(page: ContentPageKey, key: string): PageText {
  const { t, list, language } = useContent();
  const stored = useQuery(contentPageQuery(page, language));
  if (stored.data) {
    return {
      ready: true,
      title: stored.data.heading,
      heading: stored.data.heading,
      lead: stored.data.lead,
      sections: parseContentBody(stored.data.body),
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
