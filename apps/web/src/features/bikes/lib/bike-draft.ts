import { BIKE_VISIBILITIES } from '@nbr/domain/bikes';
import { DRAFT_PREFIX, readJson, writeJson } from '../../../lib/storage.ts';
import { BIKE_FORM_FIELDS, type BikeFormField, type BikeFormValues } from './bike-form.ts';

/*
 * Unsaved edits of a bike survive a reload, a closed tab or a lost connection: kept in this
 * browser per account and bike under DRAFT_PREFIX (signing out wipes them), restored with a notice.
 */

export function bikeDraftKey(partyId: string, bikeId: string): string {
  return `${DRAFT_PREFIX}bike-edit:${partyId}:${bikeId}`;
}

/** A stored draft, keeping only known fields of the right type (storage can hold anything). */
export function sanitiseDraft(value: unknown): Partial<BikeFormValues> {
  if (!value || typeof value !== 'object') return {};
  const record = value as Record<string, unknown>;
  const draft: Partial<Record<BikeFormField, unknown>> = {};
  for (const field of BIKE_FORM_FIELDS) {
    const entry = record[field];
    if (field === 'is_electric') {
      if (typeof entry === 'boolean') draft[field] = entry;
    } else if (field === 'visibility') {
      if (typeof entry === 'string' && (BIKE_VISIBILITIES as readonly string[]).includes(entry))
        draft[field] = entry;
    } else if (typeof entry === 'string') {
      draft[field] = entry;
    }
  }
  return draft as Partial<BikeFormValues>;
}

/** The draft's fields that differ from the bike as saved: what restoring would change. */
export function draftChanges(
  draft: Partial<BikeFormValues>,
  saved: BikeFormValues,
  /** Fields that cannot be changed (a locked frame number) are never restored. */
  readOnly: readonly BikeFormField[] = [],
): Partial<BikeFormValues> {
  const changes: Partial<Record<BikeFormField, unknown>> = {};
  for (const field of BIKE_FORM_FIELDS) {
    if (readOnly.includes(field)) continue;
    const value = draft[field];
    if (value !== undefined && value !== saved[field]) changes[field] = value;
  }
  return changes as Partial<BikeFormValues>;
}

export function readBikeDraft(key: string): Partial<BikeFormValues> {
  return sanitiseDraft(readJson<unknown>(key));
}

/** Stores only what differs from the saved bike; nothing left to keep removes the draft. */
export function writeBikeDraft(key: string, values: BikeFormValues, saved: BikeFormValues): void {
  const changes = draftChanges(values, saved);
  writeJson(key, Object.keys(changes).length > 0 ? changes : null);
}

export function clearBikeDraft(key: string): void {
  writeJson(key, null);
}
