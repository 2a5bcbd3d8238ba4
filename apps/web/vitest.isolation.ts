import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const webRoot = path.dirname(fileURLToPath(import.meta.url));

/**
 * Web test files that need a module graph of their own: they replace modules or globals (`vi.mock`,
 * `vi.stubGlobal`, …), which would leak into the files after them in the same worker, or they say so
 * with `@vitest-isolate` (a module singleton they need fresh). The root config runs them as the
 * project `web-isolated`; every other web test file shares one module graph per worker (`web`):
 * starting jsdom and importing React, react-aria and i18next once per worker instead of once per file
 * took the web tests from 77 s to 12 s (85 files, 2026-11-27).
 */
const NEEDS_ISOLATION = /\bvi\.(?:mock|doMock|stubGlobal|stubEnv|resetModules)\(|@vitest-isolate/;

export function webTestFilesNeedingIsolation(): string[] {
  const files = readdirSync(path.join(webRoot, 'src'), { recursive: true, encoding: 'utf8' });
  return files
    .filter((file) => /\.test\.tsx?$/.test(file))
    .filter((file) => NEEDS_ISOLATION.test(readFileSync(path.join(webRoot, 'src', file), 'utf8')))
    .map((file) => `src/${file.split(path.sep).join('/')}`);
}
