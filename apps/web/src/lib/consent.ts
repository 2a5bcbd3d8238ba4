import { createContext, useContext, useSyncExternalStore } from 'react';
import { apiRequest } from './api-client.ts';
import { sessionStore } from './session-store.ts';
import { readCookie, readJson, STORAGE_KEYS, writeChoiceCookie, writeJson } from './storage.ts';

/*
 * Measurement only after consent (issue 30 §2). The answer to one question — may we measure how the
 * app is used (usage events, web vitals, the tag manager)? — lives on this device (localStorage),
 * and, for a signed-in person, with the account (consent type `measurement`). Until it is answered
 * nothing measuring leaves the browser; on sign-in the account's answer wins over the device's, and
 * an account that never answered gets the device's. The answer is mirrored in a cookie, so that the
 * server paints a page with the question only for a device that has not answered (entry-server.tsx).
 */

export type MeasurementChoice = 'granted' | 'denied';

/**
 * The cookie that tells the server whether to paint the measurement question (entry-server.tsx):
 * `granted` or `denied`, the same answer as localStorage's, written together with it.
 */
export const MEASUREMENT_COOKIE = 'nbr_measurement';

/**
 * The answer a server-painted page was painted with: given by the server while it paints, and by
 * main.tsx while the browser hydrates that page, so both render the same question (or none) first.
 * Null elsewhere, as while the question is open.
 */
export const PaintedMeasurementContext = createContext<MeasurementChoice | null>(null);

interface StoredChoice {
  choice: MeasurementChoice;
  /** When it was decided (ISO); the account's decision time when it came from the account. */
  at: string;
}

export function isMeasurementChoice(value: unknown): value is MeasurementChoice {
  return value === 'granted' || value === 'denied';
}

function readStored(): MeasurementChoice | null {
  const stored = readJson<StoredChoice>(STORAGE_KEYS.measurementConsent);
  return stored && isMeasurementChoice(stored.choice) ? stored.choice : null;
}

let current: MeasurementChoice | null = typeof window === 'undefined' ? null : readStored();
const listeners = new Set<(choice: MeasurementChoice | null) => void>();

function publish(next: MeasurementChoice | null): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener(next);
}

if (typeof window !== 'undefined') {
  // An answer given in another tab applies here too.
  window.addEventListener('storage', (event) => {
    if (event.key === STORAGE_KEYS.measurementConsent || event.key === null) publish(readStored());
  });
  mirrorMeasurementCookie();
}

/** The answer on this device, or null while the question is open. */
export function getMeasurementChoice(): MeasurementChoice | null {
  return current;
}

export function hasMeasurementConsent(): boolean {
  return current === 'granted';
}

/** Called with every change of the answer; answers the unsubscribe. */
export function subscribeMeasurementChoice(listener: (choice: MeasurementChoice | null) => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Keeps the answer on this device: for the app (localStorage) and for the server (cookie). */
function remember(stored: StoredChoice): void {
  writeJson(STORAGE_KEYS.measurementConsent, stored);
  writeChoiceCookie(MEASUREMENT_COOKIE, stored.choice);
}

/**
 * At start (when the app loads this module): the cookie follows the device's answer where they
 * differ — a device that answered before the cookie existed, or whose storage was wiped (the reset
 * after deleting an account) while the cookie stayed — so the next page is painted with the question
 * only when it is open.
 */
export function mirrorMeasurementCookie(): void {
  if (readCookie(MEASUREMENT_COOKIE) === current) return;
  writeChoiceCookie(MEASUREMENT_COOKIE, current);
}

/** Whether the signed-in session may store consents with the account (not staff switched in). */
function accountSession(): boolean {
  const claims = sessionStore.getClaims();
  return Boolean(claims && !claims.act);
}

function storeWithAccount(choice: MeasurementChoice): Promise<void> {
  return apiRequest(`/identities/consents/measurement/`, {
    method: 'POST',
    body: { action: choice === 'granted' ? 'grant' : 'revoke' },
  }).then(
    () => undefined,
    () => undefined, // The device keeps the answer; the next sign-in offers it to the account again.
  );
}

/**
 * Records the person's answer: on this device, and with the account when signed in. Answers when
 * the account has it (or could not take it); the device has it at once.
 */
export function decideMeasurement(choice: MeasurementChoice, now: Date = new Date()): Promise<void> {
  remember({ choice, at: now.toISOString() });
  publish(choice);
  return accountSession() ? storeWithAccount(choice) : Promise.resolve();
}

interface AccountConsent {
  type: string;
  granted: boolean;
  updated_at: string | null;
}

/**
 * Brings device and account together after a sign-in or sign-up: an answer the account has wins;
 * an account without one takes this device's. Never throws.
 */
export async function syncMeasurementChoice(): Promise<void> {
  if (!accountSession()) return;
  try {
    const consents = await apiRequest<AccountConsent[]>('/identities/consents/');
    const stored = Array.isArray(consents)
      ? consents.find((consent) => consent.type === 'measurement')
      : undefined;
    if (stored?.updated_at) {
      const choice: MeasurementChoice = stored.granted ? 'granted' : 'denied';
      remember({ choice, at: stored.updated_at });
      publish(choice);
    } else if (current) {
      await storeWithAccount(current);
    }
  } catch {
    // Offline or refused: the device's answer stands.
  }
}

/** Tests only: forget the answer held in memory and read the device's again. */
export function reloadMeasurementChoiceForTests(): void {
  current = readStored();
}

const subscribeForReact = (onChange: () => void) => subscribeMeasurementChoice(onChange);

/**
 * The answer on this device, re-rendering when it changes (null: not answered yet). While the server
 * paints a page and while the browser hydrates it, the answer the page was painted with.
 */
export function useMeasurementChoice(): MeasurementChoice | null {
  const painted = useContext(PaintedMeasurementContext);
  return useSyncExternalStore(subscribeForReact, getMeasurementChoice, () => painted);
}
