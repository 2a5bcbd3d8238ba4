import type { Language, Region } from '@nbr/domain/locale-values';
import type { QueryKey } from '@tanstack/react-query';
import type { HydrationState } from 'react-router';
import type { MeasurementChoice } from './consent.ts';

/** The element a server-painted page carries its state in (JSON, never executed). */
export const PAGE_STATE_ELEMENT_ID = 'nbr-page-state';

/**
 * What the server painted a page with (entry-server.tsx), so the browser's first render is the same
 * page (SPEC §7: "the client state is pre-loaded from a value serialised into the page"): its
 * language and region, the measurement answer, the namespaces of the texts it shows, the data its
 * screen read and the router's loader answers. The texts themselves are the build's text files, which
 * the painted page preloads (they are the same for every page and cached for good; in the page they
 * were 54 of its 72 KiB).
 */
export interface PageState {
  language: Language;
  region: Region;
  /** The measurement answer the page was painted with (the device's cookie); null: the question is on it. */
  measurement: MeasurementChoice | null;
  /** The text namespaces the page reads, loaded before the browser hydrates it. */
  namespaces: string[];
  /** The queries the page read, answered: each one's key, data and when it was answered. */
  queries: Array<{ queryKey: QueryKey; state: { data: unknown; dataUpdatedAt: number } }>;
  router: HydrationState;
}

/** The state of the page the browser loaded, when the server painted it; null for the bare app. */
export function readPageState(): PageState | null {
  const element = document.getElementById(PAGE_STATE_ELEMENT_ID);
  if (!element?.textContent) return null;
  try {
    return JSON.parse(element.textContent) as PageState;
  } catch {
    return null;
  }
}
