import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.ts';
import { activeTraceId } from '../telemetry/trace-context.ts';

/** Client-supplied header values are capped so a client cannot flood the logs. */
function headerValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined ? undefined : text.slice(0, 100);
}

/**
 * A URL as logs and traces show it. One-time codes travel in URLs (reset and verification links),
 * and so do the signatures of signed file addresses and websocket tickets; a query also holds what
 * people search for (a frame number, an e-mail address, a name in the backoffice). So the codes in
 * paths and every query value are redacted; the query's parameter names stay.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const redactedPath = path.replace(/(\/(?:password-resets|email-verifications)\/)[^/?]+/gi, '$1[redacted]');
  if (queryAt === -1) return redactedPath;
  const redactedQuery = url
    .slice(queryAt + 1)
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      return equals === -1 ? parameter : `${parameter.slice(0, equals)}=[redacted]`;
    })
    .join('&');
  return `${redactedPath}?${redactedQuery}`;
}

/** Error fields that name what failed, never the values involved (PostgreSQL, Node and Fastify errors). */
const SAFE_ERROR_FIELDS = [
  'code',
  'statusCode',
  'status',
  'severity',
  'schema',
  'table',
  'column',
  'dataType',
  'constraint',
  'routine',
  'errno',
  'syscall',
  'address',
  'port',
  'hostname',
] as const;

const EMAIL_ADDRESS = /[\w.%+-]+@[\w-]+(?:\.[\w-]+)+/g;
const QUOTED = /"[^"]*"/g;

/**
 * An error's message or stack without the values it may carry: drizzle appends the query's
 * parameters (`Failed query: … params: a@b.dk,…`), PostgreSQL quotes the offending value in a data
 * exception (class 22: `invalid input syntax for type uuid: "…"`; `quotesHoldValues`), and SMTP
 * servers name the recipient. Stack frames after the parameters stay.
 */
export function redactErrorText(text: string, options: { quotesHoldValues: boolean }): string {
  let redacted = text;
  const paramsAt = redacted.indexOf('\nparams: ');
  if (paramsAt !== -1) {
    const framesAt = redacted.indexOf('\n    at ', paramsAt);
    redacted = redacted.slice(0, paramsAt) + (framesAt === -1 ? '' : redacted.slice(framesAt));
  }
  if (options.quotesHoldValues) redacted = redacted.replace(QUOTED, '"[redacted]"');
  return redacted.replace(EMAIL_ADDRESS, '[email]');
}

export interface SerializedError {
  type: string;
  message: string;
  stack: string;
  [field: string]: unknown;
}

function isErrorLike(value: unknown): value is Error & Record<string, unknown> {
  return (
    value instanceof Error ||
    (typeof value === 'object' && value !== null && 'message' in value && 'stack' in value)
  );
}

/**
 * The logger's serializer of `err`: the type, the message and stack without values, the fields that
 * say what failed (SQLSTATE code, constraint, table, column), and the causes the same way. Every
 * other field is left out: PostgreSQL's `detail` (`Key (email)=(…) already exists`), `where`,
 * `hint` and `internalQuery`, drizzle's and PGlite's `params`, an SMTP error's `rejected` recipients.
 * The SQL text stays: queries are parameterised, so it holds placeholders, not values.
 */
export function serializeError(error: unknown, depth = 0): SerializedError {
  if (!isErrorLike(error)) {
    return {
      type: typeof error,
      message: redactErrorText(String(error), { quotesHoldValues: false }),
      stack: '',
    };
  }
  // SQLSTATE class 22 is a data exception: the message quotes the value that did not fit.
  const options = { quotesHoldValues: typeof error.code === 'string' && error.code.startsWith('22') };
  const serialized: SerializedError = {
    type: error.constructor?.name || error.name,
    message: redactErrorText(String(error.message), options),
    stack: typeof error.stack === 'string' ? redactErrorText(error.stack, options) : '',
  };
  for (const field of SAFE_ERROR_FIELDS) {
    const value = error[field];
    if (typeof value === 'string' || typeof value === 'number') serialized[field] = value;
  }
  if (depth < 5) {
    if (error.cause !== undefined) serialized.cause = serializeError(error.cause, depth + 1);
    if (Array.isArray(error.errors)) {
      serialized.aggregateErrors = error.errors.map((inner: unknown) => serializeError(inner, depth + 1));
    }
  }
  return serialized;
}

export function loggerOptions(
  config: Config,
  stream?: { write(line: string): void },
): FastifyServerOptions['logger'] {
  const pretty = !stream && config.nodeEnv === 'development' && process.stdout.isTTY;
  return {
    level: config.logLevel,
    redact: {
      paths: ['req.headers.authorization', 'req.headers.cookie', 'res.headers["set-cookie"]'],
      censor: '[redacted]',
    },
    serializers: {
      err: serializeError,
      req: (request: { method: string; url: string; ip?: string; hostname?: string }) => ({
        method: request.method,
        url: redactUrl(request.url),
        host: request.hostname,
        remote_address: request.ip,
      }),
    },
    ...(stream ? { stream } : {}),
    ...(pretty
      ? {
          transport: {
            target: 'pino-pretty',
            options: { translateTime: 'HH:MM:ss', ignore: 'pid,hostname' },
          },
        }
      : {}),
  };
}

/**
 * Every log line of a request carries the client's app version and session id, so one user's
 * journey can be followed across requests, and with tracing on the trace id, so a line leads to its
 * trace (the request id is often the trace id itself: request-id.ts).
 */
export function childLoggerFactory(
  logger: FastifyBaseLogger,
  bindings: Record<string, unknown>,
  options: object,
  rawRequest: IncomingMessage,
): FastifyBaseLogger {
  return logger.child(
    {
      ...bindings,
      app_version: headerValue(rawRequest.headers['app-version']),
      session_id: headerValue(rawRequest.headers['session-id']),
      trace_id: activeTraceId(),
    },
    options,
  );
}
