import { useEffect } from 'react';

interface WakeLockSentinelLike {
  release(): Promise<void>;
}
interface WakeLockLike {
  request(type: 'screen'): Promise<WakeLockSentinelLike>;
}

/**
 * Keeps the phone's screen on while the page is shown (the Screen Wake Lock API, where the browser
 * has it): the live view of a lock is held up at the dock and should not go dark. The browser drops
 * the lock when the tab is hidden; it is asked for again when the tab is shown.
 */
export function useScreenAwake(): void {
  useEffect(() => {
    const wakeLock = (navigator as Navigator & { wakeLock?: WakeLockLike }).wakeLock;
    if (!wakeLock) return;
    let sentinel: WakeLockSentinelLike | null = null;
    let active = true;
    const request = () => {
      if (document.visibilityState !== 'visible') return;
      wakeLock
        .request('screen')
        .then((held) => {
          if (active) sentinel = held;
          else void held.release();
        })
        // Refused (battery saver, no user gesture yet): the page works as before.
        .catch(() => {});
    };
    request();
    document.addEventListener('visibilitychange', request);
    return () => {
      active = false;
      document.removeEventListener('visibilitychange', request);
      void sentinel?.release().catch(() => {});
    };
  }, []);
}
