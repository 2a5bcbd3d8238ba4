#!/usr/bin/env node
/*
 * `npm run test:openapi`: the OpenAPI document clients are generated from, checked as they will read
 * it. Builds the document from the real app (apps/api/src/cli/openapi.ts: no database server, no
 * configuration; it also fails on an operation without an operationId or security, or two with one
 * operationId) and lints it with Redocly's recommended rules, every warning counted as an error
 * (redocly.yaml). Fails on any problem. What must stay is listed in .redocly.lint-ignore.yaml, each
 * entry with its reason.
 */
import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Where the document is written: redocly.yaml and .redocly.lint-ignore.yaml name this path. */
const DOCUMENT = 'node_modules/.cache/openapi/openapi.json';

function run(command, args, env = process.env) {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', env });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

run(process.execPath, ['--import', 'tsx', 'apps/api/src/cli/openapi.ts', DOCUMENT]);
// No usage data sent and no update check: the lint runs offline, as the rest of `npm test` does.
run(path.join(root, 'node_modules/.bin/redocly'), ['lint', '--config', 'redocly.yaml'], {
  ...process.env,
  REDOCLY_TELEMETRY: 'off',
  REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
});
