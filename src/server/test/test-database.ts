import type { DatabaseTarget } from '../db/connect'
import { createScratchPostgresDatabase } from '../db/scratch-database'

/** Which database the API suite runs on: PGlite in memory, or a fresh PostgreSQL database per suite. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

/** A throwaway database for one test file, and how to drop it. */
export async function createTestDatabase(): Promise<{ target: DatabaseTarget; drop: () => Promise<void> }> {
  if (testDatabaseKind === 'pglite') return { target: { kind: 'pglite-memory' }, drop: async () => {} }
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  const { url, drop } = await createScratchPostgresDatabase(serverUrl, 'recovery_desk_test')
  return { target: { kind: 'postgres', url }, drop }
}
