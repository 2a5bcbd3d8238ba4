import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { testDatabaseKind } from './test/helper.ts';
import { freePort } from './test/own-services.ts';
import { startServer, waitUntilListening } from './test/server-process.ts';

/*
 * Tracing as deployed: the API started with telemetry.ts (as `npm start` and the container do)
 * exports its spans over OTLP (http/protobuf, the default) to a receiver in this test. Protobuf
 * carries ids as raw bytes and strings as UTF-8, so the export is searched without decoding it.
 */

/** What an OTLP/HTTP collector received: one entry per export request. */
interface Export {
  path: string;
  contentType: string | undefined;
  body: Buffer;
}

/**
 * A collector (POST /v1/traces) that also plays a service the API calls out to: the Google keys
 * (GET /jwks), whose requests are kept to see the traceparent they carry.
 */
async function startReceiver() {
  const exports: Export[] = [];
  const outgoing: Array<{ path: string; traceparent: string | undefined }> = [];
  const server: Server = createServer((request, response) => {
    if (request.method === 'GET') {
      const traceparent = request.headers.traceparent;
      outgoing.push({
        path: request.url ?? '',
        traceparent: typeof traceparent === 'string' ? traceparent : undefined,
      });
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"keys":[]}');
      return;
    }
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      exports.push({
        path: request.url ?? '',
        contentType: request.headers['content-type'],
        body: Buffer.concat(chunks),
      });
      response.writeHead(200, { 'content-type': 'application/x-protobuf' }).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, exports, outgoing };
}

/** A token that names a key, so that the API fetches the issuer's keys before refusing it. */
const UNSIGNED_TOKEN = [
  JSON.stringify({ alg: 'RS256', kid: 'telemetry-test' }),
  JSON.stringify({ sub: 'x' }),
  'signature',
]
  .map((part) => Buffer.from(part).toString('base64url'))
  .join('.');

const contains = (exports: Export[], bytes: Buffer | string) =>
  exports.some((entry) => entry.body.includes(bytes));

describe('tracing', () => {
  let dataDir: string;
  let databaseEnv: Record<string, string> = {};
  let schema: string | undefined;
  let receiver: Awaited<ReturnType<typeof startReceiver>>;

  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-telemetry-test-'));
    receiver = await startReceiver();
    const url = process.env.TEST_DATABASE_URL;
    if (testDatabaseKind() === 'postgres' && url) {
      schema = `t_${Date.now().toString(36)}_${randomBytes(6).toString('hex')}`;
      const admin = new pg.Client({ connectionString: url });
      await admin.connect();
      await admin.query(`create schema ${schema}`);
      await admin.end();
      const target = new URL(url);
      target.searchParams.set('options', `-c search_path=${schema}`);
      databaseEnv = { DATABASE_URL: target.toString() };
    }
  });

  afterAll(async () => {
    receiver?.server.close();
    await rm(dataDir, { recursive: true, force: true });
    if (schema && process.env.TEST_DATABASE_URL) {
      const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
      await admin.connect();
      await admin.query(`drop schema if exists ${schema} cascade`);
      await admin.end();
    }
  });

  it('exports the spans of a request over OTLP, continuing the caller’s traceparent in and out, without the query’s values', {
    timeout: 180_000,
  }, async () => {
    const port = await freePort();
    const server = startServer({
      NODE_ENV: 'test',
      PORT: String(port),
      DATA_DIR: dataDir,
      OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url,
      // Exported a moment after the request instead of five seconds later.
      OTEL_BSP_SCHEDULE_DELAY: '100',
      // Google sign-in against the receiver, for a call going out.
      GOOGLE_CLIENT_ID: 'nbr-telemetry-test',
      GOOGLE_ISSUER: receiver.url,
      GOOGLE_JWKS_URL: `${receiver.url}/jwks`,
      ...databaseEnv,
    });
    const url = `http://127.0.0.1:${port}`;
    const traceId = randomBytes(16).toString('hex');
    const parentId = randomBytes(8).toString('hex');
    const frameNumber = `WTU${randomBytes(5).toString('hex').toUpperCase()}`;
    try {
      await waitUntilListening(url, server);
      const response = await fetch(`${url}/api/search?q=${frameNumber}`, {
        headers: { traceparent: `00-${traceId}-${parentId}-01` },
      });
      expect(response.status).toBe(200);
      // The request id is the trace id: a log line leads to its trace.
      expect(response.headers.get('x-request-id')).toBe(traceId);

      // A request without one starts a trace of its own, named by its request id.
      const fresh = await fetch(`${url}/api/search?q=${frameNumber}`);
      const freshTraceId = fresh.headers.get('x-request-id') ?? '';
      expect(freshTraceId).toMatch(/^[0-9a-f]{32}$/);

      // A call going out carries the trace on: W3C traceparent with the caller's trace id.
      const outgoingTraceId = randomBytes(16).toString('hex');
      await fetch(`${url}/api/identities/authentications/google`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          traceparent: `00-${outgoingTraceId}-${randomBytes(8).toString('hex')}-01`,
        },
        body: JSON.stringify({ google_token: UNSIGNED_TOKEN }),
      });
      const jwksCall = receiver.outgoing.find((call) => call.path === '/jwks');
      expect(jwksCall?.traceparent).toMatch(new RegExp(`^00-${outgoingTraceId}-[0-9a-f]{16}-01$`));

      await expect
        .poll(
          () =>
            contains(receiver.exports, Buffer.from(traceId, 'hex')) &&
            contains(receiver.exports, Buffer.from(freshTraceId, 'hex')),
          { timeout: 60_000, interval: 200 },
        )
        .toBe(true);
    } finally {
      server.child.kill('SIGTERM');
    }
    expect(await server.exited).toBe(0);

    const { exports } = receiver;
    expect(exports.every((entry) => entry.path === '/v1/traces')).toBe(true);
    expect(exports.every((entry) => entry.contentType === 'application/x-protobuf')).toBe(true);
    // The server span's parent is the caller's span; Fastify's route span names the pattern.
    expect(contains(exports, Buffer.from(parentId, 'hex'))).toBe(true);
    expect(contains(exports, 'GET /api/search')).toBe(true);
    expect(contains(exports, '@fastify/otel')).toBe(true);
    expect(contains(exports, 'nbr-api')).toBe(true);
    if (testDatabaseKind() === 'postgres') {
      // The search's query, its text with placeholders and without the frame number it was given.
      expect(contains(exports, 'db.query.text')).toBe(true);
      expect(contains(exports, 'b.frame_number_key = $1')).toBe(true);
      expect(contains(exports, 'db.postgresql.values')).toBe(false);
    }
    // Not in the URL attributes, not in the SQL, nowhere.
    expect(contains(exports, frameNumber)).toBe(false);
  });

  it('loads nothing of OpenTelemetry without an OTLP endpoint', { timeout: 60_000 }, async () => {
    const loaded = async (env: Record<string, string>) => {
      const script = [
        "import { createRequire } from 'node:module';",
        'const cache = createRequire(import.meta.url).cache;',
        "console.log(Object.keys(cache).some((file) => file.includes('@opentelemetry/sdk-node')));",
      ].join('\n');
      const { stdout } = await promisify(execFile)(
        process.execPath,
        [
          '--import',
          'tsx',
          '--import',
          new URL('./telemetry.ts', import.meta.url).href,
          '--input-type=module',
          '-e',
          script,
        ],
        { env: { PATH: process.env.PATH ?? '', ...env } },
      );
      return stdout.trim();
    };
    expect(await loaded({})).toBe('false');
    expect(await loaded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url, OTEL_SDK_DISABLED: 'true' })).toBe(
      'false',
    );
    expect(await loaded({ OTEL_EXPORTER_OTLP_ENDPOINT: receiver.url })).toBe('true');
  });
});
