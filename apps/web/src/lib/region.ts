import {
  CURRENCY_BY_REGION,
  type Currency,
  DEFAULT_REGION,
  isRegion,
  type Language,
  REGIONS,
  type Region,
} from '@nbr/domain/locale-values';
import { createContext, useContext, useSyncExternalStore } from 'react';
import { readStorage, STORAGE_KEYS, writeChoiceCookie, writeStorage } from './storage.ts';

/** The cookie that tells the server which region's page to paint (entry-server.tsx). */
export const REGION_COOKIE = 'nbr_region';

/**
 * The region a server-painted page was painted for: given by the server while it paints, and by
 * main.tsx while the browser hydrates that page, so both render the same region first. Null elsewhere.
 */
export const PaintedRegionContext = createContext<Region | null>(null);

/** A region not chosen yet follows the language: Norwegian means Norway, everything else Denmark. */
export function regionForLanguage(language: string): Region {
  return language === 'no' ? 'no' : DEFAULT_REGION;
}

export function currencyOf(region: Region): Currency {
  return CURRENCY_BY_REGION[region];
}

const listeners = new Set<() => void>();
let fallbackLanguage: Language | string = 'da';

function storedRegion(): Region | null {
  const stored = readStorage(STORAGE_KEYS.region);
  return isRegion(stored) ? stored : null;
}

export function currentRegion(): Region {
  return storedRegion() ?? regionForLanguage(fallbackLanguage);
}

/** Tells the store which language to derive the default region from (until the user chooses). */
export function setRegionDefaultLanguage(language: string): void {
  if (language === fallbackLanguage) return;
  fallbackLanguage = language;
  if (!storedRegion()) for (const listener of listeners) listener();
}

/** Remembers the user's choice of region on this device. */
export function setRegion(region: Region): void {
  writeStorage(STORAGE_KEYS.region, region);
  writeChoiceCookie(REGION_COOKIE, region);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function useRegion(): {
  region: Region;
  currency: Currency;
  regions: readonly Region[];
  setRegion: (region: Region) => void;
} {
  const painted = useContext(PaintedRegionContext);
  const region = useSyncExternalStore(subscribe, currentRegion, () => painted ?? currentRegion());
  return { region, currency: currencyOf(region), regions: REGIONS, setRegion };
}
