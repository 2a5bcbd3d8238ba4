import { type ContentPageKey, parseContentBody } from '@nbr/domain/content-markup';
import type { PublicContentPage } from '@nbr/domain/content-pages';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { API_BASE } from '../../../lib/api-client.ts';

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

type StoredText = NonNullable<PublicContentPage['text']>;

/**
 * A content page's text: staff's stored text for the language (GET /api/content-pages/…, cached by
 * the browser for a minute), else the built-in one of content.json under `key` — also when the API
 * cannot be reached. A plain fetch rather than TanStack Query: the public pages' chunks stay small
 * (npm run test:budget counts every chunk a page names in the first route's entry).
 */
export function usePageText(page: ContentPageKey, key: string): PageText {
  const { t, list, language } = useContent();
  const path = `${page}/${language}`;
  const [stored, setStored] = useState<{ path: string; text: StoredText | null } | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch(`${API_BASE}/content-pages/${path}`, {
      signal: controller.signal,
      headers: { Accept: 'application/json' },
    })
      .then((response) => (response.ok ? (response.json() as Promise<PublicContentPage>) : { text: null }))
      .catch(() => ({ text: null }))
      .then((body) => {
        if (!controller.signal.aborted) setStored({ path, text: body.text });
      });
    return () => controller.abort();
  }, [path]);
  const current = stored?.path === path ? stored : null;
  if (current?.text) {
    return {
      ready: true,
      title: current.text.heading,
      heading: current.text.heading,
      lead: current.text.lead,
      sections: parseContentBody(current.text.body),
    };
  }
  return {
    ready: current !== null,
    title: t(`${key}.title`),
    heading: t(`${key}.heading`),
    lead: t(`${key}.lead`),
    sections: list<ContentSection>(`${key}.sections`),
  };
}
