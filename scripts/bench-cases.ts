// npm run bench:cases [-- --rows N]
// Times the case list's queries on N generated cases: on a fresh PostgreSQL database when
// BENCH_DATABASE_URL (a server the bench may create databases on) is set (default 1,000,000
// rows), otherwise on embedded PGlite in a temporary directory (default 100,000 rows).
// Prints p50/p95 server time per query shape, and SPEC.md's fetch-everything approach on the
// same data for comparison. Never touches the product's own database.
import type { Kysely } from 'kysely'
import { type CaseListQuery, caseListQuerySchema } from '../src/domain/cases/case-list-query'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import type { DB } from '../src/server/db/schema'
import { listCases } from '../src/server/features/cases/repository'
import { generateCases, percentile, scratchTarget, time } from './bench-data'

const RUNS = 25
const rowsArg = process.argv.indexOf('--rows')
const serverUrl = process.env.BENCH_DATABASE_URL

/** SPEC.md's way: fetch every case of the company, then filter, sort and page in JavaScript. */
async function fetchEverything(db: Kysely<DB>, companyId: string, query: CaseListQuery) {
  const rows = await db.selectFrom('rdn_cases').selectAll().where('company_id', '=', companyId).execute()
  const q = query.q?.toLowerCase()
  const matches = rows.filter(
    (row) =>
      (!query.status.length || query.status.includes(row.status ?? '')) &&
      (!query.market.length || query.market.includes(row.detected_market)) &&
      (!query.from || (row.order_date ?? '') >= query.from) &&
      (!query.to || (row.order_date ?? '') <= query.to) &&
      (!q || row.search_text.includes(q)),
  )
  matches.sort((a, b) => String(b[query.sort] ?? '').localeCompare(String(a[query.sort] ?? '')))
  return { rows: matches.slice(0, 50), total: matches.length }
}

const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : serverUrl ? 1_000_000 : 100_000
const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  console.log(
    `Case list benchmark: ${rows.toLocaleString('en-US')} cases on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  )
  await migrateToLatest(database.db)
  const company = await database.db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const generationStarted = performance.now()
  await generateCases(database.db, company.id, rows)
  console.log(`  generated and analyzed in ${((performance.now() - generationStarted) / 1000).toFixed(1)} s\n`)

  // Fragments that occur: part of one generated VIN, and one generated debtor's last name and number.
  const sample = await database.db
    .selectFrom('rdn_cases')
    .select(['vin', 'debtor_name'])
    .where('case_id', '=', 10000000 + Math.floor(rows / 3))
    .executeTakeFirstOrThrow()
  const vinFragment = (sample.vin ?? '').slice(5, 12).toLowerCase()
  const nameFragment = (sample.debtor_name ?? '').split(' ').slice(1).join(' ').toLowerCase()
  const scenarios: Array<[string, Record<string, unknown>]> = [
    ['first page, default sort', {}],
    [
      'status + market + date range',
      { status: ['Repossessed'], market: ['Mobile'], from: '2024-01-01', to: '2025-06-30' },
    ],
    [`search: VIN fragment '${vinFragment}'`, { q: vinFragment }],
    [`search: debtor name '${nameFragment}'`, { q: nameFragment }],
    ['sort by another column (make, ascending)', { sort: 'make', dir: 'asc' }],
    ['sort by another column (debtor, descending)', { sort: 'debtor_name', dir: 'desc' }],
  ]
  console.log('| query | p50 ms | p95 ms | total | fetch-everything ms | ratio |')
  console.log('|---|---:|---:|---:|---:|---:|')
  for (const [label, raw] of scenarios) {
    const query = caseListQuerySchema.parse(raw)
    const samples = await time(() => listCases(database.db, company.id, query, 50), RUNS)
    const result = await listCases(database.db, company.id, query, 50)
    // Each fetch-everything run takes seconds at a million rows; one is enough to compare.
    const everything = await time(() => fetchEverything(database.db, company.id, query), rows > 200_000 ? 1 : 3)
    const p50 = percentile(samples, 50)
    const total = `${result.total.toLocaleString('en-US')}${result.totalIsCapped ? '+' : ''}`
    const slow = percentile(everything, 50)
    console.log(
      `| ${label} | ${p50.toFixed(1)} | ${percentile(samples, 95).toFixed(1)} | ${total} | ${slow.toFixed(0)} | ${(slow / p50).toFixed(0)}x |`,
    )
  }
} finally {
  await database.close()
  await drop()
}
