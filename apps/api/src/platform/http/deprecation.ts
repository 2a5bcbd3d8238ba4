import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * An operation on its way out (docs/api-versioning.md), declared once on its route as
 * `config: { deprecation: { since, sunset, successor } }`. Every answer of the route then says so in
 * its headers, whoever reads them: `Deprecation` (RFC 9745), `Sunset` (RFC 8594) and a `Link` to
 * the successor; the OpenAPI document marks the operation `deprecated` (openapi.ts).
 */
export interface Deprecation {
  /** The day the deprecation was announced, `YYYY-MM-DD` (UTC). */
  since: string;
  /** The last day the operation answers, `YYYY-MM-DD` (UTC): at least `MIN_NOTICE_DAYS` after `since`. */
  sunset: string;
  /** The path of the operation that replaces it (`/api/v2/checks`), when there is one. */
  successor?: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    deprecation?: Deprecation;
  }
}

/** The policy's notice: a deprecated operation answers for at least 12 months. */
export const MIN_NOTICE_DAYS = 365;

const DAY_MS = 24 * 60 * 60 * 1000;

function day(text: string, what: string): Date {
  const date = new Date(`${text}T00:00:00Z`);
  // A day that does not exist (2028-02-30) must not roll over into the next month.
  if (Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== text) {
    throw new Error(`${what} must be a date, YYYY-MM-DD (got ${JSON.stringify(text)})`);
  }
  return date;
}

/** The headers every answer of a deprecated route carries; throws on a deprecation the policy refuses. */
export function deprecationHeaders(deprecation: Deprecation): Record<string, string> {
  const since = day(deprecation.since, 'deprecation.since');
  // The last day answers until its end: the sunset is the moment after it.
  const sunset = new Date(day(deprecation.sunset, 'deprecation.sunset').getTime() + DAY_MS);
  if (sunset.getTime() - since.getTime() < MIN_NOTICE_DAYS * DAY_MS) {
    throw new Error(
      `deprecation.sunset ${deprecation.sunset} is less than ${MIN_NOTICE_DAYS} days after ${deprecation.since} (docs/api-versioning.md)`,
    );
  }
  return {
    deprecation: `@${since.getTime() / 1000}`,
    sunset: sunset.toUTCString(),
    ...(deprecation.successor ? { link: `<${deprecation.successor}>; rel="successor-version"` } : {}),
  };
}

export const deprecationPlugin = fp(
  async (app: FastifyInstance) => {
    // Checked when the route is registered, so a deprecation the policy refuses never starts.
    app.addHook('onRoute', (route) => {
      const deprecation = route.config?.deprecation;
      if (!deprecation) return;
      try {
        deprecationHeaders(deprecation);
      } catch (error) {
        throw new Error(`${[route.method].flat().join(',')} ${route.url}: ${(error as Error).message}`);
      }
    });
    app.addHook('onSend', async (request, reply, payload) => {
      const deprecation = request.routeOptions.config.deprecation;
      if (deprecation) reply.headers(deprecationHeaders(deprecation));
      return payload;
    });
  },
  { name: 'deprecation' },
);
