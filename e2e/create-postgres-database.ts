// Creates the shared scratch database of the two-instance e2e servers (both call it; the second
// finds it there). The name comes from playwright.config.ts.
import pg from 'pg'

const serverUrl = process.env.TEST_DATABASE_URL
const name = process.env.E2E_PG_DATABASE
if (!serverUrl || !name || !/^[a-z0-9_]+$/.test(name))
  throw new Error('TEST_DATABASE_URL and E2E_PG_DATABASE are needed')
const client = new pg.Client({ connectionString: serverUrl })
await client.connect()
try {
  await client.query(`create database ${name}`)
} catch (error) {
  if ((error as { code?: string }).code !== '42P04') throw error // already created by the other server
} finally {
  await client.end()
}
