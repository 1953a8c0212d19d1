import { randomBytes } from 'node:crypto'
import { mkdtemp, rm, writeFile } from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { TestProject } from 'vitest/node'
import { connectDatabase } from '../db/connect'
import { migrateToLatest } from '../db/migrate'
import { createScratchPostgresDatabase } from '../db/scratch-database'

// Vitest's global setups of the API suites: the schema is migrated once per run, and every test
// file's database starts as a copy of it (a PGlite data directory, a PostgreSQL template) instead
// of running every migration again (test-database.ts).

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding a migrated PGlite database's files. */
    migratedPglite: string
    /** A migrated PostgreSQL database nobody connects to, to copy. */
    migratedPostgresTemplate: string
  }
}

export async function migratedPglite(project: TestProject) {
  const folder = await mkdtemp(path.join(os.tmpdir(), 'recovery-desk-migrated-'))
  const database = await connectDatabase({ kind: 'pglite-memory' })
  try {
    await migrateToLatest(database.db)
    const files = await database.dumpDataDir?.()
    if (!files) throw new Error('An embedded database can be copied.')
    const file = path.join(folder, 'pglite.tar')
    await writeFile(file, Buffer.from(await files.arrayBuffer()))
    project.provide('migratedPglite', file)
  } finally {
    await database.close()
  }
  return () => rm(folder, { recursive: true, force: true })
}

export async function migratedPostgresTemplate(project: TestProject) {
  const serverUrl = process.env.TEST_DATABASE_URL
  if (!serverUrl) throw new Error('The PostgreSQL API suite needs TEST_DATABASE_URL')
  const prefix = `recovery_desk_template_${randomBytes(3).toString('hex')}`
  const { url, drop } = await createScratchPostgresDatabase(serverUrl, prefix)
  const database = await connectDatabase({ kind: 'postgres', url })
  try {
    await migrateToLatest(database.db)
  } finally {
    await database.close()
  }
  project.provide('migratedPostgresTemplate', new URL(url).pathname.slice(1))
  return drop
}
