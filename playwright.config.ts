import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';

const port = Number(process.env.E2E_PORT ?? 4399);
// Playwright's own browser where installed; Debian's Chromium otherwise (no browser download here).
const systemChromium = '/usr/bin/chromium';
const useSystemChromium = !process.env.PLAYWRIGHT_BROWSERS_PATH && existsSync(systemChromium);

export default defineConfig({
  testDir: 'tests/e2e',
  // Its own folder: Playwright empties it at start, and test-results/ also holds the other runs' reports.
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  timeout: 30_000,
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    ...devices['Desktop Chrome'],
    launchOptions: useSystemChromium
      ? {
          executablePath: systemChromium,
          args: [
            '--no-sandbox',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        }
      : {},
  },
  webServer: {
    // The production build, started the way `npm start` does, on a fresh database.
    command: 'node --import tsx scripts/e2e-server.ts',
    // 200 once migrated, seeded and the page cache is warm.
    url: `http://127.0.0.1:${port}/api/ready`,
    timeout: 180_000,
    reuseExistingServer: false,
    // SIGTERM, so the server script drops its fresh database before it exits.
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'pipe',
    stderr: 'pipe',
    env: { PORT: String(port), HOST: '127.0.0.1', SITE_URL: `http://127.0.0.1:${port}` },
  },
});
