import { identifierShapeProblem } from '@nbr/domain/identifiers';
import { SEARCH_QUERY_MAX_LENGTH, type SearchHit } from '@nbr/domain/search';

/*
 * The search lives in the address (/search?q=…), so a search can be shared and Back shows the
 * previous one. These pure rules read and write that address and order what the API answered.
 */

export const SEARCH_PARAM = 'q';

/** The query of the address: trimmed, cut to what the API accepts, '' when there is none. */
export function readSearchQuery(params: URLSearchParams): string {
  return (params.get(SEARCH_PARAM) ?? '').trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
}

/**
 * What the register is asked for the address's query: the query itself, or '' (no search) when there
 * is none or when no frame number or plate can be it (identifierShapeProblem: the page says why
 * instead). The page and its loader both ask this, so the server paints the very search the page reads.
 */
export function registerSearchOf(params: URLSearchParams): string {
  const query = readSearchQuery(params);
  return query && !identifierShapeProblem(query) ? query : '';
}

/** The search parameters for a typed query: none for an empty one (the page then asks for input). */
export function searchParamsFor(typed: string): Record<string, string> {
  const query = typed.trim().slice(0, SEARCH_QUERY_MAX_LENGTH);
  return query ? { [SEARCH_PARAM]: query } : {};
}

/**
 * The hits in the order to show them: exact matches first (the API already answers them first; a
 * second sort here keeps the promise even if it did not), otherwise the API's order.
 */
export function orderHits(hits: readonly SearchHit[]): SearchHit[] {
  return hits
    .map((hit, index) => ({ hit, index }))
    .sort((a, b) => rank(a.hit) - rank(b.hit) || a.index - b.index)
    .map(({ hit }) => hit);
}

function rank(hit: SearchHit): number {
  return hit.match === 'exact' ? 0 : 1;
}
