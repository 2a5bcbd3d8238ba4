import { execFile } from 'node:child_process';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

/*
 * The import rules of docs/architecture.md and docs/web-app.md live in biome.json, and `npm run lint`
 * enforces them on the real tree. This test keeps the rules themselves honest: probe files placed at
 * real paths, in a scratch copy of the configuration, must be refused or allowed as the documents say.
 * A rule deleted or loosened by mistake fails here, not silently.
 */

const root = resolve(import.meta.dirname, '../../..');
const biome = join(root, 'node_modules/.bin/biome');

interface Finding {
  path: string;
  rule: string;
}

/** Lints the given files (path → text) with the repository's biome.json; answers what it reports. */
async function lint(files: Record<string, string>): Promise<Finding[]> {
  const dir = await mkdtemp(join(tmpdir(), 'nbr-import-rules-'));
  try {
    await copyFile(join(root, 'biome.json'), join(dir, 'biome.json'));
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(dir, path)), { recursive: true });
      await writeFile(join(dir, path), text);
    }
    const { stdout } = await promisify(execFile)(
      biome,
      ['lint', '--reporter=json', '--vcs-enabled=false', '--max-diagnostics=none', '.'],
      { cwd: dir },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as {
      diagnostics: { category: string; location: { path: string } }[];
    };
    return report.diagnostics
      .filter(
        (d) =>
          d.category === 'lint/style/noRestrictedImports' || d.category === 'lint/suspicious/noImportCycles',
      )
      .map((d) => ({ path: d.location.path, rule: d.category.split('/').at(-1) ?? '' }));
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const RESTRICTED = 'noRestrictedImports';

describe('import rules of the API', () => {
  it('lets a module import a lower module through its facade, and routes call use cases', async () => {
    expect(
      await lint({
        'apps/api/src/modules/theft/theft-reports.service.ts': "import '../bikes/bikes.facade.ts';\n",
        'apps/api/src/modules/ownership/ownership-transfers.service.ts':
          "import '../chats/chats.facade.ts';\nimport '../identity/identity.facade.ts';\n",
        'apps/api/src/modules/bikes/bikes.routes.ts': "import '../../use-cases/delete-bike.ts';\n",
      }),
    ).toEqual([]);
  });

  it('refuses a module importing one above it, one at the edges, or past a facade', async () => {
    const findings = await lint({
      'apps/api/src/modules/identity/identity.service.ts': "import '../bikes/bikes.facade.ts';\n",
      'apps/api/src/modules/bikes/bikes.service.ts': "import '../ownership/ownership.facade.ts';\n",
      'apps/api/src/modules/chats/chats.service.ts': "import '../search/search.service.ts';\n",
      'apps/api/src/modules/theft/theft-reports.service.ts': "import '../bikes/bikes.repository.ts';\n",
    });
    expect([...new Set(findings.map((f) => f.path))].sort()).toEqual([
      'apps/api/src/modules/bikes/bikes.service.ts',
      'apps/api/src/modules/chats/chats.service.ts',
      'apps/api/src/modules/identity/identity.service.ts',
      'apps/api/src/modules/theft/theft-reports.service.ts',
    ]);
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set([RESTRICTED]));
  });

  it('refuses a module service calling a use case: only routes do', async () => {
    expect(
      await lint({
        'apps/api/src/modules/bikes/bikes.service.ts': "import '../../use-cases/delete-bike.ts';\n",
      }),
    ).toEqual([{ path: 'apps/api/src/modules/bikes/bikes.service.ts', rule: RESTRICTED }]);
  });

  it('refuses an import cycle', async () => {
    const findings = await lint({
      'apps/api/src/platform/a.ts': "import { b } from './b.ts';\nexport const a = b;\n",
      'apps/api/src/platform/b.ts': "import { a } from './a.ts';\nexport const b = () => a;\n",
    });
    expect(findings.map((f) => f.rule)).toContain('noImportCycles');
  });

  it('places docks above theft and below search (issue 28)', async () => {
    expect(
      await lint({
        'apps/api/src/modules/docks/docks.service.ts':
          "import '../theft/theft.facade.ts';\nimport '../bikes/bikes.facade.ts';\nimport '../identity/identity.facade.ts';\n",
        'apps/api/src/modules/search/org-bike-search.service.ts': "import '../docks/docks.facade.ts';\n",
      }),
    ).toEqual([]);
    const findings = await lint({
      'apps/api/src/modules/theft/theft-reports.service.ts': "import '../docks/docks.facade.ts';\n",
      'apps/api/src/modules/docks/docks.service.ts': "import '../search/search.service.ts';\n",
      'apps/api/src/modules/docks/gbfs.service.ts': "import '../theft/item-pickups.service.ts';\n",
    });
    expect([...new Set(findings.map((f) => f.path))].sort()).toEqual([
      'apps/api/src/modules/docks/docks.service.ts',
      'apps/api/src/modules/docks/gbfs.service.ts',
      'apps/api/src/modules/theft/theft-reports.service.ts',
    ]);
  });
});

describe('import rules of the web app', () => {
  it('lets a feature import shared folders, and app/ import features', async () => {
    expect(
      await lint({
        'apps/web/src/features/search/pages/search-page.tsx':
          "import '../../../components/bike/status-badge.tsx';\nimport '../../../lib/api-client.ts';\n",
        'apps/web/src/app/routes/bike-page.tsx': "import '../../features/bikes/pages/bike-files.tsx';\n",
      }),
    ).toEqual([]);
  });

  it('refuses a feature importing another feature or app/, and shared code importing either', async () => {
    const findings = await lint({
      'apps/web/src/features/search/pages/search-page.tsx': "import '../../bikes/api/get-bike.ts';\n",
      'apps/web/src/features/theft/theft-form.ts': "import '../../app/router.tsx';\n",
      'apps/web/src/lib/format.ts': "import '../features/bikes/pages/bike-files.tsx';\n",
      'apps/web/src/components/bike/status-badge.tsx': "import '../../app/sidebar.ts';\n",
    });
    expect([...new Set(findings.map((f) => f.path))].sort()).toEqual([
      'apps/web/src/components/bike/status-badge.tsx',
      'apps/web/src/features/search/pages/search-page.tsx',
      'apps/web/src/features/theft/theft-form.ts',
      'apps/web/src/lib/format.ts',
    ]);
    expect(new Set(findings.map((f) => f.rule))).toEqual(new Set([RESTRICTED]));
  });
});
