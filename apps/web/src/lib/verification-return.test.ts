import { beforeEach, describe, expect, it } from 'vitest';
import {
  beginRequestOf,
  readVerificationReturn,
  rememberVerificationReturn,
  verificationBeginHref,
} from './verification-return.ts';

describe('beginRequestOf', () => {
  it('reads an identity verification returning to an app path', () => {
    expect(beginRequestOf(new URLSearchParams('type=identity_verification&next=/app/bikes'))).toEqual({
      body: {
        verification_session_type: 'identity_verification',
        success_url: '/app/bikes',
        failure_url: '/app/bikes',
      },
      next: '/app/bikes',
    });
  });

  it('falls back to settings for a next that leaves the app', () => {
    for (const next of ['https://evil.example', '//evil.example', '/\\evil.example', '']) {
      expect(beginRequestOf(new URLSearchParams({ next }))?.next).toBe('/app/settings');
    }
  });

  it('needs an action and an object for an approval', () => {
    expect(beginRequestOf(new URLSearchParams('type=approval&next=/app'))).toBeNull();
    expect(beginRequestOf(new URLSearchParams('type=approval&action=launch&object=b1'))).toBeNull();
    expect(
      beginRequestOf(new URLSearchParams('type=approval&action=delete_bike&object=b1&next=/app'))?.body,
    ).toEqual({
      verification_session_type: 'approval',
      approval_action: 'delete_bike',
      approval_object_id: 'b1',
      success_url: '/app',
      failure_url: '/app',
    });
    expect(beginRequestOf(new URLSearchParams('type=other'))).toBeNull();
  });

  it('round-trips through verificationBeginHref', () => {
    const href = verificationBeginHref({
      next: '/app/x?y=1',
      type: 'approval',
      action: 'report_found',
      object: 'b2',
    });
    const request = beginRequestOf(new URL(href, 'http://localhost').searchParams);
    expect(request).toMatchObject({ next: '/app/x?y=1', body: { approval_action: 'report_found' } });
  });
});

describe('readVerificationReturn', () => {
  beforeEach(() => window.sessionStorage.clear());

  it('answers what the begin page remembered, and safe defaults otherwise', () => {
    rememberVerificationReturn('s1', { successUrl: '/app/a', failureUrl: '/app/b', retryHref: '/app/c' });
    expect(readVerificationReturn('s1')).toEqual({
      successUrl: '/app/a',
      failureUrl: '/app/b',
      retryHref: '/app/c',
    });
    expect(readVerificationReturn('unknown').successUrl).toBe('/app/settings');
    rememberVerificationReturn('s2', {
      successUrl: 'https://evil.example',
      failureUrl: '/x',
      retryHref: '/y',
    });
    expect(readVerificationReturn('s2').successUrl).toBe('/app/settings');
  });
});
