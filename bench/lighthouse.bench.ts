/**
 * Lighthouse (mobile: Moto G Power emulation, simulated slow 4G and 4× CPU slowdown) on the built web
 * app as the API serves it: performance, LCP, TBT, CLS and accessibility of the public pages (painted
 * on the server, issue 31), each beside a plain static HTML page of the same visible content served by
 * the same server in the same run, so what the machine costs and what the app costs can be told apart.
 *
 *   npm run build -w @nbr/web && npx tsx bench/lighthouse.bench.ts    # serves apps/web/dist itself
 *   BENCH_URL=http://127.0.0.1:3107 npx tsx bench/lighthouse.bench.ts  # an already running server
 *   WEB_DIST_DIR=/tmp/other-build npx tsx bench/lighthouse.bench.ts     # another build
 *
 * The bench makes the data the pages show through the server's HTTP API (support/public-data.ts: a
 * person, a registered bike with a sticker, a bike reported stolen), so the server must not be a
 * production one. Its own server runs on PGlite, or with BENCH_DATABASE_URL on that PostgreSQL in a
 * schema of its own. The static reference of a page is the page as Chromium shows it once loaded
 * (document.documentElement.outerHTML) without its scripts and script preloads, stylesheets kept,
 * written to `<build>/assets/bench-static/` (the server serves the build's assets as they are) and removed
 * after the run; with BENCH_URL the server must serve WEB_DIST_DIR (default apps/web/dist).
 *
 * BENCH_RUNS (default 3) runs per page and per reference, alternating, the median is printed;
 * BENCH_PAGES (comma-separated paths; {frame}, {sticker} and {stolenBike} stand for the data made)
 * narrows the pages; BENCH_STATIC=0 skips the static references; BENCH_VERBOSE=1 lists every request
 * with its transfer size and what the LCP and the blocking time are made of; BENCH_THROTTLING=devtools
 * throttles the browser itself instead of simulating (slower, closer to a real phone); LIGHTHOUSE_CHROMIUM
 * (default /usr/bin/chromium) is the browser. Lighthouse's simulation is computed from the trace the
 * browser records, so a busy machine lowers the figures: run it on a quiet one, and read the app's
 * figures against the static page's of the same run. Never fails on scores.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import lighthouse from 'lighthouse';
import { type BenchServer, startBenchServer } from './support/bench-server.ts';
import { makePublicData } from './support/public-data.ts';

const PAGES = (
  process.env.BENCH_PAGES ??
  '/,/search,/search?q={frame},/login,/sticker-id/{sticker},/stolen-bike-map/{stolenBike},/stolen-bike-map'
).split(',');
const RUNS = Number(process.env.BENCH_RUNS ?? 3);
const WITH_STATIC = process.env.BENCH_STATIC !== '0';
const VERBOSE = process.env.BENCH_VERBOSE === '1';
/**
 * Lighthouse's own way (`simulate`: the load is recorded unthrottled and slow 4G and a 4× slower CPU
 * are simulated from it), or `devtools`: the browser itself is throttled while it loads the page.
 */
const THROTTLING = process.env.BENCH_THROTTLING === 'devtools' ? 'devtools' : 'simulate';
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
/** Where the static references go, inside the build the server serves. */
/** Under the build's assets, which the server serves by address (the rest of the build by its own routes, made at start). */
const STATIC_FOLDER = 'assets/bench-static';

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

type Details = { items?: Array<Record<string, unknown>> };
type Figures = Record<
  'performance' | 'accessibility' | 'fcp' | 'lcp' | 'tbt' | 'cls' | 'script' | 'total',
  number
>;

/** A short file name for a page's static reference: `/search?q=…` → `search-q`. */
function staticNameOf(page: string): string {
  const [pathname = '', query] = page.split('?');
  const name = pathname.split('/').filter(Boolean)[0] ?? 'home';
  const detail = pathname.split('/').filter(Boolean).length > 1 ? '-one' : '';
  return `${name}${detail}${query ? `-${query.split('=')[0]}` : ''}`;
}

/**
 * The page as a mobile Chromium shows it once loaded, without its scripts: every `<script>` (the app,
 * the serialised page state, the service worker's registration) and every script or data preload
 * removed; stylesheets, fonts, images and the markup kept.
 */
async function staticCopyOf(url: string): Promise<string> {
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox'] });
  try {
    const context = await browser.newContext({
      viewport: { width: 412, height: 823 },
      deviceScaleFactor: 1.75,
      isMobile: true,
      hasTouch: true,
    });
    const tab = await context.newPage();
    await tab.goto(url, { waitUntil: 'networkidle', timeout: 60_000 }).catch(async (error: unknown) => {
      console.log(
        `  ${url}: ${error instanceof Error ? error.message.split('\n')[0] : error}; copying it as it is`,
      );
    });
    // A page the browser renders itself (not painted) may be empty at the first quiet moment.
    await tab.waitForFunction('document.querySelector("#root h1")', null, { timeout: 30_000 }).catch(() => {
      console.log(`  ${url}: no heading after 30 s; copying it as it is`);
    });
    if (VERBOSE) {
      // What the browser took as the largest paint and what shifted, unthrottled (Lighthouse 12.2
      // cannot always name the LCP element from this Chromium's trace).
      const seen = await tab.evaluate(`new Promise((resolve) => {
        const describe = (node) => node ? (node.nodeName + (node.id ? '#' + node.id : '') + (node.className && typeof node.className === 'string' ? '.' + node.className.split(' ')[0] : '') + ' "' + (node.textContent || '').trim().slice(0, 60) + '"') : 'gone';
        const found = [];
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) found.push('LCP candidate at ' + Math.round(entry.startTime) + ' ms: ' + describe(entry.element));
        }).observe({ type: 'largest-contentful-paint', buffered: true });
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries()) found.push('layout shift ' + entry.value.toFixed(3) + ' at ' + Math.round(entry.startTime) + ' ms: ' + (entry.sources || []).map((source) => describe(source.node)).join(', '));
        }).observe({ type: 'layout-shift', buffered: true });
        setTimeout(() => resolve(found), 100);
      })`);
      for (const line of seen as string[]) console.log(`  ${new URL(url).pathname}: ${line}`);
    }
    // Evaluated in the page (a string: this file is type-checked without the DOM's types).
    const html = await tab.evaluate(`(() => {
      const root = document.documentElement.cloneNode(true);
      const selector = 'script, link[rel="modulepreload"], link[rel="preload"][as="script"], link[rel="preload"][as="fetch"]';
      for (const element of root.querySelectorAll(selector)) element.remove();
      return root.outerHTML;
    })()`);
    // Stylesheets the app added itself are named with the server's origin: the copy names them by path.
    return `<!doctype html>\n${String(html).replaceAll(new URL(url).origin, '')}`;
  } finally {
    await browser.close();
  }
}

/** What the LCP and the blocking time of a run are made of (BENCH_VERBOSE=1). */
function explainRun(
  audits: Record<string, { details?: unknown; numericValue?: number } | undefined>,
  base: string,
) {
  const short = (url: unknown) => String(url).replace(base, '');
  const requests = (audits['network-requests']?.details as Details)?.items ?? [];
  for (const request of requests) {
    console.log(
      `    ${kib(Number(request.transferSize ?? 0)).padStart(8)}  ${String(request.resourceType).padEnd(10)} ${String(request.priority ?? '').padEnd(8)} ${Math.round(Number(request.networkRequestTime ?? 0))}–${Math.round(Number(request.networkEndTime ?? 0))} ms ${short(request.url)}`,
    );
  }
  // The unthrottled load's own times: Lighthouse simulates slow 4G from the requests and tasks before them.
  const observed = ((audits.metrics?.details as Details)?.items ?? [])[0] ?? {};
  console.log(
    `    observed (unthrottled): FCP ${Math.round(Number(observed.observedFirstContentfulPaint))} ms, LCP ${Math.round(Number(observed.observedLargestContentfulPaint))} ms, DOMContentLoaded ${Math.round(Number(observed.observedDomContentLoaded))} ms`,
  );
  const lcpAudit = audits['largest-contentful-paint-element'] as
    | { details?: unknown; scoreDisplayMode?: string; errorMessage?: string }
    | undefined;
  const lcpParts = ((lcpAudit?.details as Details)?.items ?? []) as Details[];
  const element = lcpParts[0]?.items?.[0]?.node as { nodeLabel?: string; snippet?: string } | undefined;
  // Lighthouse 12.2 cannot always read the element from a newer Chromium's trace (`frame_sequence`).
  console.log(
    `    LCP element: ${element ? `${element.snippet} (${element.nodeLabel})` : `not known (${lcpAudit?.errorMessage?.slice(0, 120) ?? lcpAudit?.scoreDisplayMode})`}`,
  );
  for (const phase of lcpParts[1]?.items ?? []) {
    console.log(`      ${String(phase.phase).padEnd(20)} ${Math.round(Number(phase.timing ?? 0))} ms`);
  }
  const shifts = (audits['layout-shifts']?.details as Details)?.items ?? [];
  for (const shift of shifts.slice(0, 5)) {
    const node = shift.node as { snippet?: string; nodeLabel?: string } | undefined;
    console.log(
      `    layout shift ${Number(shift.score).toFixed(3)}: ${node?.snippet ?? 'unattributed'} (${node?.nodeLabel ?? ''})`,
    );
  }
  const blocking = (audits['render-blocking-resources']?.details as Details)?.items ?? [];
  for (const item of blocking) console.log(`    render-blocking: ${short(item.url)} (${item.wastedMs} ms)`);
  const tasks = (audits['long-tasks']?.details as Details)?.items ?? [];
  for (const task of tasks.slice(0, 8)) {
    console.log(
      `    long task ${Math.round(Number(task.duration))} ms at ${Math.round(Number(task.startTime))} ms: ${short(task.url)}`,
    );
  }
  const bootup = (audits['bootup-time']?.details as Details)?.items ?? [];
  for (const item of bootup.slice(0, 6)) {
    console.log(
      `    script ${short(item.url)}: ${Math.round(Number(item.total))} ms (${Math.round(Number(item.scripting))} ms evaluating, ${Math.round(Number(item.scriptParseCompile))} ms parsing)`,
    );
  }
}

const benchmarkIndexes: number[] = [];

/** One Lighthouse run of `url`, cold (no HTTP cache, no service worker), or null when it failed. */
async function measure(url: string, port: number, base: string): Promise<Figures | null> {
  const result = await lighthouse(url, {
    port,
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    disableStorageReset: false,
    throttlingMethod: THROTTLING,
  });
  if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
  const { categories, audits, runtimeError, environment } = result.lhr;
  if (runtimeError) {
    // On a busy machine Chromium now and then fails to record the trace (NO_NAVSTART).
    console.log(`  ${url.replace(base, '')}: ${runtimeError.code}`);
    return null;
  }
  benchmarkIndexes.push(environment.benchmarkIndex);
  if (VERBOSE) {
    console.log(
      `  ${url.replace(base, '')}: performance ${Math.round((categories.performance?.score ?? 0) * 100)}`,
    );
    explainRun(audits, base);
  }
  const items = (audits['resource-summary']?.details as Details)?.items ?? [];
  const bytes = (type: string) => Number(items.find((item) => item.resourceType === type)?.transferSize ?? 0);
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    accessibility: Math.round((categories.accessibility?.score ?? 0) * 100),
    fcp: audits['first-contentful-paint']?.numericValue ?? 0,
    lcp: audits['largest-contentful-paint']?.numericValue ?? 0,
    tbt: audits['total-blocking-time']?.numericValue ?? 0,
    cls: audits['cumulative-layout-shift']?.numericValue ?? 0,
    script: bytes('script'),
    total: bytes('total'),
  };
}

/** RUNS good runs of a page (up to three failed runs are run again), by figure. */
async function measureRuns(url: string, port: number, base: string, runs: Figures[]): Promise<void> {
  for (let failures = 0; failures <= 3; failures++) {
    const figures = await measure(url, port, base);
    if (figures) {
      runs.push(figures);
      return;
    }
  }
}

const distDir = process.env.WEB_DIST_DIR ?? path.resolve(import.meta.dirname, '../apps/web/dist');
let server: BenchServer | null = null;
let base = process.env.BENCH_URL;
if (!base) {
  // The server paints with React's production build, as a deployment does (Dockerfile: NODE_ENV=
  // production; react-dom/server picks its build when the painter is loaded); the app's own
  // configuration stays that of a test server (bench-server.ts), with the /dev stand-ins the data needs.
  process.env.NODE_ENV = 'production';
  server = await startBenchServer({ WEB_DIST_DIR: distDir });
  base = server.address;
}
const staticDir = path.join(distDir, STATIC_FOLDER);

const profileDir = await mkdtemp(path.join(os.tmpdir(), 'nbr-lighthouse-'));
const { browser, port } = await startChromium(profileDir);
try {
  const data = await makePublicData(base);
  const pages = PAGES.map((page) =>
    page
      .replaceAll('{frame}', encodeURIComponent(data.frameNumber))
      .replaceAll('{sticker}', encodeURIComponent(data.sticker))
      .replaceAll('{stolenBike}', data.stolenBikeId),
  );
  console.log(
    `data: frame number ${data.frameNumber}, sticker ${data.sticker}, stolen bike ${data.stolenBikeId}`,
  );

  // The static references, made before any run so that each page's runs alternate app and reference.
  const references = new Map<string, string>();
  if (WITH_STATIC) {
    await mkdir(staticDir, { recursive: true });
    for (const page of pages) {
      const name = `${staticNameOf(page)}.html`;
      await writeFile(path.join(staticDir, name), await staticCopyOf(`${base}${page}`));
      const served = await fetch(`${base}/${STATIC_FOLDER}/${name}`);
      if (served.ok && served.headers.get('content-type')?.startsWith('text/html')) {
        references.set(page, `/${STATIC_FOLDER}/${name}`);
      } else {
        console.log(`  ${base} does not serve ${staticDir} (${served.status}): no static reference`);
      }
    }
  }

  console.log(
    `Lighthouse 12 (mobile) on ${base}, median of ${RUNS} runs; app | static reference of the same content, same server`,
  );
  console.log(
    'page                         perf app/static (Δ)   LCP ms app/static   TBT ms app/static   CLS app/static  a11y app/static   FCP ms     JS    total   load',
  );
  for (const page of pages) {
    const app: Figures[] = [];
    const reference: Figures[] = [];
    const referencePath = references.get(page);
    for (let run = 0; run < RUNS; run++) {
      await measureRuns(`${base}${page}`, port, base, app);
      if (referencePath) await measureRuns(`${base}${referencePath}`, port, base, reference);
    }
    const at = (rows: Figures[], key: keyof Figures) => median(rows.map((row) => row[key]));
    const pair = (key: keyof Figures, digits = 0) =>
      `${at(app, key).toFixed(digits)}/${referencePath ? at(reference, key).toFixed(digits) : '–'}`;
    const difference = referencePath ? at(app, 'performance') - at(reference, 'performance') : Number.NaN;
    console.log(
      [
        (page.length > 28 ? `${page.slice(0, 27)}…` : page).padEnd(28),
        `${pair('performance')} (${Number.isNaN(difference) ? '–' : difference > 0 ? `+${difference}` : difference})`.padStart(
          20,
        ),
        pair('lcp').padStart(19),
        pair('tbt').padStart(19),
        pair('cls', 3).padStart(15),
        pair('accessibility').padStart(15),
        at(app, 'fcp').toFixed(0).padStart(9),
        kib(at(app, 'script')).padStart(8),
        kib(at(app, 'total')).padStart(8),
        loadAverage().padStart(6),
      ].join(' '),
      `  (runs app: ${app.map((row) => row.performance).join(', ')}${referencePath ? `; static: ${reference.map((row) => row.performance).join(', ')}` : ''})`,
    );
  }
  // Lighthouse's benchmark of this machine's speed at the time (about 1000+ on a quiet desktop): its
  // simulated 4× slowdown multiplies what it measured here, so a low index means pessimistic figures.
  console.log(
    `benchmark index ${median(benchmarkIndexes).toFixed(0)}, load average ${os
      .loadavg()
      .map((value) => value.toFixed(1))
      .join(' ')}`,
  );
} finally {
  const exited = browser.exitCode === null ? once(browser, 'exit') : Promise.resolve();
  browser.kill();
  await exited;
  await rm(profileDir, { recursive: true, force: true, maxRetries: 3 });
  await rm(staticDir, { recursive: true, force: true });
  await server?.close();
}
