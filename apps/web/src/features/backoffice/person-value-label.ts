import type { TFunction } from 'i18next';

/** The kinds of recorded values the person page shows, each a group under `backoffice:personValues`. */
export type PersonValueKind = 'bikeStatus' | 'orderStatus' | 'shipment' | 'consentType' | 'provider';

const VALUE_NAME = /^[a-z_]+$/;

/**
 * What a recorded value on the person page (a bike's or order's status, a consent's type, the
 * national identity's provider) says in the reader's language, or the value itself when the texts
 * do not know it (a value newer than the web app).
 */
export function personValueLabel(kind: PersonValueKind, value: string, t: TFunction): string {
  if (!VALUE_NAME.test(value)) return value;
  return t(`backoffice:personValues.${kind}.${value}`, { defaultValue: value });
}
