import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/contract/**/*.test.{ts,tsx}', 'tests/integration/**/*.test.{ts,tsx}'],
    exclude: ['tests/e2e/**', 'node_modules/**'],
    // Spec behaviour happy-dom lacks (tests/setup/animations.ts).
    setupFiles: ['tests/setup/animations.ts'],
    // This run's scratch root and PostgreSQL database names, removed and dropped when it ends (no timed hook cleans up).
    globalSetup: ['tests/setup/testRun.ts'],
    // The CI machine is shared (2 cores, other jobs): a React render test that takes 2 s alone can take
    // 10 s under load, 30 s with six CPU-bound processes beside it. A hang still fails, later; speed is measured by bench/, never by a test's timeout.
    testTimeout: 60_000,
    // Set-up and tear-down (a server started on PGlite, a scratch copy removed) get the same room: at load 9-13 a
    // corpus suite's afterAll overran Vitest's default 10 s after 25 minutes of passing tests.
    hookTimeout: 120_000,
    // Every core (Vitest's default leaves one free: a single worker on the 2-core CI machine). Measured here:
    // 9 min 24 s with one worker, 6 min 13 s with two, the same 1656 tests passing.
    maxWorkers: '100%',
  },
});
