import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { offlineBasemap } from './src/lib/map/offline-basemap.vite.ts';

export default defineConfig({
  plugins: [react(), offlineBasemap()],
  define: { __BUILD_ID__: JSON.stringify('test'), __APP_VERSION__: JSON.stringify('0.0.0-test') },
  test: {
    name: 'web',
    include: ['src/**/*.test.{ts,tsx}'],
    environment: 'jsdom',
    setupFiles: ['./vitest.setup.ts'],
    css: { modules: { classNameStrategy: 'non-scoped' } },
  },
});
