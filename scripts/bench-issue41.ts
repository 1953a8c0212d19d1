// npm run bench:issue41 [-- --cases N --only audit-log|accounting|migration-040 --keep --reuse URL]
// Issue 41's new reads and migration at 1,000,000 RDN cases, on one generated database (its
// generation is most of the run): on a fresh PostgreSQL database when BENCH_DATABASE_URL is set
// (default 1,000,000 cases), else on embedded PGlite (100,000).
// - Migration 040 (each RDN case's client resolved and kept): the schema is brought to 039, the
//   cases (their lenders 5 of 30 clients), 100,000 orders and, over the last 1,000 days, an invoice
//   for each repossessed case, its payment and vendor costs generated and analyzed; 040 is applied
//   and timed, then the migrations after it.
// - The audit log (GET /api/audit-log, its service as the route calls it): two entries per case
//   (a detail opened once per person, case and day; a file downloaded) by 40 people over a year, and
//   100,000 about no case; the first page, a case, a person, both, the next and deep pages.
// - Accounting (GET /api/payroll/accounting?period=...): redemption payments (one case in 40) added;
//   the current week, a week a month back and a week a year back (the chart's 12 weeks then reach
//   back a year), with the server's computed pay periods kept (as in production) and computed on
//   every request (as after any payroll change).
// Vacuumed and analyzed as autovacuum leaves a table. Prints p50/p95 over 20+ runs of each.
// --keep leaves the database (its URL printed) for EXPLAIN ANALYZE; --reuse URL times a kept one again.
import { type Kysely, sql } from 'kysely'
import { auditLogQuerySchema } from '../src/domain/audit/audit-log-query'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest, migrateUpTo } from '../src/server/db/migrate'
import type { DB } from '../src/server/db/schema'
import { auditLog } from '../src/server/features/audit-log/service'
import { accountingView } from '../src/server/features/payroll/accounting-service'
import { loadCalendar } from '../src/server/features/payroll/calendar-repository'
import { payToday } from '../src/server/features/payroll/pay-day'
import { createLogger } from '../src/server/lib/logger'
import { createPayrollChangeHub } from '../src/server/realtime/payroll-changes'
import { generateBilling, generateClients, generateRedemptionPayments } from './bench-billing-data'
import { generateCases, percentile, scratchTarget, time } from './bench-data'

const RUNS = 20
const PEOPLE = 40
const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : undefined
}
const serverUrl = process.env.BENCH_DATABASE_URL
const cases = Number(option('cases') ?? (serverUrl ? 1_000_000 : 100_000))
const only = option('only')
const runs = (part: string) => !only || only === part
const keep = process.argv.includes('--keep')
const reuse = option('reuse')
const n = (value: number | string) => Number(value).toLocaleString('en-US')

const { target, drop } = reuse
  ? { target: { kind: 'postgres' as const, url: reuse }, drop: async () => {} }
  : await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(`Issue 41 benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`)
  // A kept database gets the migrations written since (an index being tried).
  if (reuse) await migrateToLatest(db)
  else await generate(db)
  const company = await db.selectFrom('companies').select('id').where('name', '=', 'Bench Co').executeTakeFirstOrThrow()
  const profiles = await db
    .selectFrom('profiles')
    .select(['id', 'user_id', 'email'])
    .where('company_id', '=', company.id)
    .execute()
  const byEmail = new Map(profiles.map((profile) => [profile.email, profile]))
  const person = (index: number) => byEmail.get(`person${index}@bench.test`) as (typeof profiles)[number]
  const manager = byEmail.get('manager@bench.test') as (typeof profiles)[number]
  const viewer = { companyId: company.id, role: 'manager', profileId: manager.id, userId: manager.user_id } as Viewer
  const total = await sql<{ n: string }>`select count(*)::text as n from rdn_cases`.execute(db)
  const caseCount = Number(total.rows[0].n)
  if (runs('audit-log')) await timeAuditLog(db, viewer, caseCount, person)
  if (runs('accounting')) await timeAccounting(db, viewer)
} finally {
  await database.close()
  if (keep && target.kind === 'postgres') console.log(`\nKept ${target.url}`)
  else await drop()
}

async function generate(db: Kysely<DB>) {
  await migrateUpTo(db, '039-repossession-moment')
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  let started = performance.now()
  await generateClients(db, company.id)
  await generateCases(db, company.id, cases)
  await generateBilling(db, company.id, cases / 10)
  await sql`vacuum analyze`.execute(db)
  console.log(`  cases, orders and money generated at 039 in ${((performance.now() - started) / 1000).toFixed(0)} s`)

  started = performance.now()
  await migrateUpTo(db, '040-rdn-case-clients')
  const seconds = (performance.now() - started) / 1000
  const resolved = await sql<{
    n: string
  }>`select count(*)::text as n from rdn_cases where client_id is not null`.execute(db)
  if (runs('migration-040'))
    console.log(
      `\nMigration 040 on ${n(cases)} RDN cases: ${seconds.toFixed(1)} s (${n(resolved.rows[0].n)} cases given a client)`,
    )
  started = performance.now()
  const after = await migrateToLatest(db)
  if (runs('migration-040'))
    console.log(`The ${after.length} migrations after it: ${((performance.now() - started) / 1000).toFixed(1)} s\n`)

  started = performance.now()
  const userIds: string[] = []
  for (let index = 0; index < PEOPLE; index++) {
    const ids = await insertCredentialUser(db, {
      companyId: company.id,
      email: `person${index}@bench.test`,
      password: 'Bench-pass-1',
      firstName: 'Person',
      lastName: String(index),
      role: index % 3 === 0 ? 'field_manager' : 'recovery_agent',
      mustChangePassword: false,
    })
    userIds.push(ids.userId)
  }
  await insertCredentialUser(db, {
    companyId: company.id,
    email: 'manager@bench.test',
    password: 'Bench-pass-1',
    firstName: 'Pay',
    lastName: 'Manager',
    role: 'manager',
    mustChangePassword: false,
  })
  await generateRedemptionPayments(db, company.id)
  await generateAuditEntries(db, company.id, userIds)
  await sql`vacuum analyze`.execute(db)
  const counts = await sql<Record<string, string>>`select
      (select count(*) from audit_log)::text as audit, (select count(*) from invoices)::text as invoices,
      (select count(*) from invoice_payments)::text as payments, (select count(*) from redemption_payments)::text as redemptions,
      (select count(*) from vendor_costs)::text as costs`.execute(db)
  const c = counts.rows[0]
  console.log(
    `  ${n(c.audit)} audit entries, ${n(c.invoices)} invoices, ${n(c.payments)} payments, ${n(c.redemptions)} redemption payments, ${n(c.costs)} vendor costs; people, payments and audit entries generated, vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(0)} s`,
  )
}

/** Each case's two entries by a person among 40, at a minute of the last year; a case opened is keyed once per person, case and day. */
async function generateAuditEntries(db: Kysely<DB>, companyId: string, userIds: string[]) {
  const batch = 200_000
  for (let from = 1; from <= cases; from += batch) {
    const to = Math.min(cases, from + batch - 1)
    await sql`
      insert into audit_log (company_id, actor_user_id, action, target, detail, ip, created_at, case_key, once_key)
      select ${companyId}::uuid, e.actor, e.action, 'rdn:' || e.id, e.detail, '10.0.' || (e.g % 250) || '.' || (e.k + 1),
        e.at, 'rdn:' || e.id,
        case when e.action = 'case.opened' then 'case.opened:' || e.actor || ':rdn:' || e.id || ':' || to_char(e.at, 'YYYY-MM-DD') end
      from (
        select c.id, g, k, (${userIds}::text[])[1 + (g * 31 + k * 17) % ${PEOPLE}] as actor,
          case when k = 0 then 'case.opened' else 'file.downloaded' end as action,
          case when k = 0 then '{}'::jsonb else jsonb_build_object('fileId', md5(g::text), 'name', 'photo-' || g || '.jpg') end as detail,
          now() - ((g * 7919 + k * 104729) % 525600) * interval '1 minute' as at
        from rdn_cases c, lateral (select c.case_id - 10000000 as g) n, generate_series(0, 1) k
        where c.company_id = ${companyId}::uuid and c.case_id between ${10_000_000 + from} and ${10_000_000 + to}
      ) e
      on conflict (once_key) do nothing`.execute(db)
    process.stdout.write(`\r  audit entries for ${n(to)} cases`)
  }
  process.stdout.write('\n')
  await sql`
    insert into audit_log (company_id, actor_user_id, action, detail, ip, created_at)
    select ${companyId}::uuid, (${userIds}::text[])[1 + g % ${PEOPLE}], 'auth.sign_in', '{}'::jsonb, '10.1.0.' || (g % 250),
      now() - ((g * 7919) % 525600) * interval '1 minute'
    from generate_series(1, 100000) g`.execute(db)
}

type Profile = { id: string }

async function timeAuditLog(db: Kysely<DB>, viewer: Viewer, caseCount: number, person: (index: number) => Profile) {
  const deps = { db } as AppDeps
  const g = Math.round(caseCount / 3)
  const someCase = String(10_000_000 + g)
  // Who opened that case (as the generator chose), so the case-and-person request finds their entry.
  const opener = person((g * 31) % PEOPLE).id
  const reads: [string, Record<string, string>][] = [
    ['first page', {}],
    ['page 2', { page: '2' }],
    ['a case (its number typed)', { caseNumber: someCase }],
    ['a case (from its detail)', { caseId: someCase }],
    ['a person', { profileId: person(7).id }],
    ['a person, page 20', { profileId: person(7).id, page: '20' }],
    ['a case and a person', { caseId: someCase, profileId: opener }],
    ['deep page 200 (10,000 entries back)', { page: '200' }],
    ['deep page 2,000 (100,000 entries back)', { page: '2000' }],
  ]
  console.log('\n| audit log request | entries | p50 ms | p95 ms |\n|---|---:|---:|---:|')
  for (const [label, params] of reads) {
    const query = auditLogQuerySchema.parse(params)
    const result = await auditLog(deps, viewer, query)
    const samples = await time(() => auditLog(deps, viewer, query), RUNS)
    console.log(
      `| ${label} | ${result.entries.length}${result.hasMore ? '+' : ''} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
    )
  }
}

async function timeAccounting(db: Kysely<DB>, viewer: Viewer) {
  // The server's own change hubs keep computed pay periods, as in production; without them each is computed.
  const cached = {
    db,
    payrollChanges: await createPayrollChangeHub(database.listen, createLogger('silent', false)),
  } as unknown as AppDeps
  const uncached = { db } as AppDeps
  const calendar = await loadCalendar(db, viewer.companyId)
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
  console.log('\n| accounting request | table rows | vendor costs | p50 ms | p95 ms |\n|---|---:|---:|---:|---:|')
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
}
