import { Readable } from 'node:stream';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/helper.ts';
import { COMPRESSION_THRESHOLD_BYTES, negotiateEncoding } from './compression.ts';

const PUBLIC = { config: { access: 'public' as const } };
const LARGE = {
  items: Array.from({ length: 200 }, (_, index) => ({
    id: index,
    frame_number: `WBK${index}`,
    colour: 'red',
  })),
};

/** A page painted on the server (web-app.ts): HTML made per request. */
const PAGE = `<!doctype html><html><body>${'<p>Stjålne cykler i Aarhus</p>'.repeat(200)}</body></html>`;

describe('compressing JSON answers', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      extend: (app) => {
        app.get('/api/test/large', PUBLIC, async () => LARGE);
        app.get('/api/test/stream', PUBLIC, async (_request, reply) =>
          reply.type('application/json').send(Readable.from([JSON.stringify(LARGE)])),
        );
        app.get('/api/test/page', PUBLIC, async (_request, reply) =>
          reply.type('text/html; charset=utf-8').send(PAGE),
        );
        app.get('/api/test/image', PUBLIC, async (_request, reply) =>
          reply.type('image/png').send(Buffer.alloc(COMPRESSION_THRESHOLD_BYTES * 4)),
        );
      },
    });
  });
  afterAll(() => t.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a large answer with brotli when the client accepts it', async () => {
    const response = await get('/api/test/large', 'gzip, deflate, br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.rawPayload.length).toBeLessThan(JSON.stringify(LARGE).length / 4);
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString())).toEqual(LARGE);
  });

  it('sends a painted page compressed too', async () => {
    const response = await get('/api/test/page', 'gzip, deflate, br');
    expect(response.headers['content-encoding']).toBe('br');
    expect(response.headers['content-type']).toContain('text/html');
    expect(brotliDecompressSync(response.rawPayload).toString()).toBe(PAGE);
  });

  it('sends it with gzip when only gzip is accepted', async () => {
    const response = await get('/api/test/large', 'gzip');
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    expect(JSON.parse(gunzipSync(response.rawPayload).toString())).toEqual(LARGE);
  });

  it('sends it as it is to a client that asks for no encoding', async () => {
    const response = await get('/api/test/large');
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.headers.vary).toMatch(/accept-encoding/i);
    expect(response.json()).toEqual(LARGE);
  });

  it('leaves a small answer alone', async () => {
    const response = await get('/api/health', 'br, gzip');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBeUndefined();
    expect(response.json()).toEqual({ status: 'ok' });
  });

  it('leaves streams and images alone', async () => {
    const stream = await get('/api/test/stream', 'br, gzip');
    expect(stream.headers['content-encoding']).toBeUndefined();
    expect(stream.json()).toEqual(LARGE);
    const image = await get('/api/test/image', 'br, gzip');
    expect(image.headers['content-encoding']).toBeUndefined();
    expect(image.rawPayload.length).toBe(COMPRESSION_THRESHOLD_BYTES * 4);
  });

  it('leaves a small error answer alone', async () => {
    const response = await get('/api/unknown', 'br');
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-encoding']).toBeUndefined();
  });

  it('compresses the large OpenAPI document', async () => {
    const response = await get('/api/docs/json', 'br');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(response.rawPayload).toString()).openapi).toMatch(/^3\.1/);
  });
});

describe('choosing an encoding', () => {
  it.each([
    [undefined, null],
    ['', null],
    ['identity', null],
    ['gzip', 'gzip'],
    ['gzip, deflate, br, zstd', 'br'],
    ['br;q=0.5, gzip', 'gzip'],
    ['br;q=0, gzip;q=0', null],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
  ])('%s → %s', (header, expected) => {
    expect(negotiateEncoding(header)).toBe(expected);
  });
});
