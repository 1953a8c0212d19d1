import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { defineConfig } from '@playwright/test'
import { E2E_BASE_URL, E2E_PORT as port } from './e2e/ports'

// One fresh embedded database per run; set here so the web server and the workers agree.
process.env.E2E_DATA_DIR ??= fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-e2e-'))

// With a PostgreSQL server (CI sets TEST_DATABASE_URL), two more instances share one database
// on it, for the spec that changes a case through one and watches it in a browser on the other.
const postgresUrl = process.env.TEST_DATABASE_URL
process.env.E2E_PG_DATABASE ??= `recovery_desk_e2e_${Date.now()}`

const serverEnv = {
  NODE_ENV: 'production',
  // Production refuses to start without it (a secret kept in the database could be read with the sessions).
  AUTH_SECRET: 'e2e-secret-that-is-long-enough-for-hmac-signing',
  ADMIN_EMAIL: 'admin@example.com',
  ADMIN_PASSWORD: 'Bootstrap-pass-1',
  SIGN_IN_RATE_LIMIT: '1000/60',
  LOG_LEVEL: 'warn',
}

function postgresInstance(instancePort: number) {
  const databaseUrl = new URL(postgresUrl ?? 'postgres://unused')
  databaseUrl.pathname = `/${process.env.E2E_PG_DATABASE}`
  return {
    command:
      'npx tsx e2e/create-postgres-database.ts && npx tsx e2e/seed.ts && node --enable-source-maps --max-semi-space-size=8 dist/server/main.mjs',
    url: `http://localhost:${instancePort}/api/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe' as const,
    stderr: 'pipe' as const,
    env: {
      ...serverEnv,
      PORT: String(instancePort),
      PUBLIC_URL: `http://localhost:${instancePort}`,
      DATABASE_URL: databaseUrl.toString(),
    },
  }
}

export default defineConfig({
  testDir: 'e2e',
  globalTeardown: './e2e/global-teardown.ts',
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  reporter: process.env.CI ? [['list']] : [['list'], ['html', { open: 'never' }]],
  timeout: 30_000,
  expect: { timeout: 10_000 },
  use: {
    baseURL: E2E_BASE_URL,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
        '--disable-quic',
        '--no-first-run',
      ],
    },
  },
  webServer: [
    {
      command: 'npx tsx e2e/seed.ts && node --enable-source-maps --max-semi-space-size=8 dist/server/main.mjs',
      url: `${E2E_BASE_URL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...serverEnv, PORT: String(port), PUBLIC_URL: E2E_BASE_URL, DATA_DIR: process.env.E2E_DATA_DIR },
    },
    ...(postgresUrl ? [postgresInstance(port + 1), postgresInstance(port + 2)] : []),
  ],
})
