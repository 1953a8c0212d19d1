// npm run bench:payroll [-- --events N --people N]
// Payroll (issue 18): one weekly period of 20,000 pay events for 200 people (recoveries with
// finder splits and two-person teams, camera finds, Agent Update field visits, keys, manual
// entries) under role rules with tiers, holdback and personal overrides. Times computing the
// period, the Payroll screen's request for it (in review, then approved), approving it, and one
// person's My Pay. On PostgreSQL when BENCH_DATABASE_URL is set, else on embedded PGlite.
import { sql } from 'kysely'
import type { Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { loadCalendar } from '../src/server/features/payroll/calendar-repository'
import { myPay } from '../src/server/features/payroll/my-pay-service'
import { payPeople } from '../src/server/features/payroll/people-repository'
import { periodLines } from '../src/server/features/payroll/period-engine'
import { approvePeriod } from '../src/server/features/payroll/period-moves'
import { periodLineViews, periodView } from '../src/server/features/payroll/period-service'
import { createLogger } from '../src/server/lib/logger'
import { createPayrollChangeHub } from '../src/server/realtime/payroll-changes'
import { percentile, scratchTarget, time } from './bench-data'

const RUNS = 20
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const EVENTS = arg('events', 20_000)
const PEOPLE = arg('people', 200)
const WEEK = { start: '2026-03-02', end: '2026-03-08' }

const { target, drop } = await scratchTarget(process.env.BENCH_DATABASE_URL)
const database = await connectDatabase(target)
try {
  const { db } = database
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const agents: string[] = []
  const drivers: string[] = []
  const locksmiths: string[] = []
  for (let n = 0; n < PEOPLE; n++) {
    const role = n % 10 < 6 ? 'recovery_agent' : n % 10 < 9 ? 'camera_driver' : 'locksmith'
    const { profileId } = await insertCredentialUser(db, {
      companyId: company.id,
      email: `person${n}@bench.test`,
      password: 'Bench-pass-1',
      firstName: 'Person',
      lastName: String(n),
      role,
      mustChangePassword: false,
    })
    ;(role === 'recovery_agent' ? agents : role === 'camera_driver' ? drivers : locksmiths).push(profileId)
  }
  const manager = await insertCredentialUser(db, {
    companyId: company.id,
    email: 'manager@bench.test',
    password: 'Bench-pass-1',
    firstName: 'Pay',
    lastName: 'Manager',
    role: 'manager',
    mustChangePassword: false,
  })
  // The mix: 40 % recoveries, 25 % finds, 25 % field visits, 5 % keys, 5 % manual entries.
  const recoveries = Math.round(EVENTS * 0.4)
  const finds = Math.round(EVENTS * 0.25)
  const visits = Math.round(EVENTS * 0.25)
  const keys = Math.round(EVENTS * 0.05)
  const entries = EVENTS - recoveries - finds - visits - keys
  const moment = (g: string) =>
    sql.raw(
      `timestamptz '2026-03-02 14:00:00+00' + ((${g}) % 7) * interval '1 day' + ((${g}) % 480) * interval '1 minute'`,
    )
  await sql`insert into orders (company_id, order_number, status, repo_type, detected_market, borrower_name, assigned_agent_id)
    select ${company.id}::uuid, 'P-' || g, 'Repossessed', (array['Involuntary','Voluntary','Impound'])[1 + g % 3],
      'Mobile', 'Debtor ' || g, (${agents}::uuid[])[1 + g % ${agents.length}]
    from generate_series(0, ${recoveries - 1}::int) g`.execute(db)
  await sql`insert into repo_completions (company_id, order_id, agent_id, completed_at)
    select o.company_id, o.id, o.assigned_agent_id, ${moment('row_number() over (order by o.id)')}
    from orders o where o.company_id = ${company.id}`.execute(db)
  // A tenth of recoveries by a two-person team.
  await sql`insert into repo_completions (company_id, order_id, agent_id, completed_at)
    select r.company_id, r.order_id, (${agents}::uuid[])[1 + (abs(hashtext(r.order_id::text)) + 1) % ${agents.length}], r.completed_at + interval '5 minutes'
    from repo_completions r where r.company_id = ${company.id} and abs(hashtext(r.order_id::text)) % 10 = 0`.execute(db)
  await sql`insert into ccd_finds (company_id, order_id, driver_id, found_at)
    select o.company_id, o.id, (${drivers}::uuid[])[1 + n % ${drivers.length}], ${moment('n')}
    from (select id, company_id, row_number() over (order by id) n from orders where company_id = ${company.id}) o
    where n <= ${finds}`.execute(db)
  await sql`insert into case_timeline (company_id, order_id, kind, note_type, body, actor_profile_id, source, created_at)
    select o.company_id, o.id, 'note', 'Agent Update', 'Drive-by', (${agents}::uuid[])[1 + n % ${agents.length}], 'person', ${moment('n')}
    from (select id, company_id, row_number() over (order by id desc) n from orders where company_id = ${company.id}) o
    where n <= ${visits}`.execute(db)
  await sql`insert into key_jobs (company_id, order_id, state, updated_by, updated_at)
    select o.company_id, o.id, 'key_made', (${locksmiths}::uuid[])[1 + n % ${locksmiths.length}], ${moment('n')}
    from (select id, company_id, row_number() over (order by id) n from orders where company_id = ${company.id}) o
    where n <= ${keys}`.execute(db)
  await sql`insert into pay_entries (company_id, kind, profile_id, occurred_on, amount_cents, note)
    select ${company.id}::uuid, 'adjustment', (${agents}::uuid[])[1 + g % ${agents.length}], date '2026-03-02' + g % 7, 2500, 'Fuel'
    from generate_series(1, ${entries}::int) g`.execute(db)
  const rule = (kind: string, role: string, basis: string, rate: number, extra: Record<string, unknown> = {}) => ({
    company_id: company.id,
    kind,
    role,
    basis,
    rate,
    effective_from: '2026-01-01',
    ...extra,
  })
  await db
    .insertInto('pay_rules')
    .values([
      rule('recovery', 'recovery_agent', 'flat', 15_000, {
        tier_after: 20,
        tier_rate: 17_500,
        finder_share_bp: 2_000,
        partner_share_bp: 4_000,
      }),
      rule('recovery', 'recovery_agent', 'percent_billed', 4_000, { order_type: 'Impound', holdback: true }),
      rule('find', 'camera_driver', 'flat', 2_500),
      rule('field_visit', 'recovery_agent', 'flat', 500),
      rule('key', 'locksmith', 'flat', 4_000),
      ...agents.slice(0, 20).map((profileId) => ({
        ...rule('recovery', 'recovery_agent', 'flat', 16_000),
        role: null,
        profile_id: profileId,
      })),
    ] as never)
    .execute()
  await sql`analyze`.execute(db)

  // The server's own change hubs, so the Payroll screen keeps computed periods as it does in production.
  const logger = createLogger('silent', false)
  const deps = {
    db,
    payrollChanges: await createPayrollChangeHub(database.listen, logger),
  } as never
  const viewer = {
    companyId: company.id,
    role: 'manager',
    profileId: manager.profileId,
    userId: manager.userId,
  } as Viewer
  const calendar = await loadCalendar(db, company.id)
  const people = await payPeople(db, company.id)
  console.log(
    `Payroll benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: one week, ${EVENTS.toLocaleString('en-US')} pay events, ${PEOPLE} people\n`,
  )
  const lines = await periodLines(db, company.id, calendar, WEEK, people)
  const compute = await time(() => periodLines(db, company.id, calendar, WEEK, people), 5)
  console.log(
    `Computing the period: ${lines.length.toLocaleString('en-US')} lines, p50 ${percentile(compute, 50).toFixed(0)} ms, max ${Math.max(...compute).toFixed(0)} ms`,
  )

  console.log('\n| request | p50 ms | p95 ms |\n|---|---:|---:|')
  const report = async (label: string, run: () => Promise<unknown>, runs = RUNS) => {
    await run()
    const samples = await time(run, runs)
    console.log(`| ${label} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`)
  }
  const cold = await time(() => periodView({ db } as never, viewer, WEEK.start), 5)
  console.log(
    `| Payroll screen, period in review, computed on every request (no cache) | ${percentile(cold, 50).toFixed(1)} | ${percentile(cold, 95).toFixed(1)} |`,
  )
  await report('Payroll screen, period in review', () => periodView(deps, viewer, WEEK.start))
  // Orders edited all day (ten a second, a field pay does not read): the computed period is kept.
  const orderIds = (
    await db.selectFrom('orders').select('id').where('company_id', '=', company.id).limit(500).execute()
  ).map((row) => row.id)
  let edits = 0
  const editing = setInterval(() => {
    const id = orderIds[edits++ % orderIds.length]
    void db
      .updateTable('orders')
      .set({ borrower_phone: `(251) 555-${String(edits % 10_000).padStart(4, '0')}` })
      .where('id', '=', id)
      .execute()
  }, 100)
  await report('Payroll screen, period in review, while orders are edited 10 times a second', () =>
    periodView(deps, viewer, WEEK.start),
  )
  clearInterval(editing)
  await report("Payroll screen, one person's lines opened", () => periodLineViews(deps, viewer, WEEK.start, agents[1]))
  await report(
    "My Pay, one agent's 8 periods",
    () => myPay({ db } as never, { ...viewer, profileId: agents[0] }, agents[0], null),
    5,
  )
  const started = performance.now()
  await approvePeriod(deps, viewer, WEEK.start, null)
  console.log(`\nApproving the period (compute and store every line): ${(performance.now() - started).toFixed(0)} ms`)
  await report('Payroll screen, period approved', () => periodView(deps, viewer, WEEK.start))
  const stored = await time(() => periodView({ db } as never, viewer, WEEK.start), 5)
  console.log(
    `| Payroll screen, period approved, read on every request (no cache) | ${percentile(stored, 50).toFixed(1)} | ${percentile(stored, 95).toFixed(1)} |`,
  )
} finally {
  await database.close()
  await drop()
}
