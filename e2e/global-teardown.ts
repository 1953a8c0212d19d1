import fs from 'node:fs'
import pg from 'pg'

/** Removes the run's embedded database and, when there was one, the two-instance PostgreSQL database. */
export default async function globalTeardown() {
  const dataDir = process.env.E2E_DATA_DIR
  if (dataDir?.includes('recovery-desk-e2e-')) fs.rmSync(dataDir, { recursive: true, force: true })
  const serverUrl = process.env.TEST_DATABASE_URL
  const name = process.env.E2E_PG_DATABASE
  if (!serverUrl || !name || !/^[a-z0-9_]+$/.test(name)) return
  const client = new pg.Client({ connectionString: serverUrl })
  await client.connect()
  await client.query(`drop database if exists ${name} with (force)`).finally(() => client.end())
}
