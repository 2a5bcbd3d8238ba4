import { renderHook, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useScreenAwake } from './use-screen-awake.ts';

describe('keeping the screen on for the live view', () => {
  afterEach(() => {
    Reflect.deleteProperty(navigator, 'wakeLock');
  });

  it('holds a screen wake lock while shown and lets it go when left', async () => {
    const release = vi.fn(async () => {});
    const request = vi.fn(async () => ({ release }));
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    const { unmount } = renderHook(() => useScreenAwake());
    expect(request).toHaveBeenCalledWith('screen');
    await waitFor(() => expect(request).toHaveBeenCalledTimes(1));
    await Promise.resolve();
    unmount();
    expect(release).toHaveBeenCalledTimes(1);
  });

  it('does nothing where the browser has no wake lock, and survives a refusal', () => {
    expect(() => renderHook(() => useScreenAwake()).unmount()).not.toThrow();
    const request = vi.fn(async () => {
      throw new Error('NotAllowedError');
    });
    Object.defineProperty(navigator, 'wakeLock', { value: { request }, configurable: true });
    expect(() => renderHook(() => useScreenAwake()).unmount()).not.toThrow();
  });
});
