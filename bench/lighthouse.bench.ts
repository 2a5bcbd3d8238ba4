/**
 * Lighthouse (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) on the built web
 * app as the API serves it: performance and accessibility of the public first pages and the stolen-bike
 * map, with the JavaScript, CSS and total bytes each page transferred.
 *
 *   npm run build -w @nbr/web && npx tsx bench/lighthouse.bench.ts    # serves apps/web/dist itself
 *   BENCH_URL=http://127.0.0.1:3107 npx tsx bench/lighthouse.bench.ts  # an already running server
 *   WEB_DIST_DIR=/tmp/other-build npx tsx bench/lighthouse.bench.ts     # another build
 *
 * BENCH_RUNS (default 3) runs per page, the median is printed; BENCH_PAGES (comma-separated paths)
 * narrows the pages; BENCH_VERBOSE=1 lists every request with its transfer size; LIGHTHOUSE_CHROMIUM (default /usr/bin/chromium) is the browser. Lighthouse's
 * simulation is computed from the trace the browser records, so a busy machine lowers the figures:
 * run it on a quiet one. Never fails on scores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import { type BenchServer, startBenchServer } from './support/bench-server.ts';

const PAGES = (process.env.BENCH_PAGES ?? '/,/search,/login,/stolen-bike-map').split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const CHROMIUM = process.env.LIGHTHOUSE_CHROMIUM ?? '/usr/bin/chromium';
const CHROMIUM_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Chromium with its DevTools port open; the port is read from what it prints on start. */
async function startChromium(profileDir: string): Promise<{ browser: ChildProcess; port: number }> {
  const browser = spawn(
    CHROMIUM,
    [...CHROMIUM_FLAGS, '--remote-debugging-port=0', `--user-data-dir=${profileDir}`, 'about:blank'],
    { stdio: ['ignore', 'ignore', 'pipe'] },
  );
  const port = await new Promise<number>((resolve, reject) => {
    let output = '';
    browser.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
      const match = /DevTools listening on ws:\/\/[^:]+:(\d+)\//.exec(output);
      if (match) resolve(Number(match[1]));
    });
    browser.on('exit', (code) =>
      reject(new Error(`${CHROMIUM} exited (${code}) before listening:\n${output}`)),
    );
  });
  return { browser, port };
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};
const kib = (bytes: number) => `${(bytes / 1024).toFixed(0)} KiB`;

const loadAverage = () => os.loadavg()[0]?.toFixed(1) ?? '?';
const benchmarkIndexes: number[] = [];

let server: BenchServer | null = null;
let base = process.env.BENCH_URL;
if (!base) {
  const distDir = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist');
  server = await startBenchServer({ WEB_DIST_DIR: distDir });
  base = server.address;
}

const profileDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-lighthouse-'));
const { browser, port } = await startChromium(profileDir);
try {
  console.log(`Lighthouse (mobile) on ${base}, median of ${RUNS} runs, load average ${loadAverage()}`);
  console.log('page                 perf  a11y   FCP ms   LCP ms   TBT ms     JS      CSS   total');
  for (const page of PAGES) {
    const rows: Array<Record<string, number>> = [];
    for (let run = 0, failures = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${page}`, {
        port,
        logLevel: 'error',
        onlyCategories: ['performance', 'accessibility'],
        // Each run starts cold, as a first visit does (no HTTP cache, no service worker).
        disableStorageReset: false,
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${page}`);
      const { categories, audits, runtimeError, environment } = result.lhr;
      if (runtimeError) {
        // On a busy machine Chromium now and then fails to record the trace (NO_NAVSTART): run again.
        console.log(`${page}: ${runtimeError.code}${failures < 3 ? ', running again' : ''}`);
        if (failures++ < 3) run--;
        continue;
      }
      benchmarkIndexes.push(environment.benchmarkIndex);
      if (process.env.BENCH_VERBOSE === '1') {
        const requests =
          (audits['network-requests']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
        for (const request of requests) {
          console.log(
            `  ${kib(Number(request.transferSize ?? 0)).padStart(8)}  ${String(request.resourceType).padEnd(10)} ${String(request.url).replace(base ?? '', '')}`,
          );
        }
      }
      const items =
        (audits['resource-summary']?.details as { items?: Array<Record<string, unknown>> })?.items ?? [];
      const bytes = (type: string) =>
        Number(items.find((item) => item.resourceType === type)?.transferSize ?? 0);
      rows.push({
        performance: Math.round((categories.performance?.score ?? 0) * 100),
        accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
        fcp: audits['first-contentful-paint']?.numericValue ?? 0,
        lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
        tbt: audits['total-blocking-time']?.numericValue ?? 0,
        script: bytes('script'),
        stylesheet: bytes('stylesheet'),
        total: bytes('total'),
      });
    }
    const at = (key: string) => median(rows.map((row) => row[key] ?? Number.NaN));
    console.log(
      [
        page.padEnd(18),
        String(at('performance')).padStart(6),
        String(at('accessibility')).padStart(5),
        at('fcp').toFixed(0).padStart(8),
        at('lcp').toFixed(0).padStart(8),
        at('tbt').toFixed(0).padStart(8),
        kib(at('script')).padStart(8),
        kib(at('stylesheet')).padStart(8),
        kib(at('total')).padStart(8),
      ].join(' '),
      RUNS > 1 ? `  (performance runs: ${rows.map((row) => row.performance).join(', ')})` : '',
    );
  }
  // Lighthouse's benchmark of this machine's speed at the time (about 1000+ on a quiet desktop): its
  // simulated 4× slowdown multiplies what it measured here, so a low index means pessimistic figures.
  console.log(`benchmark index ${median(benchmarkIndexes).toFixed(0)}, load average ${loadAverage()}`);
} finally {
  const exited = browser.exitCode === null ? once(browser, 'exit') : Promise.resolve();
  browser.kill();
  await exited;
  await rm(profileDir, { recursive: true, force: true, maxRetries: 3 });
  await server?.close();
}
