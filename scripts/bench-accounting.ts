// npm run bench:accounting [-- --cases N --keep]
// Accounting (GET /api/payroll/accounting?period=..., its service as the route calls it) at
// 1,000,000 RDN cases and 100,000 orders with, over the last 1,000 days, an invoice for each
// repossessed case (~137,000), their payments, redemption payments (one case in 40) and vendor
// costs (one in 16): on a fresh PostgreSQL database when BENCH_DATABASE_URL is set, else on
// embedded PGlite (100,000 cases). Vacuumed and analyzed as autovacuum leaves a table. Prints
// p50/p95 of the request for the current week, a week a month back and a week a year back (the
// chart's 12 weeks then reach back a year), each with the server's computed pay periods kept
// (as in production) and computed on every request (as after any payroll change).
import { sql } from 'kysely'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { accountingView } from '../src/server/features/payroll/accounting-service'
import { loadCalendar } from '../src/server/features/payroll/calendar-repository'
import { payToday } from '../src/server/features/payroll/pay-day'
import { createLogger } from '../src/server/lib/logger'
import { createPayrollChangeHub } from '../src/server/realtime/payroll-changes'
import { generateBilling, generateClients } from './bench-billing-data'
import { generateCases, percentile, scratchTarget, time } from './bench-data'

const RUNS = 20
const serverUrl = process.env.BENCH_DATABASE_URL
const casesArg = process.argv.indexOf('--cases')
const cases = casesArg > 0 ? Number(process.argv[casesArg + 1]) : serverUrl ? 1_000_000 : 100_000

const keep = process.argv.includes('--keep')
const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Accounting benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${cases.toLocaleString('en-US')} RDN cases, ${(cases / 10).toLocaleString('en-US')} orders`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const manager = await insertCredentialUser(db, {
    companyId: company.id,
    email: 'manager@bench.test',
    password: 'Bench-pass-1',
    firstName: 'Pay',
    lastName: 'Manager',
    role: 'manager',
    mustChangePassword: false,
  })
  const started = performance.now()
  await generateClients(db, company.id)
  await generateCases(db, company.id, cases)
  await generateBilling(db, company.id, cases / 10)
  await sql`vacuum analyze`.execute(db)
  const counts = await sql<{ invoices: string; payments: string; redemptions: string; costs: string }>`select
      (select count(*) from invoices)::text as invoices, (select count(*) from invoice_payments)::text as payments,
      (select count(*) from redemption_payments)::text as redemptions, (select count(*) from vendor_costs)::text as costs`.execute(
    db,
  )
  const n = (text: string) => Number(text).toLocaleString('en-US')
  const { invoices, payments, redemptions, costs } = counts.rows[0]
  console.log(
    `  ${n(invoices)} invoices, ${n(payments)} payments, ${n(redemptions)} redemption payments, ${n(costs)} vendor costs; generated, vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )

  const viewer = {
    companyId: company.id,
    role: 'manager',
    profileId: manager.profileId,
    userId: manager.userId,
  } as Viewer
  // The server's own change hubs keep computed pay periods, as in production; without them each is computed.
  const cached = {
    db,
    payrollChanges: await createPayrollChangeHub(database.listen, createLogger('silent', false)),
  } as unknown as AppDeps
  const uncached = { db } as AppDeps
  const calendar = await loadCalendar(db, company.id)
  const weeksBack = (weeks: number) => {
    const day = new Date(`${payToday()}T12:00:00Z`)
    day.setUTCDate(day.getUTCDate() - 7 * weeks)
    return calendar.periodOf(day.toISOString().slice(0, 10)).start
  }
  const reads: [string, string | null][] = [
    ['current week', null],
    ['a week a month back', weeksBack(4)],
    ['a week a year back', weeksBack(52)],
  ]
  console.log('| request | table rows | vendor costs | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|')
  for (const [deps, kept] of [
    [cached, 'pay periods kept'],
    [uncached, 'pay periods computed'],
  ] as const)
    for (const [label, period] of reads) {
      const view = await accountingView(deps, viewer, period)
      const samples = await time(() => accountingView(deps, viewer, period), RUNS)
      console.log(
        `| ${label} (${view.period.start}), ${kept} | ${view.rows.length} | ${view.vendorCosts.length} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
      )
    }
} finally {
  await database.close()
  // --keep leaves the database for EXPLAIN ANALYZE (drop it by hand).
  if (keep && target.kind === 'postgres') console.log(`\nKept ${target.url}`)
  else await drop()
}
