import { defineConfig, devices } from '@playwright/test';

const E2E_PORT = Number(process.env.E2E_PORT ?? 3999);

/** Debian's Chromium, never a downloaded browser (override with CHROMIUM_PATH). */
const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export default defineConfig({
  testDir: 'e2e',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 2,
  retries: process.env.CI ? 1 : 0,
  // The most a whole spec may take, not a wait: the longest person's journeys (two browsers chatting, a
  // FOCUS upload split by provider on a desk and a phone) took 28-58 s on a machine where the suite ran
  // twice as long as before (11 min instead of 5.3), and one ran out of 60 s on its last step.
  timeout: 120_000,
  // Two workers share one server on the embedded database: while one spec's demo sync swaps its billing
  // periods in, the other's reads wait behind that transaction (PGlite's long holds), so a
  // person's wait for a state gets 20 s, not 10.
  expect: { timeout: 20_000 },
  reporter: process.env.CI ? [['list'], ['html', { open: 'never' }]] : [['list']],
  globalSetup: './e2e/support/global-setup.ts',
  use: {
    baseURL: `http://127.0.0.1:${E2E_PORT}`,
    // Recording a trace of every test cost CI's browser suite 40% of its time (12.6 min against 7.7, decision
    // 071). A failed test is run again with one recorded; a local run records none (`--trace on` for one).
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
    ...devices['Desktop Chrome'],
    viewport: { width: 1440, height: 900 },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [
    { name: 'chromium', testIgnore: /phone\.spec\.ts$/ },
    // The main screens on a phone; only its own spec, so the desktop specs do not run twice.
    {
      name: 'phone',
      testMatch: /phone\.spec\.ts$/,
      use: { viewport: { width: 390, height: 844 }, hasTouch: true },
    },
  ],
});
