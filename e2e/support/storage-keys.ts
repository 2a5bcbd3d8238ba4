/*
 * The browser-storage keys of the web app (apps/web/src/lib/storage.ts, STORAGE_KEYS). Copied rather
 * than imported because the e2e project is compiled on its own; shell-session.spec.ts fails if the
 * app stops reading them.
 */
export const APP_STORAGE_KEYS = {
  /** localStorage: the raw authentication token. */
  token: 'nbr:token',
  /** localStorage: the chosen UI language (da | en | no | is). */
  language: 'nbr:language',
  /** localStorage: the answer to the measurement question ({ choice: 'granted' | 'denied', at }). */
  measurementConsent: 'nbr:measurement-consent',
} as const;
