import { describe, expect, it } from 'vitest';
import { ApiError } from './api-client.ts';
import { withIdempotencyKey } from './idempotency.ts';

const keysOf = async (action: string, outcomes: (Error | 'ok')[]) => {
  const seen: string[] = [];
  for (const outcome of outcomes) {
    await withIdempotencyKey(action, async (key) => {
      seen.push(key);
      if (outcome !== 'ok') throw outcome;
      return 'done';
    }).catch(() => undefined);
  }
  return seen;
};

describe('withIdempotencyKey', () => {
  it('keeps the key while the outcome is unknown (network or server error), so a retry is a replay', async () => {
    const seen = await keysOf('accept:1', [
      new ApiError({ status: 0, code: 'network_error' }),
      new ApiError({ status: 503, code: 'internal_error' }),
      'ok',
    ]);
    expect(seen).toHaveLength(3);
    expect(new Set(seen).size).toBe(1);
    expect(seen[0]).toMatch(/^[\x21-\x7e]{8,200}$/);
  });

  it('starts a new action with a new key after a definite answer', async () => {
    const afterSuccess = await keysOf('accept:2', ['ok', 'ok']);
    expect(afterSuccess[0]).not.toBe(afterSuccess[1]);
    const afterRefusal = await keysOf('accept:3', [
      new ApiError({ status: 409, code: 'transfer_not_pending' }),
      'ok',
    ]);
    expect(afterRefusal[0]).not.toBe(afterRefusal[1]);
  });

  it('gives different actions different keys', async () => {
    const [first] = await keysOf('reject:4', [new ApiError({ status: 0, code: 'network_error' })]);
    const [second] = await keysOf('cancel:4', ['ok']);
    expect(first).not.toBe(second);
  });
});
