import type { Region } from '@nbr/domain/locale';
import {
  AppPathSchema,
  ApprovalActionSchema,
  NATIONAL_IDENTITY_BY_REGION,
  type NationalIdentityType,
  VerificationSessionTypeSchema,
  type VerificationStart,
} from '@nbr/domain/national-identity';
import { paths } from '../config/paths.ts';
import { readJson, STORAGE_PREFIX, writeJson } from './storage.ts';

/*
 * The begin and complete redirect pages sit on either side of a trip to MitID/BankID. Where to go
 * afterwards is kept in this tab's sessionStorage under the session id (the OIDC state), so the
 * complete page knows it without asking the API.
 */

const DEFAULT_NEXT = paths.app.settings.getHref();
const returnKey = (sessionId: string) => `${STORAGE_PREFIX}verification:${sessionId}`;

export interface VerificationReturn {
  successUrl: string;
  failureUrl: string;
  /** The begin page's address, to try again. */
  retryHref: string;
}

export function rememberVerificationReturn(sessionId: string, value: VerificationReturn): void {
  writeJson(returnKey(sessionId), value, 'session');
}

export function readVerificationReturn(sessionId: string | null): VerificationReturn {
  const stored = sessionId ? readJson<VerificationReturn>(returnKey(sessionId), 'session') : null;
  const safe = (value: unknown, fallback: string) => {
    const parsed = AppPathSchema.safeParse(value);
    return parsed.success ? parsed.data : fallback;
  };
  return {
    successUrl: safe(stored?.successUrl, DEFAULT_NEXT),
    failureUrl: safe(stored?.failureUrl, DEFAULT_NEXT),
    retryHref: safe(stored?.retryHref, verificationBeginHref({ next: DEFAULT_NEXT })),
  };
}

export function forgetVerificationReturn(sessionId: string | null): void {
  if (sessionId) writeJson(returnKey(sessionId), null, 'session');
}

/** The begin page's address for a check that returns to `next` (an approval names action and object). */
export function verificationBeginHref(options: {
  next: string;
  type?: VerificationStart['verification_session_type'];
  action?: string;
  object?: string;
}): string {
  return paths.app.redirectVerificationBegin.getHref({
    type: options.type ?? 'identity_verification',
    next: options.next,
    action: options.action,
    object: options.object,
  });
}

/**
 * The begin page's query as a start request; null when an approval lacks its action or object.
 * A `next` that is not a path of this app falls back to settings, so a link cannot lead elsewhere.
 */
export function beginRequestOf(search: URLSearchParams): { body: VerificationStart; next: string } | null {
  const type = VerificationSessionTypeSchema.safeParse(search.get('type') ?? 'identity_verification');
  if (!type.success) return null;
  const nextParsed = AppPathSchema.safeParse(search.get('next'));
  const next = nextParsed.success ? nextParsed.data : DEFAULT_NEXT;
  const base = { verification_session_type: type.data, success_url: next, failure_url: next };
  if (type.data !== 'approval') return { body: base, next };
  const action = ApprovalActionSchema.safeParse(search.get('action'));
  const object = search.get('object')?.trim();
  if (!action.success || !object) return null;
  return { body: { ...base, approval_action: action.data, approval_object_id: object }, next };
}

/** Accounts of automated tests against a deployed stack; the API decides whether they may skip. */
export const AUTOTEST_EMAIL_PREFIX = 'autotest+';

export const nationalIdentityOf = (region: Region): NationalIdentityType =>
  NATIONAL_IDENTITY_BY_REGION[region];
