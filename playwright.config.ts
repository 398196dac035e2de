import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from '@playwright/test';

const PORT = Number(process.env.E2E_PORT ?? 3199);
/** Each run starts the real server on a fresh embedded database seeded with the demo organisation. */
const dataDir = process.env.E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'pt-e2e-'));

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  // A test's whole budget: the multi-user walks open a dozen pages, and on a busy two-core machine
  // that passed 30 s while every step still succeeded. Each assertion keeps its own 10 s below.
  timeout: 60_000,
  expect: {
    timeout: 10_000,
    // Goldens named by the test's argument only: the same file on every platform.
    toHaveScreenshot: { pathTemplate: '{testDir}/{testFilePath}-snapshots/{arg}{ext}' },
  },
  reporter: [['list']],
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--no-first-run',
      ],
    },
    trace: 'off',
    screenshot: 'only-on-failure',
  },
  webServer: {
    command: 'node --import tsx src/server/main.ts',
    url: `http://127.0.0.1:${PORT}/users/sign_in`,
    timeout: 180_000,
    reuseExistingServer: false,
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DEMO_SEED: 'on',
      DEMO_PASSWORD: 'demo-password',
      SIGN_IN_RATE_LIMIT: '1000',
      // The browser suites share one server with parallel workers: budgets far above what they use.
      DB_STATEMENT_TIMEOUT_MS: '30000',
      API_RATE_LIMIT_AUTHENTICATED: '1000000',
      API_RATE_LIMIT_UNAUTHENTICATED: '1000000',
      LOG_LEVEL: 'warn',
    },
  },
});
