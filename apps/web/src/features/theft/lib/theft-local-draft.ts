import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';
import {
  BOOLEAN_FORM_FIELDS,
  THEFT_FORM_FIELDS,
  type TheftFormField,
  type TheftFormValues,
  YES_NO_FORM_FIELDS,
} from './theft-form.ts';

/*
 * What the person types into the theft wizard is kept in this browser as they type, per account and
 * bike under DRAFT_PREFIX (signing out wipes it), so nothing is lost when they leave before saving.
 * Only the differences from the server's draft are kept, never a national id number. Coming back,
 * a local copy newer than the server's draft is put over it, with a notice.
 */

export interface LocalTheftDraft {
  /** The fields that differ from the server's draft when they were typed. */
  values: Partial<TheftFormValues>;
  /** When they were typed (ISO). */
  updated_at: string;
}

export function theftDraftKey(partyId: string, bikeId: string): string {
  return `${DRAFT_PREFIX}theft:${partyId}:${bikeId}`;
}

const YES_NO: ReadonlySet<string> = new Set(YES_NO_FORM_FIELDS);
const BOOLEANS: ReadonlySet<string> = new Set(BOOLEAN_FORM_FIELDS);

function isPoint(value: unknown): value is { latitude: number; longitude: number } {
  if (!value || typeof value !== 'object') return false;
  const { latitude, longitude } = value as Record<string, unknown>;
  return (
    typeof latitude === 'number' &&
    typeof longitude === 'number' &&
    Math.abs(latitude) <= 90 &&
    Math.abs(longitude) <= 180
  );
}

/** A stored copy, keeping only known fields of the right type (storage can hold anything). */
export function sanitiseLocalDraft(value: unknown): LocalTheftDraft | null {
  if (!value || typeof value !== 'object') return null;
  const record = value as Record<string, unknown>;
  const updatedAt = typeof record.updated_at === 'string' ? record.updated_at : '';
  if (Number.isNaN(Date.parse(updatedAt))) return null;
  const source = (record.values && typeof record.values === 'object' ? record.values : {}) as Record<
    string,
    unknown
  >;
  const values: Partial<Record<TheftFormField, unknown>> = {};
  for (const field of THEFT_FORM_FIELDS) {
    if (!(field in source)) continue;
    const entry = source[field];
    if (field === 'location') {
      if (entry === null || isPoint(entry)) values[field] = entry === null ? null : { ...entry };
    } else if (BOOLEANS.has(field)) {
      if (typeof entry === 'boolean') values[field] = entry;
    } else if (YES_NO.has(field)) {
      if (entry === '' || entry === 'yes' || entry === 'no') values[field] = entry;
    } else if (typeof entry === 'string') {
      values[field] = entry.slice(0, 4000);
    }
  }
  return { values: values as Partial<TheftFormValues>, updated_at: updatedAt };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The fields of `values` that differ from `saved`. */
export function localChanges(values: TheftFormValues, saved: TheftFormValues): Partial<TheftFormValues> {
  const changes: Partial<Record<TheftFormField, unknown>> = {};
  for (const field of THEFT_FORM_FIELDS) {
    if (!same(values[field], saved[field])) changes[field] = values[field];
  }
  return changes as Partial<TheftFormValues>;
}

/**
 * The values to show: the server's draft, with a local copy put over it when that copy is newer
 * than the server's last save (a draft saved later elsewhere wins) and changes anything.
 */
export function mergeLocalDraft(
  server: TheftFormValues,
  savedAt: string | null,
  local: LocalTheftDraft | null,
): { values: TheftFormValues; restored: boolean } {
  if (!local) return { values: server, restored: false };
  if (savedAt && Date.parse(local.updated_at) <= Date.parse(savedAt))
    return { values: server, restored: false };
  const merged = { ...server, ...local.values };
  if (Object.keys(localChanges(merged, server)).length === 0) return { values: server, restored: false };
  return { values: merged, restored: true };
}

export function readLocalTheftDraft(key: string): LocalTheftDraft | null {
  return sanitiseLocalDraft(readJson<unknown>(key));
}

/** Keeps what differs from the server's draft; nothing different removes the copy. */
export function writeLocalTheftDraft(
  key: string,
  values: TheftFormValues,
  saved: TheftFormValues,
  now: Date = new Date(),
): void {
  const changes = localChanges(values, saved);
  writeJson(
    key,
    Object.keys(changes).length > 0
      ? ({ values: changes, updated_at: now.toISOString() } satisfies LocalTheftDraft)
      : null,
  );
}

export function clearLocalTheftDraft(key: string): void {
  writeJson(key, null);
}
