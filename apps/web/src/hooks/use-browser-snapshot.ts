import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * A value only the browser knows that nothing announces changes of (a remembered choice in storage):
 * `serverValue` while the server paints the page and while the browser hydrates it (so the first
 * render matches the server's HTML), `read()` from then on and at once on a page the browser renders
 * itself. `read` must answer equal primitives for an unchanged value (it is asked on each render).
 */
export function useBrowserSnapshot<T extends string | number | boolean | null>(
  read: () => T,
  serverValue: T,
): T {
  return useSyncExternalStore(subscribe, read, () => serverValue);
}
