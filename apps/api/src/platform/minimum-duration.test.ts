import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { withMinimumDuration } from './minimum-duration.ts';

describe('withMinimumDuration', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** Lets every already-settled promise run its continuations without moving the fake clock. */
  const flush = () => vi.advanceTimersByTimeAsync(0);

  it('holds a quick answer until the floor has passed', async () => {
    let settled = false;
    const answer = withMinimumDuration(250, async () => 'done').then((value) => {
      settled = true;
      return value;
    });
    await flush();
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(answer).resolves.toBe('done');
  });

  it('holds a failure until the floor has passed too, then passes it on', async () => {
    let settled = false;
    const answer = withMinimumDuration(250, async () => {
      throw new Error('no account');
    }).catch((error: Error) => {
      settled = true;
      return error.message;
    });
    await vi.advanceTimersByTimeAsync(249);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    await expect(answer).resolves.toBe('no account');
  });

  it('adds nothing to work that takes longer than the floor', async () => {
    let settled = false;
    const answer = withMinimumDuration(
      250,
      () => new Promise<string>((resolve) => setTimeout(() => resolve('slow'), 400)),
    ).then((value) => {
      settled = true;
      return value;
    });
    await vi.advanceTimersByTimeAsync(399);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    await expect(answer).resolves.toBe('slow');
  });
});
