import type { TokenClaims } from '@nbr/domain/identity';
import { parseTokenClaims } from '@nbr/domain/token-claims';

/** The web app refreshes a token when less than this much of its life remains. */
export const REFRESH_WINDOW_SECONDS = 30 * 60;

function decodeBase64Url(segment: string): string {
  const base64 = segment.replace(/-/g, '+').replace(/_/g, '/');
  const padded = base64 + '='.repeat((4 - (base64.length % 4)) % 4);
  const binary = atob(padded);
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}

/** Older tokens carry Python's 'None' for an unknown value; SPEC §3 says to read it as null. */
function noneAsNull(value: unknown): unknown {
  return value === 'None' ? null : value;
}

/**
 * Reads the claims of a session token without verifying it (the API verifies every call).
 * Answers null for anything that is not a well-formed token with the claims of SPEC §3.
 */
export function decodeClaims(token: string | null | undefined): TokenClaims | null {
  if (!token) return null;
  const [, payload] = token.split('.');
  if (!payload) return null;
  try {
    const raw = JSON.parse(decodeBase64Url(payload)) as Record<string, unknown>;
    const cleaned = Object.fromEntries(Object.entries(raw).map(([key, value]) => [key, noneAsNull(value)]));
    return parseTokenClaims(cleaned);
  } catch {
    return null;
  }
}

export function nowInSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

export function isExpired(claims: Pick<TokenClaims, 'exp'>, now = nowInSeconds()): boolean {
  return claims.exp <= now;
}

export function needsRefresh(claims: Pick<TokenClaims, 'exp'>, now = nowInSeconds()): boolean {
  return !isExpired(claims, now) && claims.exp - now < REFRESH_WINDOW_SECONDS;
}

/** Seconds until the token enters the refresh window (0 when it already has). */
export function secondsUntilRefresh(claims: Pick<TokenClaims, 'exp'>, now = nowInSeconds()): number {
  return Math.max(0, claims.exp - REFRESH_WINDOW_SECONDS - now);
}
