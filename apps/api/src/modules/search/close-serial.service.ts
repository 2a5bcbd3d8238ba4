import type { BikeStatus } from '@nbr/domain/bikes';
import {
  CLOSE_SERIAL_MAX_DISTANCE,
  type CloseSerialMatch,
  closeSerialMatch,
  closeSerialProbes,
  compareCloseSerialMatches,
  STAFF_CLOSE_SERIAL_LIMIT,
  type StaffCloseSerialHit,
  type StaffCloseSerialQuery,
  type StaffCloseSerialResponse,
} from '@nbr/domain/close-serial';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import type { Executor } from '../../db/client.ts';
import { ValidationError } from '../../platform/errors.ts';
import * as repository from './close-serial.repository.ts';

/*
 * Close-serial search (issue 32 §3) for the police's organisation search and our staff; the public
 * search never calls this. Who may ask is decided by the callers' services.
 */

export interface RankedCloseSerial extends CloseSerialMatch {
  bikeId: string;
  key: string;
}

/** The typed frame number's key, or 422 when no frame number can have that shape (at least 5 characters, A–Z, Æ, Ø, Å, 0–9). */
export function closeSerialKeyOf(typed: string, field: string[]): string {
  const problem = identifierShapeProblem(typed);
  if (problem) throw new ValidationError([{ loc: field, type: problem }]);
  return identifierKeys(typed).key;
}

/** Bikes whose frame number is within distance 2 of the typed key, closest and same-prefix first. */
export async function rankCloseSerials(executor: Executor, typedKey: string): Promise<RankedCloseSerial[]> {
  const candidates = await repository.findCloseSerialCandidates(
    executor,
    typedKey,
    closeSerialProbes(typedKey),
    CLOSE_SERIAL_MAX_DISTANCE,
  );
  const ranked: RankedCloseSerial[] = [];
  for (const candidate of candidates) {
    const match = closeSerialMatch(typedKey, candidate.frameNumberKey);
    if (match) ranked.push({ bikeId: candidate.bikeId, key: candidate.frameNumberKey, ...match });
  }
  return ranked.sort(compareCloseSerialMatches);
}

/** GET /api/backoffice/close-serial-search: our staff's close-serial search (the route checks staff). */
export async function searchCloseSerialsForStaff(
  executor: Executor,
  query: StaffCloseSerialQuery,
): Promise<StaffCloseSerialResponse> {
  const ranked = await rankCloseSerials(executor, closeSerialKeyOf(query.q, ['query', 'q']));
  const shown = ranked.slice(0, STAFF_CLOSE_SERIAL_LIMIT);
  if (shown.length === 0) return { results: [], truncated: false };
  const rows = new Map(
    (
      await repository.findBikesByIds(
        executor,
        shown.map((match) => match.bikeId),
      )
    ).map((row) => [row.bikeId, row]),
  );
  const results: StaffCloseSerialHit[] = [];
  for (const match of shown) {
    const row = rows.get(match.bikeId);
    if (!row) continue;
    results.push({
      bike_id: row.bikeId,
      frame_number: row.frameNumber,
      brand: row.brand,
      model: row.model,
      status: row.status as BikeStatus,
      registered_at: row.createdAt.toISOString(),
      distance: match.distance,
      shared_prefix: match.sharedPrefix,
    });
  }
  return { results, truncated: ranked.length > STAFF_CLOSE_SERIAL_LIMIT };
}
