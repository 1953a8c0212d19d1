// npm run bench:timeline [-- --entries N]
// Times the timeline of one order and one RDN case with 10,000 entries each, amid the entries of
// many other orders and cases: N entries in all (default 1,000,000 on PostgreSQL when
// BENCH_DATABASE_URL is set, a server the bench may create databases on; 200,000 on embedded
// PGlite in a temporary directory otherwise). Pages are read through the real service (target
// check, the page query and the one name query), the first page and one 9,000 entries deep.
// Issue 16 asks for the latest 50 in <= 50 ms. Never touches the product's own database.
import { type Kysely, sql } from 'kysely'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import type { DB } from '../src/server/db/schema'
import { getTimelinePage, type TimelineTarget } from '../src/server/features/timeline/service'
import { percentile, scratchTarget, time } from './bench-data'

const RUNS = 50
const PER_SUBJECT = 10_000
const PEOPLE = 20
const OTHER_SUBJECTS = 20_000
const BATCH = 100_000
const CASE_ID = 9_000_001
const entriesArg = process.argv.indexOf('--entries')
const serverUrl = process.env.BENCH_DATABASE_URL

/** Notes, status changes and assignments, by 20 people: every entry names someone to look up. */
async function fillTimeline(db: Kysely<DB>, companyId: string, orderId: string, caseRowId: string, total: number) {
  // One in every `spacing` entries is the order's, the next the case's: theirs are spread over the whole table.
  const spacing = Math.floor(total / PER_SUBJECT / 2) * 2
  for (let start = 0; start < total; start += BATCH) {
    const end = Math.min(total, start + BATCH)
    await sql`
      with people as (select array_agg(id order by email) as ids from profiles where company_id = ${companyId}::uuid)
      insert into case_timeline (company_id, order_id, rdn_case_id, kind, field, old_value, new_value, note_type, body,
        actor_profile_id, source, created_at)
      select ${companyId}::uuid,
        case when g % ${spacing} = 0 then ${orderId}::uuid
             when g % ${spacing} = 1 then null
             when g % 2 = 0 then md5('order' || g % ${OTHER_SUBJECTS})::uuid end,
        case when g % ${spacing} = 1 then ${caseRowId}::uuid
             when g % ${spacing} = 0 then null
             when g % 2 = 1 then md5('case' || g % ${OTHER_SUBJECTS})::uuid end,
        k.kind,
        case k.kind when 'change' then (case when g % 3 = 0 then 'assigned_agent_id' else 'status' end) end,
        case k.kind when 'change' then (case when g % 3 = 0 then people.ids[1 + (g + 1) % ${PEOPLE}]::text else 'Open' end) end,
        case k.kind when 'change' then (case when g % 3 = 0 then people.ids[1 + g % ${PEOPLE}]::text else 'On Hold' end) end,
        case k.kind when 'note' then 'Office Note' end,
        case k.kind when 'note' then 'Called the lender about case ' || g || '. Left a message; will try again tomorrow.' end,
        people.ids[1 + g % ${PEOPLE}],
        case when k.kind = 'note' then 'person' else 'dashboard' end,
        timestamptz '2026-11-20' - make_interval(secs => ${total} - g)
      from generate_series(${start}::int, ${end - 1}::int) g
      cross join people
      cross join lateral (select case when g % 4 < 2 then 'note' else 'change' end as kind) k`.execute(db)
    process.stdout.write(`\r  generated ${end.toLocaleString('en-US')} entries`)
  }
  process.stdout.write('\n')
  await sql`analyze case_timeline`.execute(db)
}

/** The id the page 9,000 entries down starts before: what 'Show older' sends after 180 clicks. */
async function deepCursor(db: Kysely<DB>, column: 'order_id' | 'rdn_case_id', subjectId: string) {
  const row = await db
    .selectFrom('case_timeline')
    .select('id')
    .where(column, '=', subjectId)
    .orderBy('id', 'desc')
    .offset(9_000)
    .limit(1)
    .executeTakeFirstOrThrow()
  return Number(row.id)
}

const total = entriesArg > 0 ? Number(process.argv[entriesArg + 1]) : serverUrl ? 1_000_000 : 200_000
const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Timeline benchmark: ${total.toLocaleString('en-US')} entries on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}, ` +
      `${PER_SUBJECT.toLocaleString('en-US')} of them one order's and as many one RDN case's`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await sql`insert into auth_user (id, name, email, "emailVerified")
    select 'bench-' || g, 'Person ' || g, 'person' || lpad(g::text, 2, '0') || '@example.com', true
    from generate_series(1, ${PEOPLE}::int) g`.execute(db)
  await sql`insert into profiles (user_id, company_id, first_name, last_name, email, role)
    select 'bench-' || g, ${company.id}::uuid, 'Person', g::text, 'person' || lpad(g::text, 2, '0') || '@example.com', 'manager'
    from generate_series(1, ${PEOPLE}::int) g`.execute(db)
  const order = await db
    .insertInto('orders')
    .values({ company_id: company.id, order_number: 'BENCH-ORDER' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const rdnCase = await db
    .insertInto('rdn_cases')
    .values({ company_id: company.id, case_id: CASE_ID, case_number: 'BENCH-CASE' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const started = performance.now()
  await fillTimeline(db, company.id, order.id, rdnCase.id, total)
  console.log(`  generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)

  const deps = { db } as AppDeps
  const viewer = { companyId: company.id } as Viewer
  const subjects: Array<[string, TimelineTarget, 'order_id' | 'rdn_case_id', string]> = [
    ['order', { subject: 'order', orderId: order.id }, 'order_id', order.id],
    ['RDN case', { subject: 'case', caseId: CASE_ID }, 'rdn_case_id', rdnCase.id],
  ]
  console.log('| timeline page | entries | p50 ms | p95 ms |')
  console.log('|---|---:|---:|---:|')
  for (const [label, subject, column, subjectId] of subjects) {
    const count = await db
      .selectFrom('case_timeline')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where(column, '=', subjectId)
      .executeTakeFirstOrThrow()
    const deep = await deepCursor(db, column, subjectId)
    for (const [page, before] of [
      ['latest 50', null],
      ['50 after 9,000', deep],
    ] as const) {
      const result = await getTimelinePage(deps, viewer, subject, before)
      if (result.entries.length !== 50 || !result.nextBefore) throw new Error(`${label} ${page}: not a full page`)
      const samples = await time(() => getTimelinePage(deps, viewer, subject, before), RUNS)
      console.log(
        `| ${label}, ${page} | ${Number(count.count).toLocaleString('en-US')} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
      )
    }
  }
} finally {
  await database.close()
  await drop()
}
