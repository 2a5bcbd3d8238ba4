import { type ContentPageKey, parseContentBody } from '@nbr/domain/content-markup';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { contentPageQuery } from '../api/get-content-page.ts';

/** A block of a long text page; legal texts keep their sections as arrays in content.json. */
export interface ContentSection {
  /** Stable anchor, the same in every language, so links to a section survive a language switch. */
  id: string;
  heading: string;
  paragraphs?: string[];
  items?: string[];
}

/** A numbered step of the how-it-works guide. */
export interface ContentStep {
  id: string;
  title: string;
  paragraphs?: string[];
}

export interface ContentCard {
  title: string;
  text: string;
}

/**
 * The content namespace plus a typed reader for arrays of objects. An array missing from a
 * language (or a key typo) reads as empty rather than crashing the page.
 */
export function useContent() {
  const { t, i18n } = useTranslation('content');
  function list<T>(key: string): T[] {
    const value: unknown = t(key, { returnObjects: true });
    return Array.isArray(value) ? (value as T[]) : [];
  }
  return { t, list, language: i18n.resolvedLanguage ?? i18n.language };
}

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
