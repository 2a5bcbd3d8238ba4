import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../app.ts';
import { loadConfig } from '../config.ts';
import { connectDatabase } from '../db/client.ts';
import { generateSigningKeys } from '../platform/auth/keys.ts';

/*
 * Writes the OpenAPI document of the API (what /api/docs/json serves, built from the real app) to a
 * file, and checks what clients generated from it rely on: every operation has an operationId of
 * its own and a security requirement.
 *
 *   npm run openapi -- [file]        (standard output without a file)
 *
 * Needs no database server and no configuration: the app is built with the tests' configuration on
 * an empty in-memory PGlite, which nothing queries (building the app hands the database to its
 * modules; Fastify inspects what it is given, so a stand-in that refuses every use cannot take its
 * place). `npm run test:openapi` (scripts/lint-openapi.mjs) runs this and lints the document with
 * Redocly (redocly.yaml). PUBLIC_URL, when set, is the document's server.
 */

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

interface OpenApiOperation {
  operationId?: string;
  security?: unknown[];
}

export interface OpenApiDocument {
  security?: unknown[];
  paths?: Record<string, Partial<Record<(typeof METHODS)[number], OpenApiOperation>>>;
}

/**
 * What a client generator would trip over, one line per operation: no operationId, an operationId
 * another operation has too, no security requirement (neither its own nor the document's).
 */
export function operationProblems(document: OpenApiDocument): string[] {
  const problems: string[] = [];
  const seen = new Map<string, string>();
  for (const [url, pathItem] of Object.entries(document.paths ?? {})) {
    for (const method of METHODS) {
      const operation = pathItem[method];
      if (!operation) continue;
      const name = `${method.toUpperCase()} ${url}`;
      const { operationId } = operation;
      if (!operationId) {
        problems.push(`${name} has no operationId`);
      } else {
        const other = seen.get(operationId);
        if (other) problems.push(`${name} has the operationId ${operationId} of ${other}`);
        else seen.set(operationId, name);
      }
      if (!operation.security && !document.security) {
        problems.push(`${name} declares no security (use [] or [{}] for an operation anyone may call)`);
      }
    }
  }
  return problems;
}

/** The document the app serves at /api/docs/json, from an app built on an empty in-memory database. */
export async function buildOpenApiDocument(): Promise<OpenApiDocument> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-openapi-'));
  const webDist = path.join(dataDir, 'no-web-build');
  await mkdir(webDist);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATA_DIR: dataDir,
    WEB_DIST_DIR: webDist,
    PUBLIC_URL: process.env.PUBLIC_URL ?? 'http://localhost:3000',
    LOG_LEVEL: 'silent',
  });
  const database = await connectDatabase({ kind: 'pglite', dataDir: 'memory://' });
  try {
    const app = await buildApp({ config, database, signingKeys: await generateSigningKeys() });
    try {
      await app.ready();
      return app.swagger() as OpenApiDocument;
    } finally {
      await app.close();
    }
  } finally {
    await database.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}

async function main(): Promise<void> {
  const target = process.argv[2];
  const document = await buildOpenApiDocument();
  const text = `${JSON.stringify(document, null, 2)}\n`;
  if (target) {
    await mkdir(path.dirname(path.resolve(target)), { recursive: true });
    await writeFile(target, text);
  } else {
    process.stdout.write(text);
  }
  const problems = operationProblems(document);
  for (const problem of problems) console.error(problem);
  process.exit(problems.length === 0 ? 0 : 1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await main();
}
