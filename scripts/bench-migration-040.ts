// npm run bench:migration-040 [-- --cases N]
// How long migration 040 (each RDN case's client resolved and kept: src/server/db/migrations/
// 040-rdn-case-clients.ts) takes on a database already holding 1,000,000 RDN cases (their lenders
// 30 clients, five of them named by the cases), 100,000 orders and their invoices: on a fresh
// PostgreSQL database when BENCH_DATABASE_URL is set, else on embedded PGlite (100,000 cases).
// The schema is brought to 039, the data generated and analyzed, then 040 is applied and timed,
// then the migrations after it. Prints how many cases got a client.
import { sql } from 'kysely'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate'
import { generateBilling, generateClients } from './bench-billing-data'
import { generateCases, scratchTarget } from './bench-data'

const serverUrl = process.env.BENCH_DATABASE_URL
const casesArg = process.argv.indexOf('--cases')
const cases = casesArg > 0 ? Number(process.argv[casesArg + 1]) : serverUrl ? 1_000_000 : 100_000

const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Migration 040 benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${cases.toLocaleString('en-US')} RDN cases`,
  )
  await migrateUpTo(db, '039-repossession-moment')
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await generateClients(db, company.id)
  await generateCases(db, company.id, cases)
  await generateBilling(db, company.id, cases / 10, { redemptionPayments: false })
  await sql`vacuum analyze`.execute(db)

  let started = performance.now()
  await migrateUpTo(db, '040-rdn-case-clients')
  const seconds = (performance.now() - started) / 1000
  const resolved = await sql<{
    n: string
  }>`select count(*)::text as n from rdn_cases where client_id is not null`.execute(db)
  console.log(
    `\nMigration 040 on ${cases.toLocaleString('en-US')} RDN cases: ${seconds.toFixed(1)} s (${Number(resolved.rows[0].n).toLocaleString('en-US')} cases given a client)`,
  )
  started = performance.now()
  const after = await migrateToLatest(db)
  console.log(`The ${after.length} migrations after it: ${((performance.now() - started) / 1000).toFixed(1)} s`)
} finally {
  await database.close()
  await drop()
}
