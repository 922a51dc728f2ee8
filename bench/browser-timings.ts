/**
 * The landing page and the demo in a real browser (issue 18): Debian's Chromium through Playwright,
 * against `npm start`'s server with the built-in AWS simulator once the demo account is synced.
 *
 * - Landing: the Largest Contentful Paint of `/` on a first visit (a fresh browser context, so no
 *   cache), as the browser reports it (`largest-contentful-paint` entries). Alternating with it, the
 *   same visit answered with the build's empty index.html, as `/` was sent before the build rendered
 *   it (decision 070): that answer comes from the bench's memory, so if anything it favours the shell.
 * - Demo: from the click on "Try the demo" to a dashboard with numbers (the month-to-date card shows
 *   dollars and the chart has drawn its bars), on a fresh context that has just loaded the landing page.
 * - Scripts: the bytes of every script the browser fetched until the dashboard had numbers, as they
 *   travelled (the server sends the build's Brotli twins) and decoded.
 *
 *   npm run bench -- browser-timings
 *   RUNS=20 BENCH_DATA_DIR=/tmp/demo npm run bench -- browser-timings   # keeps the synced demo
 */
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type Browser, chromium } from '@playwright/test';
import { demoDashboardRequest, startDemoServer } from './support/demo-server-process.ts';

const RUNS = Number(process.env.RUNS ?? 10);
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

const quantile = (values: number[], share: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)] ?? Number.NaN;
};
const ms = (value: number) => `${Math.round(value)} ms`;

/**
 * The LCP of a first visit to `/`, once the page has loaded and its network is quiet; with `shell`, the
 * document is answered with that HTML instead of the server's.
 */
async function landingLcp(browser: Browser, url: string, shell?: string): Promise<number> {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    if (shell !== undefined) {
      await page.route(`${url}/`, (route) =>
        route.fulfill({ status: 200, contentType: 'text/html', body: shell }),
      );
    }
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    return await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          new PerformanceObserver((list) => {
            const entries = list.getEntries();
            resolve(entries[entries.length - 1]?.startTime ?? Number.NaN);
          }).observe({ type: 'largest-contentful-paint', buffered: true });
        }),
    );
  } finally {
    await context.close();
  }
}

/** From the click on "Try the demo" to the month-to-date card in dollars and the chart's bars. */
async function demoToNumbers(browser: Browser, url: string) {
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  try {
    const page = await context.newPage();
    const scripts: Promise<number>[] = [];
    const decoded: Promise<number>[] = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script') return;
      scripts.push(
        response
          .request()
          .sizes()
          .then((sizes) => sizes.responseBodySize)
          .catch(() => 0),
      );
      decoded.push(
        response.body().then(
          (body) => body.length,
          () => 0,
        ),
      );
    });
    await page.goto(`${url}/`, { waitUntil: 'networkidle' });
    const tryDemo = page.getByTestId('try-demo');
    await tryDemo.waitFor();
    const started = performance.now();
    await tryDemo.click();
    try {
      await page
        .getByTestId('card-month-to-date-value')
        .filter({ hasText: /^\$[\d,]+/ })
        .waitFor({ timeout: 60_000 });
      await page
        .getByTestId('spend-chart')
        .locator('.recharts-bar-rectangle')
        .first()
        .waitFor({ timeout: 60_000 });
    } catch (error) {
      const screenshot = path.join(os.tmpdir(), 'browser-timings-failure.png');
      await page.screenshot({ path: screenshot, fullPage: true });
      throw new Error(`${(error as Error).message}\nThe page as it was: ${screenshot}`);
    }
    const elapsed = performance.now() - started;
    const total = async (sizes: Promise<number>[]) => (await Promise.all(sizes)).reduce((a, b) => a + b, 0);
    return {
      elapsed,
      scriptBytes: await total(scripts),
      scriptFiles: scripts.length,
      decodedBytes: await total(decoded),
    };
  } finally {
    await context.close();
  }
}

const build = spawnSync('npx', ['vite', 'build', '--logLevel', 'warn'], { stdio: 'inherit' });
if (build.status !== 0) process.exit(build.status ?? 1);

const keep = process.env.BENCH_DATA_DIR || undefined;
const dataDir = keep ?? fs.mkdtempSync(path.join(os.tmpdir(), 'spendguard-browser-bench-'));
const server = await startDemoServer(dataDir, {
  NODE_ENV: 'production',
  API_RATE_LIMIT_PER_MINUTE: '100000',
});
let browser: Browser | undefined;
try {
  await demoDashboardRequest(server.url);
  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--no-first-run',
      '--disable-background-networking',
    ],
  });
  // One visit of each first, so the server's caches and the OS's file cache are warm, as for a visitor.
  const shell = await (await fetch(`${server.url}/index.html`)).text();
  await landingLcp(browser, server.url);
  await landingLcp(browser, server.url, shell);
  await demoToNumbers(browser, server.url);
  const lcps: number[] = [];
  const shellLcps: number[] = [];
  const demos: number[] = [];
  let scripts = { scriptBytes: 0, scriptFiles: 0, decodedBytes: 0 };
  for (let run = 0; run < RUNS; run++) {
    lcps.push(await landingLcp(browser, server.url));
    shellLcps.push(await landingLcp(browser, server.url, shell));
    const demo = await demoToNumbers(browser, server.url);
    demos.push(demo.elapsed);
    scripts = demo;
  }
  console.log(
    `\nChromium ${browser.version()}, ${RUNS} first visits each, load average ${os.loadavg()[0]?.toFixed(1)}`,
  );
  console.log(
    `  landing LCP                 median ${ms(quantile(lcps, 0.5))}, p90 ${ms(quantile(lcps, 0.9))}, max ${ms(Math.max(...lcps))} (aim < 1 s)`,
  );
  console.log(
    `  the same, as an empty shell median ${ms(quantile(shellLcps, 0.5))}, p90 ${ms(quantile(shellLcps, 0.9))}, max ${ms(Math.max(...shellLcps))} (rendered: ${(quantile(lcps, 0.5) / quantile(shellLcps, 0.5)).toFixed(2)}x the shell's median)`,
  );
  console.log(
    `  "Try the demo" → numbers    median ${ms(quantile(demos, 0.5))}, p90 ${ms(quantile(demos, 0.9))}, max ${ms(Math.max(...demos))} (aim < 2 s)`,
  );
  const kib = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
  console.log(
    `  scripts until numbers       ${scripts.scriptFiles} files, ${kib(scripts.scriptBytes)} on the wire, ${kib(scripts.decodedBytes)} decoded`,
  );
} finally {
  await browser?.close();
  await server.stop();
  if (!keep) fs.rmSync(dataDir, { recursive: true, force: true });
}
