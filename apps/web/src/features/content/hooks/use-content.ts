import { useTranslation } from 'react-i18next';

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
