import { defineConfig, devices } from '@playwright/test';

/**
 * Playwright through the gateway, in Debian's Chromium (never `npx playwright install`).
 * `PINHIVE_BASE_URL` points the tests at another stack (default: the local gateway).
 */
const baseURL = process.env['PINHIVE_BASE_URL'] ?? 'http://localhost:8080';

export default defineConfig({
  testDir: './tests',
  outputDir: 'test-results',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  forbidOnly: Boolean(process.env['CI']),
  reporter: 'list',
  timeout: 60_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          executablePath: '/usr/bin/chromium',
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
      },
    },
  ],
});
