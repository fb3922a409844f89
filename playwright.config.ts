/**
 * End-to-end tests (`npm run test:e2e`): @playwright/test in Debian's Chromium against the real server,
 * started once for the run by tests/e2e/globalSetup.ts (fresh DATA_DIR, free port, dist/ must be built).
 * Shared fixtures (CSP and page-error guard, axe on every visited page): tests/e2e/fixtures.ts.
 * @example
 * npx playwright test tests/e2e/account.spec.ts -g "forgot password"   # one test
 * npx playwright show-report playwright-report                          # the HTML report; traces of failures inside
 */
import { defineConfig } from '@playwright/test';

/** Debian's Chromium, headless, without the background traffic a test does not want. */
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
  '--disable-background-networking', '--disable-component-update', '--disable-sync'];

export default defineConfig({
  testDir: 'tests/e2e',
  testMatch: '*.spec.ts',
  globalSetup: './tests/e2e/globalSetup.ts',
  // Traces and failure screenshots; test-results/screenshots/ (the tests' own pictures) is not under it.
  outputDir: 'test-results/e2e',
  reporter: [['list'], ['html', { open: 'never', outputFolder: 'playwright-report' }]],
  // A failure is a failure in CI; locally one retry shows an intermittent failure as "flaky".
  retries: process.env.CI ? 0 : 1,
  // 2 cores: the server and one Chromium per worker share them; spec files run side by side, a file's tests in order.
  workers: 2,
  fullyParallel: false,
  // Generous: a shared 2-core machine under load can take several times the idle duration.
  timeout: 120_000,
  // A page's answer under load (six CPU-bound processes beside the run) can take several seconds: assertions and
  // actions wait up to 20 s; what should not appear is checked at once (not.toBeVisible resolves when absent).
  expect: { timeout: 20_000 },
  use: {
    browserName: 'chromium',
    headless: true,
    launchOptions: { executablePath: '/usr/bin/chromium', args: CHROMIUM_ARGS },
    viewport: { width: 1280, height: 900 },
    actionTimeout: 20_000,
    navigationTimeout: 30_000,
    // A trace costs a fifth of the run's time (DOM snapshots and screencast frames of every action: calculator and
    // homes specs 160 s with, 128 s without). CI keeps none (no retries, nothing to fetch them from); a local
    // failure is retried once with a trace.
    trace: process.env.CI ? 'off' : 'on-first-retry',
    screenshot: 'only-on-failure',
  },
});
