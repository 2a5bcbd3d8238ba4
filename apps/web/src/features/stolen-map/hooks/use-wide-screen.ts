import { useSyncExternalStore } from 'react';

/** Where the page puts the map first (and the filters in one row): stolen-map.module.css's breakpoint. */
export const WIDE_SCREEN_QUERY = '(min-width: 48rem)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(WIDE_SCREEN_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

/**
 * True on a screen wide enough for the map first, false on a phone; null while the server paints
 * and the browser hydrates (the server cannot know the screen: the style sheet decides until then).
 */
export function useWideScreen(): boolean | null {
  return useSyncExternalStore(
    subscribe,
    () => window.matchMedia(WIDE_SCREEN_QUERY).matches,
    () => null,
  );
}
