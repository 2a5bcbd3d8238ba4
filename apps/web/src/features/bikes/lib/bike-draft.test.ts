import { afterEach, describe, expect, it } from 'vitest';
import { DRAFT_PREFIX } from '../../../lib/storage.ts';
import { bikeDraftKey, draftChanges, readBikeDraft, sanitiseDraft, writeBikeDraft } from './bike-draft.ts';
import { type BikeFormValues, EMPTY_BIKE_FORM } from './bike-form.ts';

const saved: BikeFormValues = {
  ...EMPTY_BIKE_FORM,
  nickname: 'Blå',
  frame_number: 'WDA12345Z',
  color: 'blue',
};
const key = bikeDraftKey('party-1', 'bike-1');

afterEach(() => window.localStorage.clear());

describe('bike drafts', () => {
  it('live per account and bike under the draft prefix (signing out wipes them)', () => {
    expect(key.startsWith(DRAFT_PREFIX)).toBe(true);
    expect(key).not.toBe(bikeDraftKey('party-2', 'bike-1'));
    expect(key).not.toBe(bikeDraftKey('party-1', 'bike-2'));
  });

  it('keep only what differs from the saved bike, and nothing when nothing differs', () => {
    writeBikeDraft(key, { ...saved, color: 'red' }, saved);
    expect(JSON.parse(window.localStorage.getItem(key) ?? 'null')).toEqual({ color: 'red' });
    writeBikeDraft(key, saved, saved);
    expect(window.localStorage.getItem(key)).toBeNull();
  });

  it('come back as the changes to apply, never for a field that cannot change', () => {
    writeBikeDraft(key, { ...saved, color: 'red', frame_number: 'XYZ99999A', is_electric: true }, saved);
    const draft = readBikeDraft(key);
    expect(draftChanges(draft, saved)).toEqual({
      color: 'red',
      frame_number: 'XYZ99999A',
      is_electric: true,
    });
    expect(draftChanges(draft, saved, ['frame_number'])).toEqual({ color: 'red', is_electric: true });
    // Already saved elsewhere in the meantime: nothing left to restore.
    expect(
      draftChanges(draft, { ...saved, color: 'red', frame_number: 'XYZ99999A', is_electric: true }),
    ).toEqual({});
  });

  it('ignore whatever else storage holds', () => {
    expect(sanitiseDraft(null)).toEqual({});
    expect(sanitiseDraft('text')).toEqual({});
    expect(
      sanitiseDraft({
        color: 'red',
        price: 12,
        is_electric: 'yes',
        visibility: 'everyone',
        evil: 'x',
        model: 'Y',
      }),
    ).toEqual({ color: 'red', model: 'Y' });
    window.localStorage.setItem(key, '{not json');
    expect(readBikeDraft(key)).toEqual({});
  });
});
