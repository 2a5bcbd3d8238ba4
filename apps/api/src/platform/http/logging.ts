import type { IncomingMessage } from 'node:http';
import type { FastifyBaseLogger, FastifyServerOptions } from 'fastify';
import type { Config } from '../../config.ts';

/** Client-supplied header values are capped so a client cannot flood the logs. */
function headerValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  return text === undefined ? undefined : text.slice(0, 100);
}

/**
 * One-time codes travel in URLs (reset and verification links), and so do the signatures of signed
 * file addresses (a private picture, a theft report's PDF): they never reach the logs.
 */
export function redactUrl(url: string): string {
  const queryAt = url.indexOf('?');
  const path = queryAt === -1 ? url : url.slice(0, queryAt);
  const query = queryAt === -1 ? '' : url.slice(queryAt + 1);
  const redactedPath = path.replace(/(\/(?:password-resets|email-verifications)\/)[^/?]+/gi, '$1[redacted]');
  if (queryAt === -1) return redactedPath;
  // The query parser decodes names (`%74oken` is `token`), so names are compared decoded too.
  const redactedQuery = query
    .split('&')
    .map((parameter) => {
      const equals = parameter.indexOf('=');
      if (equals === -1) return parameter;
      const name = parameter.slice(0, equals);
      return SECRET_PARAMETERS.has(decodeName(name).toLowerCase()) ? `${name}=[redacted]` : parameter;
    })
    .join('&');
  return `${redactedPath}?${redactedQuery}`;
}

const SECRET_PARAMETERS = new Set(['code', 'token', 'ticket', 'signature']);

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
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
 * journey can be followed across requests.
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
    },
    options,
  );
}
