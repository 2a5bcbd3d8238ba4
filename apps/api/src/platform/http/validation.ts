import { VALIDATION_MESSAGES, type ValidationMessage } from '@nbr/domain/identity';
import type { FastifySchemaCompiler } from 'fastify';
import { type $ZodIssue, type $ZodType, safeParse } from 'zod/v4/core';
import { isMessageKey, type MessageKey, type TranslationParams } from '../i18n/translate.ts';

/** Where in the request a validation issue is; the first element of its `loc`. */
export type RequestPart = 'body' | 'query' | 'path' | 'headers';

/** One validation issue before translation: `type` is the stable code, `params` feed the text. */
export interface RequestIssue {
  loc: Array<string | number>;
  type: string;
  params: TranslationParams;
}

/** Thrown by the validator compiler; the error handler turns it into a translated 422. */
export class RequestValidationError extends Error {
  /** Set by Fastify: 'body' | 'querystring' | 'params' | 'headers'. */
  validationContext?: string;
  constructor(readonly issues: Array<Omit<RequestIssue, 'loc'> & { path: Array<string | number> }>) {
    super('Request validation failed');
    this.name = 'RequestValidationError';
  }
}

const PARTS: Record<string, RequestPart> = {
  body: 'body',
  querystring: 'query',
  params: 'path',
  headers: 'headers',
};

export function requestPart(validationContext: string | undefined): RequestPart {
  return PARTS[validationContext ?? 'body'] ?? 'body';
}

const KNOWN_MESSAGES = new Set<string>(VALIDATION_MESSAGES);

function valueAt(data: unknown, path: ReadonlyArray<PropertyKey>): unknown {
  let value = data;
  for (const key of path) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<PropertyKey, unknown>)[key];
  }
  return value;
}

function numericParams(issue: $ZodIssue): TranslationParams {
  const params: TranslationParams = {};
  if ('minimum' in issue) params.minimum = String(issue.minimum);
  if ('maximum' in issue) params.maximum = String(issue.maximum);
  return params;
}

/**
 * The stable type of an issue: the schema's own message when it is a validation code of the domain
 * contract, else a generic type derived from zod's issue code.
 */
function issueType(issue: $ZodIssue, data: unknown): string {
  if (KNOWN_MESSAGES.has(issue.message)) return issue.message as ValidationMessage;
  switch (issue.code) {
    case 'invalid_type':
      return valueAt(data, issue.path) === undefined ? 'required' : 'invalid_type';
    case 'too_small':
      if (issue.origin === 'string') return Number(issue.minimum) <= 1 ? 'required' : 'too_short';
      return 'too_small';
    case 'too_big':
      return issue.origin === 'string' ? 'too_long' : 'too_big';
    case 'invalid_format':
      return issue.format === 'email' ? 'invalid_email' : 'invalid_format';
    default:
      return 'invalid_value';
  }
}

function toIssues(issues: readonly $ZodIssue[], data: unknown): RequestValidationError['issues'] {
  return issues.flatMap((issue) => {
    const path = issue.path.map((key) => (typeof key === 'symbol' ? String(key) : key));
    if (issue.code === 'unrecognized_keys') {
      return issue.keys.map((key) => ({ path: [...path, key], type: 'unrecognized_key', params: {} }));
    }
    return [{ path, type: issueType(issue, data), params: numericParams(issue) }];
  });
}

/** The text key of an issue type; types without their own text read as "not valid". */
export function issueMessageKey(type: string): MessageKey {
  const key = `validation.${type}`;
  if (isMessageKey(key)) return key;
  const errorKey = `errors.${type}`;
  return isMessageKey(errorKey) ? errorKey : 'validation.invalid_value';
}

/**
 * Validates with zod and keeps each issue's path and code, which fastify-type-provider-zod's own
 * compiler flattens into a string; the 422 answer needs them intact.
 */
export const validatorCompiler: FastifySchemaCompiler<$ZodType> =
  ({ schema }) =>
  (data) => {
    const result = safeParse(schema, data);
    if (result.success) return { value: result.data };
    return { error: new RequestValidationError(toIssues(result.error.issues, data)) };
  };
