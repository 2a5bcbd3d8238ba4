import { useEffect } from 'react';

/*
 * What must wait until the browser has taken over a painted page: a change of state (the session's
 * redirect, the device's language) while React is still hydrating would make it throw the painted
 * HTML away ("hydration mismatch"). main.tsx hands the work over; the root layout's first effect,
 * which runs once hydration has committed, does it.
 */

let pending: (() => void) | null = null;

/** Runs `work` once the painted page is hydrated (at once if the app already rendered). */
export function afterHydration(work: () => void): void {
  pending = work;
}

/** For the root layout: the first commit has happened. */
export function useRunAfterHydration(): void {
  useEffect(() => {
    const work = pending;
    pending = null;
    work?.();
  }, []);
}
