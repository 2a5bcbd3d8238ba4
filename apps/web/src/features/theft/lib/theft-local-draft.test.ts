import { afterEach, describe, expect, it } from 'vitest';
import { wipeAppStorage } from '../../../lib/storage.ts';
import { EMPTY_DRAFT } from '../../../test/theft-draft.ts';
import { draftToFormValues } from './theft-form.ts';
import {
  mergeLocalDraft,
  readLocalTheftDraft,
  sanitiseLocalDraft,
  theftDraftKey,
  writeLocalTheftDraft,
} from './theft-local-draft.ts';

const server = draftToFormValues({ ...EMPTY_DRAFT, first_name: 'Freja', city: 'Aarhus' });
const key = theftDraftKey('party-1', EMPTY_DRAFT.bike_id);

afterEach(() => window.localStorage.clear());

describe('the local copy of a theft draft', () => {
  it('keeps only what differs from the server, and is wiped on sign-out', () => {
    writeLocalTheftDraft(key, { ...server, last_name: 'Holm' }, server);
    const stored = readLocalTheftDraft(key);
    expect(stored?.values).toEqual({ last_name: 'Holm' });
    writeLocalTheftDraft(key, server, server);
    expect(window.localStorage.getItem(key)).toBeNull();
    writeLocalTheftDraft(key, { ...server, last_name: 'Holm' }, server);
    wipeAppStorage();
    expect(readLocalTheftDraft(key)).toBeNull();
  });

  it('restores a newer local copy over the server draft, but not an older one', () => {
    const local = {
      values: { last_name: 'Holm', location: { latitude: 55.7, longitude: 12.55 } },
      updated_at: '2026-05-02T10:00:00.000Z',
    };
    const newer = mergeLocalDraft(server, '2026-05-02T09:00:00.000Z', local);
    expect(newer.restored).toBe(true);
    expect(newer.values.last_name).toBe('Holm');
    expect(newer.values.first_name).toBe('Freja');
    expect(newer.values.location).toEqual({ latitude: 55.7, longitude: 12.55 });
    const older = mergeLocalDraft(server, '2026-05-02T11:00:00.000Z', local);
    expect(older).toEqual({ values: server, restored: false });
    // Never saved on the server: the local copy always wins.
    expect(mergeLocalDraft(server, null, local).restored).toBe(true);
    // A copy that changes nothing is no news.
    expect(
      mergeLocalDraft(server, null, { values: { first_name: 'Freja' }, updated_at: local.updated_at })
        .restored,
    ).toBe(false);
  });

  it('ignores what storage holds that is not a draft of the right shape', () => {
    expect(sanitiseLocalDraft('text')).toBeNull();
    expect(sanitiseLocalDraft({ values: {}, updated_at: 'yesterday' })).toBeNull();
    expect(
      sanitiseLocalDraft({
        updated_at: '2026-05-02T10:00:00.000Z',
        values: {
          first_name: 'Freja',
          is_insured: 'maybe',
          acknowledgement_payout: 'yes',
          location: { latitude: 200, longitude: 0 },
          cpr_number: '0101901234',
          unknown: 'x',
          has_witness: 'no',
        },
      }),
    ).toEqual({ updated_at: '2026-05-02T10:00:00.000Z', values: { first_name: 'Freja', has_witness: 'no' } });
  });
});
