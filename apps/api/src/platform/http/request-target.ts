/**
 * One spelling per request target, decided before routing (Fastify's `rewriteUrl`), so that every
 * hook that reads `request.url` (rate limits, security headers, caching, the web app's fallback,
 * logging) sees the path the router matched, not one of its many spellings:
 * - the absolute form `http://host/api/…` (RFC 9112 §3.2.2) becomes the origin form `/api/…`;
 * - repeated slashes become one (`//api//search` → `/api/search`), as the router already matches;
 * - percent-encoded unreserved characters are decoded (`/%61pi` → `/api`): RFC 3986 §6.2.2.2 says
 *   they are the same URI, and the router decodes them too.
 * The query string is left as it is: its parser decodes it on its own.
 */
export function canonicalRequestTarget(url: string): string {
  let target = url;
  const absolute = /^[a-z][a-z0-9+.-]*:\/\/[^/?#]*/i.exec(target);
  if (absolute) {
    target = target.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  if (!target.startsWith('/')) return target; // `*` of OPTIONS, or nonsense the router refuses
  const queryAt = target.indexOf('?');
  const path = queryAt === -1 ? target : target.slice(0, queryAt);
  const query = queryAt === -1 ? '' : target.slice(queryAt);
  const canonicalPath = path
    .replace(/%([0-9a-f]{2})/gi, (encoded, hex: string) => {
      const character = String.fromCharCode(Number.parseInt(hex, 16));
      return /[A-Za-z0-9\-._~]/.test(character) ? character : encoded;
    })
    .replace(/\/{2,}/g, '/');
  return canonicalPath + query;
}

/**
 * Paths the API and the stand-ins own (any case, so `/API/…` is not taken for a web page): an
 * unknown one is a JSON 404, and their answers are not cached unless a route says so. `url` is a
 * canonical target or a route's pattern.
 */
export function isServerPath(url: string): boolean {
  return /^\/(api|dev)(\/|\?|$)/i.test(url);
}
