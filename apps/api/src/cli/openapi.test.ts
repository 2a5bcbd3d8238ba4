import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { operationIdOf } from '../platform/http/openapi.ts';
import { createTestApp, type TestApp } from '../test/helper.ts';
import { operationProblems } from './openapi.ts';

describe('operationProblems', () => {
  it('finds nothing in a document whose every operation has an operationId of its own and security', () => {
    expect(
      operationProblems({
        paths: {
          '/api/bikes': {
            get: { operationId: 'getBikes', security: [{ bearer: [] }] },
            post: { operationId: 'postBikes', security: [{ bearer: [] }] },
          },
          '/api/search': { get: { operationId: 'getSearch', security: [] } },
        },
      }),
    ).toEqual([]);
  });

  it('names an operation without an operationId', () => {
    expect(operationProblems({ paths: { '/api/bikes': { get: { security: [] } } } })).toEqual([
      'GET /api/bikes has no operationId',
    ]);
  });

  it('names an operation without security, unless the document declares it for all', () => {
    const paths = { '/api/bikes': { delete: { operationId: 'deleteBikes' } } };
    expect(operationProblems({ paths })).toEqual([
      'DELETE /api/bikes declares no security (use [] or [{}] for an operation anyone may call)',
    ]);
    expect(operationProblems({ paths, security: [{ bearer: [] }] })).toEqual([]);
  });

  it('names both operations of an operationId used twice', () => {
    expect(
      operationProblems({
        paths: {
          '/api/theft-report': { get: { operationId: 'getTheftReport', security: [] } },
          '/api/theft/report': { get: { operationId: 'getTheftReport', security: [] } },
        },
      }),
    ).toEqual(['GET /api/theft/report has the operationId getTheftReport of GET /api/theft-report']);
  });
});

describe('the document the app serves', () => {
  let t: TestApp;
  let document: { paths: Record<string, Record<string, { operationId: string; security: unknown }>> };

  beforeAll(async () => {
    t = await createTestApp();
    document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });

  afterAll(async () => {
    await t?.close();
  });

  it('gives every operation an operationId of its own and security', () => {
    expect(Object.keys(document.paths).length).toBeGreaterThan(100);
    expect(operationProblems(document)).toEqual([]);
  });

  it("names each operation after its route and asks for the credentials of the route's access level", () => {
    const declarations = new Map(
      t.app.accessDeclarations.map((declaration) => [
        operationIdOf(declaration.method, declaration.url),
        declaration,
      ]),
    );
    const mismatches: string[] = [];
    for (const [url, pathItem] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(pathItem)) {
        const declaration = declarations.get(operation.operationId);
        if (!declaration) {
          mismatches.push(
            `${method.toUpperCase()} ${url}: no route has the operationId ${operation.operationId}`,
          );
          continue;
        }
        // Visitors may call a public operation, and a token is read when one comes; a check needs an
        // organisation's key; the others a session.
        const expected =
          declaration.access === 'public'
            ? [{}, { bearer: [] }]
            : declaration.access === 'api_key_check'
              ? [{ checkKey: [] }]
              : [{ bearer: [] }];
        if (JSON.stringify(operation.security) !== JSON.stringify(expected))
          mismatches.push(
            `${method.toUpperCase()} ${url} (${declaration.access}): ${JSON.stringify(operation.security)}`,
          );
      }
    }
    expect(mismatches).toEqual([]);
  });
});
