import { z } from 'zod';
import { BikeStatusSchema } from './bikes.ts';
import type { OrganisationType } from './organisations.ts';
import { SEARCH_QUERY_MAX_LENGTH } from './search.ts';

/*
 * Close-serial search (issue 32 §3): frame numbers are misread and scratched, so the police and our
 * staff may ask for every frame number within edit distance 2 of what they typed. The public search
 * never does (it stays exact and look-alike).
 *
 * Candidates come from segment pairs: a key is cut into four segments (the longer ones at the end,
 * where the serial is); two edits touch at most two segments, so at least two stay intact in the
 * typed key, each shifted by the net number of insertions before it. The register stores a key's
 * pairs (the first pair refined, see tokenSpecs) as tokens (`closeSerialTokens`, and the same in SQL:
 * migration 0048's close_serial_tokens); the search asks for every token the typed key can hold
 * (`closeSerialProbes`). Every key within distance 2 shares a token, so no close serial is missed;
 * the candidates are then checked exactly.
 */

export const CLOSE_SERIAL_MAX_DISTANCE = 2;
const SEGMENTS = 4;

/** Whether an organisation of this type may search by close serials: the police alone. */
export function canUseCloseSerialSearch(type: OrganisationType | string): boolean {
  return type === 'police';
}

/** Start and size of each of the four segments of a key of this length. */
export function closeSerialSegments(length: number): Array<{ start: number; size: number }> {
  const base = Math.floor(length / SEGMENTS);
  const extra = length % SEGMENTS;
  return Array.from({ length: SEGMENTS }, (_, i) => ({
    start: i * base + Math.max(0, i - (SEGMENTS - extra)),
    size: base + (i >= SEGMENTS - extra ? 1 : 0),
  }));
}

interface Piece {
  start: number;
  size: number;
}

/** A stored token: the pieces of a key that must all be intact, named by `id`. */
interface TokenSpec {
  id: string;
  pieces: Piece[];
}

function halves(segment: Piece): [Piece, Piece] {
  const half = Math.floor(segment.size / 2);
  return [
    { start: segment.start, size: half },
    { start: segment.start + half, size: segment.size - half },
  ];
}

/**
 * The tokens of a key of this length. Every pair of segments but the first two: two intact segments
 * other than those are found by their pair. The first two segments alone (often a maker's prefix that
 * thousands of frame numbers share) would find far too many, so that pair is refined: when only
 * segments 0 and 1 are intact, segments 2 and 3 hold one edit each, so one half of each is intact;
 * the four tokens "0, 1, a half of 2, a half of 3" find it.
 */
function tokenSpecs(length: number): TokenSpec[] {
  const segments = closeSerialSegments(length);
  const [s0, s1, s2, s3] = segments as [Piece, Piece, Piece, Piece];
  const specs: TokenSpec[] = [];
  for (let i = 0; i < SEGMENTS; i += 1) {
    for (let j = i + 1; j < SEGMENTS; j += 1) {
      if (i === 0 && j === 1) continue;
      specs.push({ id: `${i}${j}`, pieces: [segments[i] as Piece, segments[j] as Piece] });
    }
  }
  const names = ['a', 'b'];
  halves(s2).forEach((half2, h2) => {
    halves(s3).forEach((half3, h3) => {
      specs.push({ id: `01${names[h2]}${names[h3]}`, pieces: [s0, s1, half2, half3] });
    });
  });
  return specs;
}

function token(length: number, id: string, pieces: string[]): string {
  return `${length}:${id}:${pieces.join(':')}`;
}

/** The nine tokens stored for a frame number key (none for keys shorter than four). */
export function closeSerialTokens(key: string): string[] {
  const characters = [...key];
  if (characters.length < SEGMENTS) return [];
  const text = (piece: Piece) => characters.slice(piece.start, piece.start + piece.size).join('');
  return tokenSpecs(characters.length).map((spec) =>
    token(characters.length, spec.id, spec.pieces.map(text)),
  );
}

const shiftRunsMade = new Map<string, number[][]>();

/** Every run of shifts (one per piece) that at most `k` edits allow, ending `delta` longer. */
function shiftRuns(pieces: number, delta: number, k: number): number[][] {
  const made = shiftRunsMade.get(`${pieces}:${delta}:${k}`);
  if (made) return made;
  const runs: number[][] = [];
  const extend = (run: number[], spent: number) => {
    if (run.length === pieces) {
      if (spent + Math.abs(delta - (run.at(-1) ?? 0)) <= k) runs.push(run);
      return;
    }
    const previous = run.at(-1) ?? 0;
    for (let shift = -k; shift <= k; shift += 1) {
      const cost = spent + Math.abs(shift - previous);
      if (cost <= k) extend([...run, shift], cost);
    }
  };
  extend([], 0);
  shiftRunsMade.set(`${pieces}:${delta}:${k}`, runs);
  return runs;
}

/**
 * Every token a stored key within distance 2 of the typed key can have: for each stored length,
 * each token and each run of shifts that two edits allow (the edits needed to shift each piece from
 * the one before, then reach the typed length, at most 2 in all).
 */
export function closeSerialProbes(typedKey: string): string[] {
  const characters = [...typedKey];
  const typedLength = characters.length;
  const k = CLOSE_SERIAL_MAX_DISTANCE;
  const probes = new Set<string>();
  for (let length = Math.max(SEGMENTS, typedLength - k); length <= typedLength + k; length += 1) {
    const specs = tokenSpecs(length);
    const at = (piece: Piece, shift: number) => {
      const start = piece.start + shift;
      return start < 0 || start + piece.size > typedLength
        ? null
        : characters.slice(start, start + piece.size).join('');
    };
    for (const spec of specs) {
      for (const run of shiftRuns(spec.pieces.length, typedLength - length, k)) {
        const texts = spec.pieces.map((piece, index) => at(piece, run[index] ?? 0));
        if (texts.every((text) => text !== null)) probes.add(token(length, spec.id, texts as string[]));
      }
    }
  }
  return [...probes];
}

/** The Levenshtein distance (insertions, deletions, substitutions) between two keys. */
export function editDistance(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let previous = Array.from({ length: right.length + 1 }, (_, j) => j);
  for (let i = 1; i <= left.length; i += 1) {
    const current = [i];
    for (let j = 1; j <= right.length; j += 1) {
      current[j] = Math.min(
        previous[j]! + 1,
        current[j - 1]! + 1,
        previous[j - 1]! + (left[i - 1] === right[j - 1] ? 0 : 1),
      );
    }
    previous = current;
  }
  return previous[right.length]!;
}

/** How many leading characters two keys share (the brand's or maker's prefix of a frame number). */
export function sharedPrefixLength(a: string, b: string): number {
  const left = [...a];
  const right = [...b];
  let length = 0;
  while (length < left.length && length < right.length && left[length] === right[length]) length += 1;
  return length;
}

export interface CloseSerialMatch {
  distance: number;
  sharedPrefix: number;
}

/** How a stored key matches a typed key: its distance and shared prefix; null beyond distance 2. */
export function closeSerialMatch(typedKey: string, storedKey: string): CloseSerialMatch | null {
  const distance = editDistance(typedKey, storedKey);
  if (distance > CLOSE_SERIAL_MAX_DISTANCE) return null;
  return { distance, sharedPrefix: sharedPrefixLength(typedKey, storedKey) };
}

/**
 * Ranking: the closest first; at the same distance, the longer shared prefix first (a misread serial
 * keeps its brand's prefix, so a frame number of the same maker is the likelier bike); then by key.
 */
export function compareCloseSerialMatches(
  a: CloseSerialMatch & { key: string },
  b: CloseSerialMatch & { key: string },
): number {
  return a.distance - b.distance || b.sharedPrefix - a.sharedPrefix || a.key.localeCompare(b.key);
}

/** GET /api/backoffice/close-serial-search: our staff's close-serial search (issue 32 §3). */
export const StaffCloseSerialQuerySchema = z.object({
  q: z.string().trim().min(1, { error: 'required' }).max(SEARCH_QUERY_MAX_LENGTH, { error: 'too_long' }),
});
export type StaffCloseSerialQuery = z.output<typeof StaffCloseSerialQuerySchema>;

export const STAFF_CLOSE_SERIAL_LIMIT = 50;

export const StaffCloseSerialHitSchema = z.object({
  bike_id: z.uuid(),
  frame_number: z.string().nullable(),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  status: BikeStatusSchema,
  registered_at: z.string(),
  /** Edits between the typed frame number and this one (0–2), and the leading characters both share. */
  distance: z.number().int(),
  shared_prefix: z.number().int(),
});
export type StaffCloseSerialHit = z.infer<typeof StaffCloseSerialHitSchema>;

export const StaffCloseSerialResponseSchema = z.object({
  results: z.array(StaffCloseSerialHitSchema),
  /** More frame numbers were as close than STAFF_CLOSE_SERIAL_LIMIT: type more of it. */
  truncated: z.boolean(),
});
export type StaffCloseSerialResponse = z.infer<typeof StaffCloseSerialResponseSchema>;
