import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { ErrorResponseSchema, ValidationErrorResponseSchema } from '@nbr/domain/errors';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { SWAGGER_UI_CSP } from './security.ts';

export const DOCS_PREFIX = '/api/docs';

/**
 * The check routes' credential (issue 32 §1): an organisation's API key as a bearer, never a
 * person's session. Routes declare it as their `security`.
 */
export const CHECK_KEY_SECURITY: Record<string, string[]>[] = [{ checkKey: [] }];

const zodTransform = createJsonSchemaTransform({
  skipList: [
    DOCS_PREFIX,
    `${DOCS_PREFIX}/`,
    `${DOCS_PREFIX}/json`,
    `${DOCS_PREFIX}/yaml`,
    `${DOCS_PREFIX}/static/*`,
    `${DOCS_PREFIX}/uiConfig`,
    `${DOCS_PREFIX}/initOAuth`,
  ],
});

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

function withCommonErrors(result: ReturnType<typeof zodTransform>): ReturnType<typeof zodTransform> {
  const schema = result.schema as { hide?: boolean; response?: Record<string, unknown> } | undefined;
  if (!schema || schema.hide) return result;
  return { ...result, schema: { ...schema, response: { ...COMMON_ERRORS, ...schema.response } } };
}

/** OpenAPI 3.1 generated from the routes' zod schemas, with Swagger UI at /api/docs. */
export const openApiPlugin = fp(
  async (app: FastifyInstance, options: { version: string; publicUrl: string }) => {
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
        components: {
          securitySchemes: {
            bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
            checkKey: {
              type: 'http',
              scheme: 'bearer',
              bearerFormat: 'nbr_ck_…',
              description:
                "An organisation's API key for checks, created by its admins (`nbr_ck_` and 43 characters); a person's session token is refused (403 `api_key_required`)",
            },
          },
        },
      },
      transform: (document) => withCommonErrors(zodTransform(document)),
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
