import type { BikeStatus, BikeVisibility } from '@nbr/domain/bikes';
import { identifierKeys, identifierShapeProblem } from '@nbr/domain/identifiers';
import { SEARCH_RESULT_LIMIT, type SearchResponse } from '@nbr/domain/search';
import type { Database } from '../../db/client.ts';
import type { FileUrlSigner } from '../../platform/storage/signed-urls.ts';
import { listFilesOfBikes, publicLevel } from '../bikes/bikes.facade.ts';
import { reportedLooksOfStolenBikes } from '../theft/theft.facade.ts';
import { presentHit } from './search.presenter.ts';
import * as repository from './search.repository.ts';

export interface SearchDeps {
  db: Database;
  fileUrls: FileUrlSigner;
}

/*
 * GET /api/search?q=… — the public search of the register by frame number or plate ID
 * (ARCHITECTURE §5): the typed text is normalised; bikes whose frame number or plate has that key
 * come first, then those equal once look-alike characters are folded (O→0, I/L→1, S→5, Z→2, B→8).
 * A bike appears once, under its best match.
 */
export async function search(deps: SearchDeps, query: string): Promise<SearchResponse> {
  // Not shaped like an identifier (too short or long, characters no frame or sticker shows, a NUL
  // byte PostgreSQL refuses): no result (the page says so), not an error. Every identifier stored
  // since issue 27 passed the same check; an older one holding a letter now refused (an accent, which
  // no source shows in a frame number) can no longer be searched for as typed.
  if (identifierShapeProblem(query)) return { query, results: [] };
  const { key, lookAlike } = identifierKeys(query);

  const rows = await repository.findCandidates(deps.db, key, lookAlike, SEARCH_RESULT_LIMIT);
  rows.sort(
    (a, b) =>
      a.rank - b.rank ||
      a.identifier.localeCompare(b.identifier) ||
      a.matchedValue.localeCompare(b.matchedValue),
  );
  const seen = new Set<string>();
  const hits: Array<{ row: repository.SearchRow; level: 'full' | 'limited' }> = [];
  for (const row of rows) {
    if (seen.has(row.bikeId) || hits.length >= SEARCH_RESULT_LIMIT) continue;
    const level = publicLevel({
      visibility: row.visibility as BikeVisibility,
      status: row.status as BikeStatus,
    });
    if (level === 'none') continue;
    seen.add(row.bikeId);
    hits.push({ row, level });
  }

  // Pictures only for bikes shown fully that have one; one query for all, none when there are none.
  const shownFully = hits
    .filter((hit) => hit.level === 'full' && hit.row.hasPublicPicture)
    .map((hit) => hit.row.bikeId);
  const files =
    shownFully.length > 0 ? await listFilesOfBikes(deps.db, deps.fileUrls, shownFully, 'public') : new Map();
  // A stolen bike looks as its theft report says (issue 27): one query for the stolen hits, if any.
  const stolen = hits.filter((hit) => hit.row.status === 'stolen').map((hit) => hit.row.bikeId);
  const looks = stolen.length > 0 ? await reportedLooksOfStolenBikes(deps.db, stolen) : new Map();
  return {
    query,
    results: hits.map(({ row, level }) => {
      const reported = looks.get(row.bikeId);
      const shown = reported
        ? { ...row, color: reported.color ?? row.color, category: reported.category ?? row.category }
        : row;
      return presentHit(shown, level, files.get(row.bikeId)?.publicPicture ?? null);
    }),
  };
}
