import { readFile } from 'node:fs/promises'
import { afterAll, beforeAll, inject } from 'vitest'
import { connectDatabase, type Database, type DatabaseTarget } from '../db/connect'
import { createScratchPostgresDatabase } from '../db/scratch-database'

/** Which database the API suite runs on: PGlite in memory, or a fresh PostgreSQL database per suite. */
export const testDatabaseKind = process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite'

type TestDatabase = { target: DatabaseTarget; drop: () => Promise<void> }

/** A throwaway empty database for one test file (to migrate step by step), and how to drop it. */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') return { target: { kind: 'pglite-memory' }, drop: async () => {} }
  const { url, drop } = await createScratchPostgresDatabase(postgresServerUrl(), 'recovery_desk_test')
  return { target: { kind: 'postgres', url }, drop }
}

/**
 * A throwaway database for one test file with the schema migrated: a copy of the one the suite's
 * global setup migrated (migrated-snapshots.ts), which the runtime then finds up to date.
 */
export async function createMigratedTestDatabase(): Promise<TestDatabase> {
  if (testDatabaseKind === 'pglite') {
    const snapshot = new Blob([await readFile(inject('migratedPglite'))])
    return { target: { kind: 'pglite-memory', snapshot }, drop: async () => {} }
  }
  const template = inject('migratedPostgresTemplate')
  const { url, drop } = await createScratchPostgresDatabase(postgresServerUrl(), 'recovery_desk_test', template)
  return { target: { kind: 'postgres', url }, drop }
}

function postgresServerUrl() {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL')
  return serverUrl
}

/**
 * A migration test's database, unmigrated: made before the file's tests, closed and dropped after;
 * `database()` is it, for the tests to migrate step by step.
 */
export function unmigratedDatabaseForFile(): () => Database {
  let database: Database | undefined
  let drop: (() => Promise<void>) | undefined
  beforeAll(async () => {
    const scratch = await createTestDatabase()
    drop = scratch.drop
    database = await connectDatabase(scratch.target)
  })
  afterAll(async () => {
    await database?.close()
    await drop?.()
  })
  return () => {
    if (!database) throw new Error('The database is made before the tests run.')
    return database
  }
}
