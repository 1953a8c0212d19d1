import { defineConfig } from 'vitest/config'

const apiTests = ['src/server/**/*.test.ts']
const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['src/domain/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'web', include: ['src/web/**/*.test.ts'] } },
      {
        test: {
          name: 'api-pglite',
          include: apiTests,
          env: { TEST_DB: 'pglite' },
          globalSetup: ['src/server/test/global-setup-pglite.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      ...(withPostgres
        ? [
            {
              test: {
                name: 'api-postgres',
                include: apiTests,
                env: { TEST_DB: 'postgres' },
                globalSetup: ['src/server/test/global-setup-postgres.ts'],
                testTimeout: 30_000,
                hookTimeout: 60_000,
              },
            },
          ]
        : []),
    ],
  },
})
