import type { Readable } from 'node:stream';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '@nbr/domain/errors';
import type { FastifyInstance, FastifySchema, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Access } from '../auth/access.ts';
import type { Deprecation } from './deprecation.ts';
import { SWAGGER_UI_CSP } from './security.ts';

export const DOCS_PREFIX = '/api/docs';

/** The docs' own routes (Swagger UI and the document): not operations of the API. */
const DOCS_ROUTES = [
  DOCS_PREFIX,
  `${DOCS_PREFIX}/`,
  `${DOCS_PREFIX}/json`,
  `${DOCS_PREFIX}/yaml`,
  `${DOCS_PREFIX}/static/*`,
  `${DOCS_PREFIX}/uiConfig`,
  `${DOCS_PREFIX}/initOAuth`,
];

const zodTransform = createJsonSchemaTransform({ skipList: DOCS_ROUTES });

type SecurityRequirement = Record<string, string[]>;

const SECURITY_SCHEMES = {
  bearer: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'JWT',
    description: 'The access token of a session (POST /api/identities/authentications)',
  },
  checkKey: {
    type: 'http',
    scheme: 'bearer',
    bearerFormat: 'nbr_ck_…',
    description:
      "An organisation's API key for checks, created by its admins (`nbr_ck_` and 43 characters); a person's session token is refused (403 `api_key_required`)",
  },
} as const;

const BEARER: SecurityRequirement[] = [{ bearer: [] }];

/**
 * What each access level (`config.access`, platform/auth/access.ts) asks of a caller, in OpenAPI's
 * terms: every documented operation's `security` comes from here, never from the route. A new level
 * does not compile until it is given its requirement here (and its scheme above when it is a new
 * kind of credential).
 */
const SECURITY_OF_ACCESS: Record<Access, SecurityRequirement[]> = {
  // Anyone; a bearer token is read when one comes, and the answer may depend on it.
  public: [{}, { bearer: [] }],
  signed_in: BEARER,
  signed_in_self: BEARER,
  verified: BEARER,
  staff: BEARER,
  staff_admin: BEARER,
  // Issue 32 §1: an organisation's API key with the check scope, never a person's session.
  api_key_check: [{ checkKey: [] }],
};

/**
 * Fastify's wildcard `*` (the rest of the path, slashes and all) as the document names it: OpenAPI
 * has no such parameter, and `*` is no name a client can use.
 */
const WILDCARD_PARAMETER = 'path';

function pascalWords(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word.charAt(0).toUpperCase() + word.slice(1))
    .join('');
}

/**
 * The operationId of a route, derived from its method and path so that generated clients get stable
 * names and no route has to choose one: the method in lower case, then each path segment after
 * `/api` in PascalCase, a parameter as `By<Name>`. `GET /api/bikes/:bike_id/theft-report/pdf` →
 * `getBikesByBikeIdTheftReportPdf`, `POST /api/v1/checks` → `postV1Checks`.
 */
export function operationIdOf(method: string, url: string): string {
  const path = url === '/api' || url.startsWith('/api/') ? url.slice('/api'.length) : url;
  const name = path
    .split('/')
    .map((segment) =>
      segment
        // A parameter may carry a pattern (`:id(^\\d+$)`); the name is what the client sees.
        .split(/(:[A-Za-z0-9_]+(?:\([^)]*\))?)/)
        .map((part) =>
          part === '*'
            ? `By${pascalWords(WILDCARD_PARAMETER)}`
            : part.startsWith(':')
              ? `By${pascalWords(part.slice(1).replace(/\(.*$/, ''))}`
              : pascalWords(part),
        )
        .join(''),
    )
    .join('');
  return `${method.toLowerCase()}${name === '' ? 'Root' : name}`;
}

function isDocumented(route: RouteOptions): boolean {
  const schema = route.schema as { hide?: boolean } | undefined;
  return route.method !== 'HEAD' && !schema?.hide && !DOCS_ROUTES.includes(route.url);
}

function methodsOf(route: RouteOptions): string[] {
  return [route.method].flat();
}

/** The answer of a route that answers 204: documented without a body. */
export const NO_CONTENT = z.undefined().describe('Done; no body');

/** The answer of a websocket route: the upgrade (101); OpenAPI cannot describe what the socket carries. */
export const SWITCHING_PROTOCOLS = z.undefined().describe('Switching Protocols: the websocket is open');

/**
 * The answer of a route that sends a file (a PDF, a spreadsheet, a picture), documented by its media
 * type. The route sends the bytes as they are; nothing is serialised.
 */
export function fileAnswer(mediaTypes: readonly string[], description: string) {
  // The bytes a route sends (a Buffer, a stream, a string), documented as a file.
  const schema = z.custom<Buffer | Readable | string>().meta({ type: 'string', format: 'binary' });
  return { description, content: Object.fromEntries(mediaTypes.map((mediaType) => [mediaType, { schema }])) };
}

function errorSchema(description: string, schema: z.ZodType) {
  const { $schema: _dialect, ...jsonSchema } = z.toJSONSchema(schema, { target: 'draft-2020-12' });
  return { description, ...jsonSchema };
}

/** Answers any route may give; documented for every route, never used to serialise. */
const COMMON_ERRORS = {
  422: errorSchema(
    "Validation failed: one entry per problem, texts in the caller's language",
    ValidationErrorResponseSchema,
  ),
  429: errorSchema('Rate limited (`rate_limited`); see Retry-After', ErrorResponseSchema),
  500: errorSchema('Unexpected failure (`internal_error`); no internals are disclosed', ErrorResponseSchema),
};

interface JsonObjectSchema {
  properties?: Record<string, unknown>;
  required?: string[];
}

/**
 * The path parameters of one path: those it names, each required (a path has no optional parts), the
 * wildcard's as `path`. Two spellings of a route may share one params schema (`/region-pages/:region`
 * and `/region-pages/:region/*`); each documents only its own.
 */
function pathParameters(params: JsonObjectSchema, url: string): JsonObjectSchema {
  if (!params.properties) return params;
  const named = new Set([...url.matchAll(/:([A-Za-z0-9_]+)/g)].map((match) => match[1]));
  const properties = Object.fromEntries(
    Object.entries(params.properties ?? {})
      .map(([name, property]) => [name === '*' ? WILDCARD_PARAMETER : name, property] as const)
      .filter(([name]) => named.has(name)),
  );
  return { ...params, properties, required: Object.keys(properties) };
}

/** What a deprecated operation's description says first: since when, until when, what replaces it. */
function deprecationNote(deprecation: Deprecation, description: string | undefined): string {
  const successor = deprecation.successor ? `; use ${deprecation.successor} instead` : '';
  const note = `Deprecated on ${deprecation.since}: answers until the end of ${deprecation.sunset}${successor} (see the Deprecation and Sunset headers).`;
  return description ? `${note}\n\n${description}` : note;
}

/**
 * A documented route's operation as the document shows it: the common errors beside its own answers,
 * its operationId from its method and path, its security from its access level, `deprecated` when
 * its route declares a deprecation (deprecation.ts).
 */
function describeOperation(
  result: ReturnType<typeof zodTransform>,
  route: RouteOptions,
): ReturnType<typeof zodTransform> {
  const schema = result.schema as
    | { hide?: boolean; description?: string; params?: JsonObjectSchema; response?: Record<string, unknown> }
    | undefined;
  if (schema?.hide) return result;
  const access = route.config?.access;
  if (!access)
    throw new Error(`${methodsOf(route).join(',')} ${route.url} is documented but declares no access level`);
  const [method] = methodsOf(route);
  const deprecation = route.config?.deprecation;
  const url = result.url.replace(/\*$/, `:${WILDCARD_PARAMETER}`);
  return {
    url,
    schema: {
      ...schema,
      ...(schema?.params ? { params: pathParameters(schema.params, url) } : {}),
      operationId: operationIdOf(method ?? 'GET', route.url),
      security: SECURITY_OF_ACCESS[access],
      ...(deprecation
        ? { deprecated: true, description: deprecationNote(deprecation, schema?.description) }
        : {}),
      response: { ...COMMON_ERRORS, ...schema?.response },
    } as FastifySchema,
  };
}

/**
 * Refuses, when a route is registered, what would make the document wrong: an operationId or a
 * security requirement of the route's own (both are derived, see above), several methods on one
 * route (they would share one operationId), and two routes whose operationIds are the same.
 */
function checkDocumentedRoute(route: RouteOptions, operations: Map<string, string>): void {
  if (!isDocumented(route)) return;
  const methods = methodsOf(route);
  const name = `${methods.join(',')} ${route.url}`;
  const schema = (route.schema ?? {}) as { operationId?: unknown; security?: unknown };
  if (schema.operationId !== undefined) {
    throw new Error(
      `${name} declares schema.operationId; operationIds are derived from the method and path (platform/http/openapi.ts, operationIdOf)`,
    );
  }
  if (schema.security !== undefined) {
    throw new Error(
      `${name} declares schema.security; security is derived from config.access (platform/http/openapi.ts, SECURITY_OF_ACCESS)`,
    );
  }
  if (methods.length > 1) {
    throw new Error(
      `${name}: declare one route per method, so that each operation has an operationId of its own`,
    );
  }
  const operationId = operationIdOf(methods[0] ?? 'GET', route.url);
  const other = operations.get(operationId);
  if (other !== undefined) {
    throw new Error(`${name} and ${other} both make the operationId ${operationId}: rename one of the paths`);
  }
  operations.set(operationId, name);
}

/** OpenAPI 3.1 generated from the routes' zod schemas, with Swagger UI at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
    const operations = new Map<string, string>();
    app.addHook('onRoute', (route) => checkDocumentedRoute(route, operations));
    await app.register(swagger, {
      openapi: {
        openapi: '3.1.0',
        info: {
          title: 'Nordic Bike Registry API',
          description:
            'The national bicycle register of Denmark and Norway. Errors answer `{"detail": "<text in the ' +
            'caller\'s language>", "code": "<stable code>"}`; 422 answers `{"detail": [{"loc", "msg", "type"}], ' +
            '"code": "validation_failed"}`. Language: `?lang=` > `Accept-Language` > the user\'s stored language > da.',
          version: options.version,
        },
        servers: [{ url: options.publicUrl }],
        components: { securitySchemes: SECURITY_SCHEMES },
      },
      transform: (document) => describeOperation(zodTransform(document), document.route),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      staticCSP: SWAGGER_UI_CSP,
      uiConfig: { docExpansion: 'list', deepLinking: true },
    });
  },
  { name: 'openapi' },
);
