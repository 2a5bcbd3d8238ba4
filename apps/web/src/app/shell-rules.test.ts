import { describe, expect, it } from 'vitest';
import {
  canRegisterServiceWorker,
  isChunkLoadError,
  mayReloadFor,
  RELOAD_LOOP_WINDOW_MS,
  shouldForceReload,
} from './shell-rules.ts';

describe('shouldForceReload', () => {
  it('reloads once when a new build is deployed', () => {
    expect(shouldForceReload({ runningBuild: 'b1', deployedBuild: 'b2', reloadedFor: null })).toBe(true);
    expect(shouldForceReload({ runningBuild: 'b1', deployedBuild: 'b2', reloadedFor: 'b2' })).toBe(false);
  });

  it('reloads again for a later build', () => {
    expect(shouldForceReload({ runningBuild: 'b2', deployedBuild: 'b3', reloadedFor: 'b2' })).toBe(true);
  });

  it('never reloads for the same build, an unknown build or the dev server', () => {
    expect(shouldForceReload({ runningBuild: 'b1', deployedBuild: 'b1', reloadedFor: null })).toBe(false);
    expect(shouldForceReload({ runningBuild: 'b1', deployedBuild: null, reloadedFor: null })).toBe(false);
    expect(shouldForceReload({ runningBuild: 'dev', deployedBuild: 'b2', reloadedFor: null })).toBe(false);
  });
});

describe('canRegisterServiceWorker', () => {
  it.each([
    [{ protocol: 'https:', hostname: 'cykelregister.dk' }, true],
    [{ protocol: 'http:', hostname: 'localhost' }, true],
    [{ protocol: 'http:', hostname: '127.0.0.1' }, true],
    [{ protocol: 'http:', hostname: '[::1]' }, true],
    [{ protocol: 'http:', hostname: 'app.localhost' }, true],
    [{ protocol: 'http:', hostname: 'cykelregister.dk' }, false],
    [{ protocol: 'http:', hostname: '192.168.1.20' }, false],
  ])('%o → %s', (location, expected) => {
    expect(canRegisterServiceWorker(location)).toBe(expected);
  });
});

describe('isChunkLoadError', () => {
  it('recognises the messages of Chromium, Firefox and Safari', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: /assets/a.js'))).toBe(
      true,
    );
    expect(isChunkLoadError(new TypeError('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('Unable to preload CSS for /assets/a.css'))).toBe(true);
  });

  it('leaves other errors alone', () => {
    expect(isChunkLoadError(new Error('boom'))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
    expect(isChunkLoadError('Failed to fetch dynamically imported module')).toBe(false);
  });
});

describe('mayReloadFor', () => {
  it('reloads the first time, not again for the same address within the window', () => {
    expect(mayReloadFor('/app', null, 1000)).toBe(true);
    expect(mayReloadFor('/app', { href: '/app', at: 1000 }, 1000 + RELOAD_LOOP_WINDOW_MS - 1)).toBe(false);
    expect(mayReloadFor('/app', { href: '/app', at: 1000 }, 1000 + RELOAD_LOOP_WINDOW_MS)).toBe(true);
    expect(mayReloadFor('/privacy', { href: '/app', at: 1000 }, 1001)).toBe(true);
  });
});
