import type { ErrorCode, ValidationErrorResponse } from '@nbr/domain/errors';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { databaseUnavailableReason } from '../../db/unavailable.ts';
import { AppError, AppErrorWithDetail, ValidationError } from '../errors.ts';
import { issueMessageKey, type RequestIssue, RequestValidationError, requestPart } from './validation.ts';

/** Answers a 422 in the shape existing clients read, every message in the caller's language. */
export function sendValidationError(request: FastifyRequest, reply: FastifyReply, issues: RequestIssue[]) {
  const body: ValidationErrorResponse = {
    detail: issues.map((issue) => ({
      loc: issue.loc,
      msg: request.t(issueMessageKey(issue.type), issue.params),
      type: issue.type,
    })),
    code: 'validation_failed',
  };
  return reply.status(422).send(body);
}

export function sendAppError(request: FastifyRequest, reply: FastifyReply, error: AppError) {
  if (error.code === 'invalid_token') {
    // Existing clients compare the detail itself with "invalid_token", so it is never translated.
    return reply.status(401).send({ detail: 'invalid_token', code: 'invalid_token' });
  }
  if (error instanceof ValidationError) {
    return sendValidationError(
      request,
      reply,
      error.issues.map((issue) => ({ loc: issue.loc, type: issue.type, params: issue.params ?? {} })),
    );
  }
  if (error.status === 422) {
    // A 422 code thrown without a field still answers in the 422 shape clients expect.
    return sendValidationError(request, reply, [{ loc: ['body'], type: error.code, params: error.params }]);
  }
  if (error instanceof AppErrorWithDetail) {
    return reply.status(error.status).send({ detail: error.detail, code: error.code });
  }
  if (error.status === 429 && !reply.hasHeader('retry-after')) reply.header('retry-after', '60');
  if (error.code === 'storage_full') reply.header('retry-after', String(STORAGE_FULL_RETRY_AFTER_SECONDS));
  return reply
    .status(error.status)
    .send({ detail: request.t(`errors.${error.code}`, error.params), code: error.code });
}

/** What a 503 for an unavailable database tells clients to wait: a restart or a failover takes seconds. */
const DATABASE_RETRY_AFTER_SECONDS = 5;

const CODE_BY_CLIENT_STATUS: Record<number, ErrorCode> = {
  401: 'not_authenticated',
  403: 'forbidden',
  404: 'not_found',
  409: 'conflict',
  429: 'rate_limited',
};

/**
 * PostgreSQL text cannot hold a NUL byte (22021) or a character the encoding lacks (22P05). A value a
 * schema let through with one is the client's input, not a server failure: 422 invalid_characters.
 */
function isUnstorableText(error: unknown): boolean {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === '22021' || current.code === '22P05') return true;
    current = current.cause as typeof current;
  }
  return false;
}

/** Someone must free space first: a client should not come back at once. */
const STORAGE_FULL_RETRY_AFTER_SECONDS = 300;

/**
 * The error in `error`'s cause chain that says the disk is full or the quota exhausted, wherever
 * the request met it: a file write (ENOSPC, EDQUOT) or the database (SQLSTATE 53100 disk_full,
 * PGlite included). Not the request's fault, and not a bug. Null when there is none.
 */
function diskFullCause(error: unknown): object | null {
  for (let current = error as { code?: unknown; cause?: unknown } | undefined; current; ) {
    if (current.code === 'ENOSPC' || current.code === 'EDQUOT' || current.code === '53100') return current;
    current = current.cause as typeof current;
  }
  return null;
}

function isJsonSyntaxError(error: FastifyError): boolean {
  return (
    error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' ||
    error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY' ||
    (error instanceof SyntaxError && error.statusCode === 400)
  );
}

/**
 * The one error handler: expected failures answer their code and a translated text, a database that
 * cannot answer right now 503 service_unavailable with Retry-After, anything unexpected is logged in
 * full and answered without internals.
 */
export function registerErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof AppError) return sendAppError(request, reply, error);

    const unavailable = databaseUnavailableReason(error);
    if (unavailable) {
      // A restart, failover or hung database passes by itself: no stack, no statement, no values.
      request.log.warn({ database: unavailable }, 'database unavailable');
      reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      return reply
        .status(503)
        .send({ detail: request.t('errors.service_unavailable'), code: 'service_unavailable' });
    }

    if (error instanceof RequestValidationError) {
      const part = requestPart(error.validationContext);
      return sendValidationError(
        request,
        reply,
        error.issues.map(({ path, type, params }) => ({ loc: [part, ...path], type, params })),
      );
    }

    if (isUnstorableText(error)) {
      request.log.info({ err: error }, 'request with text PostgreSQL cannot store');
      return sendValidationError(request, reply, [{ loc: ['body'], type: 'invalid_characters', params: {} }]);
    }

    const diskFull = diskFullCause(error);
    if (diskFull) {
      // The cause alone: the query error around a database's disk_full carries the query's values.
      request.log.error({ err: diskFull }, 'request failed: the disk is full');
      return sendAppError(request, reply, new AppError('storage_full'));
    }

    if (isJsonSyntaxError(error)) {
      return sendValidationError(request, reply, [{ loc: ['body'], type: 'invalid_json', params: {} }]);
    }

    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Framework errors a client can cause: body too large, unsupported media type and the like.
      request.log.info({ err: error }, 'request rejected');
      const code = CODE_BY_CLIENT_STATUS[status] ?? 'bad_request';
      return reply.status(status).send({ detail: request.t(`errors.${code}`), code });
    }

    request.log.error({ err: error }, 'request failed');
    return reply.status(500).send({ detail: request.t('errors.internal_error'), code: 'internal_error' });
  });
}
