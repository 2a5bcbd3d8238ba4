import { describe, expect, it } from 'vitest';
import {
  canUseCloseSerialSearch,
  closeSerialMatch,
  closeSerialProbes,
  closeSerialSegments,
  closeSerialTokens,
  compareCloseSerialMatches,
  editDistance,
  sharedPrefixLength,
} from './close-serial.ts';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789ÆØÅ';

function seeded(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** One random edit: a substitution, an insertion or a deletion. */
function edit(key: string, next: () => number): string {
  const at = Math.floor(next() * (key.length + 1));
  const character = ALPHABET[Math.floor(next() * ALPHABET.length)] ?? 'A';
  const kind = Math.floor(next() * 3);
  if (kind === 0 && at < key.length) return key.slice(0, at) + character + key.slice(at + 1);
  if (kind === 1 || key.length <= 4) return key.slice(0, at) + character + key.slice(at);
  return key.slice(0, Math.min(at, key.length - 1)) + key.slice(Math.min(at, key.length - 1) + 1);
}

describe('close-serial search', () => {
  it('cuts a key into four segments, the longer ones at the end', () => {
    expect(closeSerialSegments(11)).toEqual([
      { start: 0, size: 2 },
      { start: 2, size: 3 },
      { start: 5, size: 3 },
      { start: 8, size: 3 },
    ]);
    expect(closeSerialSegments(8).map((s) => s.size)).toEqual([2, 2, 2, 2]);
  });

  it('stores five segment pairs and the first pair with halves of the last two; none for a key shorter than four', () => {
    expect(closeSerialTokens('WBK0012345Y')).toEqual([
      '11:02:WB:123',
      '11:03:WB:45Y',
      '11:12:K00:123',
      '11:13:K00:45Y',
      '11:23:123:45Y',
      '11:01aa:WB:K00:1:4',
      '11:01ab:WB:K00:1:5Y',
      '11:01ba:WB:K00:23:4',
      '11:01bb:WB:K00:23:5Y',
    ]);
    expect(closeSerialTokens('ABC')).toEqual([]);
  });

  it('finds every key within distance 2 through a shared pair (random edits)', () => {
    const next = seeded(32);
    for (let round = 0; round < 5000; round += 1) {
      const length = 5 + Math.floor(next() * 13);
      const stored = Array.from({ length }, () => ALPHABET[Math.floor(next() * ALPHABET.length)]).join('');
      let typed = stored;
      const edits = 1 + Math.floor(next() * 2);
      for (let e = 0; e < edits; e += 1) typed = edit(typed, next);
      if (editDistance(stored, typed) > 2) continue;
      const probes = new Set(closeSerialProbes(typed));
      expect(
        closeSerialTokens(stored).some((t) => probes.has(t)),
        `${typed} → ${stored}`,
      ).toBe(true);
    }
  });

  it('measures the edit distance and the shared prefix', () => {
    expect(editDistance('WBK0012345Y', 'WBK0012345Y')).toBe(0);
    expect(editDistance('WBK0012345Y', 'WBK0012346Y')).toBe(1);
    expect(editDistance('WBK0012345Y', 'WBK012345Y')).toBe(1);
    expect(editDistance('WBK0012345Y', 'WBK00I2345YX')).toBe(2);
    expect(editDistance('ØSTER1', 'OSTER1')).toBe(1);
    expect(sharedPrefixLength('WBK0012345Y', 'WBK0099999Y')).toBe(5);
    expect(closeSerialMatch('WBK0012345Y', 'WBK0099945Y')).toBeNull();
    expect(closeSerialMatch('WBK0012345Y', 'WBK0012354Y')).toEqual({ distance: 2, sharedPrefix: 8 });
  });

  it('ranks by distance, then by the shared prefix', () => {
    const typed = 'WBK0012345Y';
    const ranked = ['XBK0012345Y', 'WBK0012345Y', 'WBK0012355Z', 'QBK0012346Y', 'WBK0012346Y']
      .map((key) => ({ key, ...(closeSerialMatch(typed, key) ?? { distance: 9, sharedPrefix: 0 }) }))
      .sort(compareCloseSerialMatches)
      .map((match) => match.key);
    expect(ranked).toEqual(['WBK0012345Y', 'WBK0012346Y', 'XBK0012345Y', 'WBK0012355Z', 'QBK0012346Y']);
  });

  it('is for the police alone among organisations', () => {
    expect(canUseCloseSerialSearch('police')).toBe(true);
    expect(canUseCloseSerialSearch('municipality')).toBe(false);
    expect(canUseCloseSerialSearch('insurance')).toBe(false);
  });
});
