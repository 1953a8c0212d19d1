import { randomBytes } from 'node:crypto'
import pg from 'pg'

/**
 * A new database on the PostgreSQL server at `serverUrl` (tests, benchmarks), empty or a copy of
 * `template` (a database nobody is connected to), with the URL to reach it and how to drop it afterwards.
 */
export async function createScratchPostgresDatabase(serverUrl: string, prefix: string, template?: string) {
  const name = `${prefix}_${randomBytes(6).toString('hex')}`
  const run = async (statement: string) => {
    const client = new pg.Client({ connectionString: serverUrl })
    await client.connect()
    try {
      await client.query(statement)
    } finally {
      await client.end()
    }
  }
  await run(template ? `create database ${name} template ${template}` : `create database ${name}`)
  const url = new URL(serverUrl)
  url.pathname = `/${name}`
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) }
}
