import { configDefaults, defineConfig } from 'vitest/config'

const apiTests = ['src/server/**/*.test.ts']
/**
 * Server tests that replace a module (vi.mock): they need a module cache of their own, which the
 * API projects do not give each file (below). They touch no database: run once, isolated.
 */
const mockingTests = ['src/server/http/compress-json.test.ts']
const withPostgres = Boolean(process.env.TEST_DATABASE_URL)

/**
 * An API project: the test files of a worker share one module cache (isolate: false), so the
 * server's modules are imported once per worker rather than once per file (3.4 s each, most of a
 * short file's time). Each file still makes its own app over its own database (test/harness.ts);
 * a file that changes anything global (a faked clock) puts it back in afterAll.
 */
const apiProject = (name: string, db: string, globalSetup: string) => ({
  test: {
    name,
    include: apiTests,
    exclude: [...configDefaults.exclude, ...mockingTests],
    env: { TEST_DB: db },
    globalSetup: [globalSetup],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    isolate: false,
  },
})

export default defineConfig({
  test: {
    // Vitest's default is one worker less than the cores: one on the 2-core machines CI runs on,
    // leaving a core idle while the API files (CPU-bound) run one after another.
    maxWorkers: 2,
    projects: [
      { test: { name: 'domain', include: ['src/domain/**/*.test.ts'] } },
      { test: { name: 'scripts', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'web', include: ['src/web/**/*.test.ts'] } },
      { test: { name: 'server-mocking', include: mockingTests } },
      apiProject('api-pglite', 'pglite', 'src/server/test/global-setup-pglite.ts'),
      ...(withPostgres ? [apiProject('api-postgres', 'postgres', 'src/server/test/global-setup-postgres.ts')] : []),
    ],
  },
})
