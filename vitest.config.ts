import { defineConfig } from 'vitest/config';

/** One Vitest run covers every workspace; each workspace declares its own project. */
export default defineConfig({
  test: {
    projects: ['packages/domain', 'apps/api', 'apps/web'],
  },
});
