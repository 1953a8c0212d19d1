// npx tsx scripts/bench-notifications.ts [-- --rows N]
// Times the stale-case check (src/server/features/notifications/stale-check.ts) and the bell's reads
// on N generated orders (default 1,000,000 on PostgreSQL when BENCH_DATABASE_URL is set, else
// 100,000 on PGlite): the first runs over the whole backlog, a steady-state run 15 minutes later,
// a repeated run, and a person's unread count and first page. Never touches the product's database.
import { sql } from 'kysely'
import type { Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { countUnread, listNotifications } from '../src/server/features/notifications/repository'
import { runStaleCheck } from '../src/server/features/notifications/stale-check'
import { percentile, scratchTarget, time } from './bench-data'

const rowsArg = process.argv.indexOf('--rows')
const serverUrl = process.env.BENCH_DATABASE_URL
const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : serverUrl ? 1_000_000 : 100_000
const AGENTS = 20

const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
const db = database.db
const ms = (value: number) => `${value.toFixed(1)} ms`
try {
  console.log(
    `Notifications benchmark: ${rows.toLocaleString('en-US')} orders on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  )
  await migrateToLatest(db)
  const company = await db.insertInto('companies').values({ name: 'Bench' }).returning('id').executeTakeFirstOrThrow()
  const agents: string[] = []
  for (let index = 0; index < AGENTS; index++) {
    const ids = await insertCredentialUser(db, {
      companyId: company.id,
      email: `agent-${index}@bench.test`,
      password: 'Bench-pass-1',
      firstName: 'Agent',
      lastName: String(index),
      role: 'recovery_agent',
      mustChangePassword: false,
    })
    agents.push(ids.profileId)
  }
  // Orders imported before the timeline existed: no 'created' entries, their age in updated_at only.
  await sql`alter table orders disable trigger orders_timeline_created`.execute(db)
  const batch = 100_000
  for (let start = 0; start < rows; start += batch) {
    const end = Math.min(rows, start + batch)
    await sql`
      insert into orders (company_id, order_number, case_number, status, make, model, year, assigned_agent_id, updated_at)
      select ${company.id}::uuid, 'B-' || g, 'BC-' || g,
        (array['Open','Open','Open','Closed','Repossessed','Need Info','On Hold','Completed'])[1 + g % 8],
        'Toyota', 'Camry', 2019,
        case when g % 5 = 0 then null else (${sql.val(agents)}::uuid[])[1 + g % ${AGENTS}] end,
        now() - make_interval(mins => g % (60 * 24 * 60))
      from generate_series(${start + 1}::int, ${end}::int) g`.execute(db)
    process.stdout.write(`\r  generated ${end.toLocaleString('en-US')} orders`)
  }
  process.stdout.write('\n')
  await sql`alter table orders enable trigger orders_timeline_created`.execute(db)
  // A change on every tenth order within the last ten days: the timeline's part of 'last update'.
  await sql`
    insert into case_timeline (company_id, order_id, kind, field, old_value, new_value, source, created_at)
    select company_id, id, 'change', 'status', 'Open', 'Open', 'system',
      now() - make_interval(mins => (abs(hashtext(id::text)) % (60 * 24 * 10)))
    from orders where abs(hashtext(id::text)) % 10 = 0`.execute(db)
  await sql`analyze`.execute(db)

  const stale = await sql<{ count: number }>`
    select count(*)::int as count from orders o
    where o.assigned_agent_id is not null and o.status not in ('Closed','Completed','Completed-Located','Charged Off')
      and o.updated_at < now() - interval '72 hours'`.execute(db)
  console.log(
    `  assigned, unfinished and not updated for 72 h (before timeline): ${stale.rows[0].count.toLocaleString('en-US')}`,
  )

  let runs = 0
  let total = 0
  const backlog: number[] = []
  for (;;) {
    const started = performance.now()
    const result = await runStaleCheck(db)
    backlog.push(performance.now() - started)
    runs += 1
    total += result.notified
    if (result.batches < 50) break
  }
  console.log(
    `  backlog: ${runs} runs (50,000 orders a run at most), ${total.toLocaleString('en-US')} agents told; per run max ${ms(Math.max(...backlog))}, total ${ms(backlog.reduce((a, b) => a + b, 0))}`,
  )

  const repeat = await time(() => runStaleCheck(db), 5)
  const again = await runStaleCheck(db)
  console.log(
    `  a run with nothing new (every ${15} min in steady state): p50 ${ms(percentile(repeat, 50))}, p95 ${ms(percentile(repeat, 95))}; told ${again.notified}`,
  )

  // Steady state: 15 minutes later, what crossed 72 h in those 15 minutes.
  const later = new Date(Date.now() + 15 * 60_000)
  const started = performance.now()
  const steady = await runStaleCheck(db, { now: later })
  console.log(`  15 minutes later: ${ms(performance.now() - started)}, told ${steady.notified.toLocaleString('en-US')}`)

  // A second instance that never saw the watermark: the dedupe key makes its whole pass a no-op.
  await db.deleteFrom('notification_checks').execute()
  let second = 0
  for (;;) {
    const result = await runStaleCheck(db, { now: later })
    second += result.notified
    if (result.batches < 50) break
  }
  console.log(`  a second instance over the whole backlog again: told ${second}`)

  const owner: Pick<Viewer, 'companyId' | 'profileId'> = { companyId: company.id, profileId: agents[1] }
  const unread = await countUnread(db, owner)
  const countTimes = await time(() => countUnread(db, owner), 20)
  const listTimes = await time(() => listNotifications(db, owner, 21, undefined), 20)
  console.log(
    `  one agent with ${unread.toLocaleString('en-US')} unread: count p95 ${ms(percentile(countTimes, 95))}, first page p95 ${ms(percentile(listTimes, 95))}`,
  )
} finally {
  await database.close()
  await drop()
}
