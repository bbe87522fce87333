import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright through the gateway, in Debian's Chromium headless shell (never `npx playwright install`).
 * `PINHIVE_BASE_URL` points the tests at another stack (default: the local gateway).
 */
const baseURL = process.env['PINHIVE_BASE_URL'] ?? 'http://localhost:8080';

/**
 * Specs whose assertions read what every test changes at once (the site-wide popular pins): they
 * run alone, one at a time, after the others. Every other spec signs up its own accounts, names
 * its boards and words with uniqueName/uniqueWord and serves its outside page on its worker's own
 * port, so two of them run side by side (docs/decisions/test-suite-speed.md).
 */
const SHARED = ['popular.spec.ts'];

/**
 * Specs that need the full Chromium: the headless shell has no FedCM account chooser (one-tap's
 * second prompt failed "Dialog ID does not match current dialog"), and a link that opens a tab
 * through a redirect to a routed https page never showed that page in it.
 */
const FULL_BROWSER = ['one-tap.spec.ts', 'offsite.spec.ts'];

/**
 * Debian's chromium-headless-shell: the browser without its UI and GPU process, what Playwright
 * runs headless itself; about a third less CPU per test than the full Chromium
 * (docs/decisions/test-suite-speed.md). PINHIVE_CHROMIUM=/usr/bin/chromium runs every spec in the full one.
 */
const HEADLESS_SHELL = process.env['PINHIVE_CHROMIUM'] ?? '/usr/bin/chromium-headless-shell';

const chromium = {
  ...devices['Desktop Chrome'],
  launchOptions: {
    executablePath: HEADLESS_SHELL,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      // Chromium resolves "localhost" itself and prefers ::1, where the gateway also
      // listens; the IP rule exempts only 127.0.0.1, and human-check.spec.ts exhausts it
      // for ::1 on purpose. Addresses typed as [::1] are literals and stay IPv6.
      '--host-resolver-rules=MAP localhost 127.0.0.1',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  },
};

export default defineConfig({
  testDir: './tests',
  outputDir: 'test-results',
  fullyParallel: false,
  // Three on the 2-core machine: in the headless shell a test leaves a core idle part of the time
  // (waits on the stack and on timers); 108 tests took 270 s on three, 334 s on two
  // (docs/decisions/test-suite-speed.md). PINHIVE_E2E_WORKERS=1 runs one spec at a time; at most 4
  // (the outside page's ports, scripts/stack.mjs E2E_PAGE_SERVER_PORTS).
  workers: Number(process.env['PINHIVE_E2E_WORKERS'] ?? 3),
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: 'list',
  // Room for three workers on a busy 2-core machine: a test that passes takes no longer for it.
  timeout: 90_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    // A trace is recorded for every test and thrown away when it passes: about 30 % of the
    // browser tier's CPU (Chromium's screenshots and snapshots) on 3 specs measured. Off unless
    // asked (PINHIVE_E2E_TRACE=1 keeps a failure's trace); a failure still leaves its screenshot.
    trace: process.env['PINHIVE_E2E_TRACE'] ? 'retain-on-failure' : 'off',
    screenshot: 'only-on-failure',
  },
  projects: [
    { name: 'chromium', use: chromium, testIgnore: [...SHARED, ...FULL_BROWSER] },
    { name: 'chromium-full', use: { ...chromium, launchOptions: { ...chromium.launchOptions, executablePath: '/usr/bin/chromium' } }, testMatch: FULL_BROWSER },
    // After every other spec (a failure there skips these), on one worker.
    { name: 'chromium-shared', use: chromium, testMatch: SHARED, dependencies: ['chromium', 'chromium-full'], workers: 1 },
  ],
});
