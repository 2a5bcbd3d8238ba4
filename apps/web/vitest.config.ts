import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { offlineBasemap } from './src/lib/map/offline-basemap.vite.ts';

/** The web tests' base; the root config runs them as `web` and `web-isolated` (vitest.isolation.ts). */
export default defineConfig({
  plugins: [react(), offlineBasemap()],
  define: { __BUILD_ID__: JSON.stringify('test'), __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    // No `include` here: the projects extending this config set theirs (Vitest would add them up).
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
