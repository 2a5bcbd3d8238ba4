import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { activeTraceId, traceIdFromTraceparent } from '../telemetry/trace-context.ts';

/** A request id from a proxy or client: short, and only characters that cannot forge a log line. */
const SENT_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/**
 * The id of a request (Fastify's `genReqId`; the `reqId` of its log lines): the `X-Request-Id` a
 * proxy or client sent, when it is a short safe token; else the trace id of a valid `traceparent`,
 * or of the trace the request opened when tracing is on, so logs and traces meet; else a new UUID.
 * Instances never count: ids stay unique across instances and restarts.
 */
export function requestIdOf(request: IncomingMessage): string {
  const sent = request.headers['x-request-id'];
  if (typeof sent === 'string' && SENT_REQUEST_ID.test(sent)) return sent;
  return traceIdFromTraceparent(request.headers.traceparent) ?? activeTraceId() ?? randomUUID();
}

/** Every answer carries its request's id in `X-Request-Id`, errors and 404s included. */
export const requestIdPlugin = fp(
  async (app: FastifyInstance) => {
    app.addHook('onRequest', async (request, reply) => {
      reply.header('x-request-id', request.id);
    });
  },
  { name: 'request-id' },
);
