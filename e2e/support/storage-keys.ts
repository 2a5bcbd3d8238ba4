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

/**
 * The web app's choice cookies (apps/web/src/lib/i18n.ts, region.ts, consent.ts), which tell the
 * server how to paint a page. Copied for the same reason.
 */
export const APP_COOKIES = {
  /** The answer to the measurement question ('granted' | 'denied'): the server paints the banner without it. */
  measurement: 'nbr_measurement',
} as const;
