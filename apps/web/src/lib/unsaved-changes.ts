import { useEffect, useRef } from 'react';
import { type Blocker, useBlocker } from 'react-router';
import { sessionStore } from './session-store.ts';

/**
 * Holds the user back from losing what they typed: leaving for another page asks first (the caller
 * shows its dialog for the returned blocker) and closing or reloading the tab gets the browser's
 * own question. Signing out or an expired session is never held up by a question about a form.
 * While `allowLeaving.current` is true (the form is leaving on purpose after saving) nothing asks.
 */
export function useUnsavedChangesGuard(
  isDirty: boolean,
  allowLeaving?: { readonly current: boolean },
): Blocker {
  const isDirtyRef = useRef(isDirty);
  isDirtyRef.current = isDirty;
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) =>
      !allowLeaving?.current &&
      isDirtyRef.current &&
      sessionStore.getToken() !== null &&
      currentLocation.pathname !== nextLocation.pathname,
  );

  useEffect(() => {
    if (!isDirty) return;
    const warn = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers show the dialog only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [isDirty]);

  return blocker;
}
