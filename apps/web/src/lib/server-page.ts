import type { Language, Region } from '@nbr/domain/locale-values';
import type { QueryKey } from '@tanstack/react-query';
import type { Resource } from 'i18next';
import type { HydrationState } from 'react-router';
import type { MeasurementChoice } from './consent.ts';

/** The element a server-painted page carries its state in (JSON, never executed). */
export const PAGE_STATE_ELEMENT_ID = 'nbr-page-state';

/**
 * What the server painted a page with (entry-server.tsx), so the browser's first render is the same
 * page (SPEC §7: "the client state is pre-loaded from a value serialised into the page"): its
 * language and region, the measurement answer, the texts it shows, the data its screen read and the
 * router's loader answers.
 */
export interface PageState {
  language: Language;
  region: Region;
  /** The measurement answer the page was painted with (the device's cookie); null: the question is on it. */
  measurement: MeasurementChoice | null;
  texts: Resource;
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
