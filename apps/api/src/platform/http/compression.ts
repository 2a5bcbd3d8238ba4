import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';

const brotliAsync = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** JSON answers from this size on are compressed; below it the work costs more than the bytes saved. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/** JSON answers of the API, and the HTML of the pages painted on the server (web-app.ts). */
const COMPRESSIBLE_TYPE = /^(?:application\/(?:[\w.+-]+\+)?json|text\/html)(?:\s*;|$)/i;

type Encoding = 'br' | 'gzip';

/** The encoding the client prefers among ours (brotli first on a tie), or null for identity. */
export function negotiateEncoding(acceptEncoding: string | undefined): Encoding | null {
  if (!acceptEncoding) return null;
  const weights = new Map<string, number>();
  for (const part of acceptEncoding.toLowerCase().split(',')) {
    const [name = '', ...parameters] = part.split(';').map((token) => token.trim());
    if (!name) continue;
    const q = parameters.find((parameter) => parameter.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    weights.set(name, Number.isFinite(weight) ? weight : 0);
  }
  const weightOf = (encoding: Encoding) => weights.get(encoding) ?? weights.get('*') ?? 0;
  const br = weightOf('br');
  const gz = weightOf('gzip');
  if (br > 0 && br >= gz) return 'br';
  if (gz > 0) return 'gzip';
  return null;
}

function addVary(reply: FastifyReply, header: string): void {
  const current = reply.getHeader('vary');
  const value = Array.isArray(current) ? current.join(', ') : current === undefined ? '' : String(current);
  const tokens = value
    .split(',')
    .map((token) => token.trim().toLowerCase())
    .filter(Boolean);
  if (tokens.includes('*') || tokens.includes(header.toLowerCase())) return;
  reply.header('vary', value ? `${value}, ${header}` : header);
}

/**
 * Compresses the API's JSON answers and the pages painted on the server (HTML made per request) of
 * at least `thresholdBytes` with brotli or gzip, whichever the client prefers. Only those are
 * touched: streams (files, PDFs, server-sent events),
 * answers that already carry an encoding, and websocket upgrades (which never reach onSend) go out
 * as they are. The web build is precompressed at build time and served by web-app.ts instead.
 * Brotli runs at quality 5 and gzip at level 6: good ratios at a cost a busy server can afford per
 * request (quality 11 is for the build).
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance, options: { thresholdBytes?: number } = {}) => {
    const threshold = options.thresholdBytes ?? COMPRESSION_THRESHOLD_BYTES;
    app.addHook('onSend', async (request, reply, payload) => {
      if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
      if (request.method === 'HEAD' || reply.statusCode === 204 || reply.statusCode === 304) return payload;
      if (!COMPRESSIBLE_TYPE.test(String(reply.getHeader('content-type') ?? ''))) return payload;
      if (reply.hasHeader('content-encoding')) return payload;
      const body = typeof payload === 'string' ? Buffer.from(payload) : payload;
      if (body.length < threshold) return payload;

      // From here the answer depends on Accept-Encoding, whether or not this client gets it compressed.
      addVary(reply, 'Accept-Encoding');
      const encoding = negotiateEncoding(request.headers['accept-encoding']);
      if (!encoding) return payload;
      const compressed =
        encoding === 'br'
          ? await brotliAsync(body, {
              params: {
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_QUALITY]: 5,
                [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
              },
            })
          : await gzipAsync(body, { level: 6 });
      reply.header('content-encoding', encoding);
      reply.removeHeader('content-length');
      return compressed;
    });
  },
  { name: 'compression' },
);
