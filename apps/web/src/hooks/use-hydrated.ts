import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the server paints a page and while the browser hydrates it, true from then on (and at
 * once on a page the browser renders itself). What only the browser can know — the answer stored on
 * this device, the basket, a remembered choice — is shown once this is true, so the first render in
 * the browser matches the server's HTML.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
