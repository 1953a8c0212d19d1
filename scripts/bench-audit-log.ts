// npm run bench:audit-log [-- --cases N --per-case N --keep]
// The audit log's request (issue 41: GET /api/audit-log, its service as the route calls it) at
// 1,000,000 RDN cases with two entries each (a detail opened once per person, case and day; a file
// downloaded) by 40 people over a year, and 100,000 entries about no case (sign-ins), on a fresh
// PostgreSQL database when BENCH_DATABASE_URL is set, else on embedded PGlite (100,000 cases).
// Vacuumed and analyzed as autovacuum leaves a table. Prints p50/p95 of each request a person
// makes: the first page, a case, a person, a case and a person, the next and deep pages.
import { sql } from 'kysely'
import { auditLogQuerySchema } from '../src/domain/audit/audit-log-query'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { auditLog } from '../src/server/features/audit-log/service'
import { generateCases, percentile, scratchTarget, time } from './bench-data'

const RUNS = 25
const PEOPLE = 40
const arg = (name: string, fallback: number) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const serverUrl = process.env.BENCH_DATABASE_URL
const cases = arg('cases', serverUrl ? 1_000_000 : 100_000)
const perCase = arg('per-case', 2)

const keep = process.argv.includes('--keep')
const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Audit log benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${cases.toLocaleString('en-US')} cases, ${(cases * perCase).toLocaleString('en-US')} entries about them`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const people: { userId: string; profileId: string }[] = []
  for (let n = 0; n < PEOPLE; n++)
    people.push(
      await insertCredentialUser(db, {
        companyId: company.id,
        email: `person${n}@bench.test`,
        password: 'Bench-pass-1',
        firstName: 'Person',
        lastName: String(n),
        role: n === 0 ? 'admin' : n % 3 === 0 ? 'field_manager' : 'recovery_agent',
        mustChangePassword: false,
      }),
    )
  const userIds = people.map((person) => person.userId)
  const started = performance.now()
  await generateCases(db, company.id, cases)
  // Each case's entries by a person among 40, at a minute of the last year; a case opened is keyed once per person, case and day.
  const batch = 200_000
  for (let from = 1; from <= cases; from += batch) {
    const to = Math.min(cases, from + batch - 1)
    await sql`
      insert into audit_log (company_id, actor_user_id, action, target, detail, ip, created_at, case_key, once_key)
      select ${company.id}::uuid, e.actor, e.action, 'rdn:' || e.id, e.detail, '10.0.' || (e.g % 250) || '.' || (e.k + 1),
        e.at, 'rdn:' || e.id,
        case when e.action = 'case.opened' then 'case.opened:' || e.actor || ':rdn:' || e.id || ':' || to_char(e.at, 'YYYY-MM-DD') end
      from (
        select c.id, g, k, (${userIds}::text[])[1 + (g * 31 + k * 17) % ${PEOPLE}] as actor,
          case when k % 2 = 0 then 'case.opened' else 'file.downloaded' end as action,
          case when k % 2 = 0 then '{}'::jsonb else jsonb_build_object('fileId', md5(g::text || k), 'name', 'photo-' || k || '.jpg') end as detail,
          now() - ((g * 7919 + k * 104729) % 525600) * interval '1 minute' as at
        from rdn_cases c, lateral (select (c.case_id - 10000000)::int as g) n, generate_series(0, ${perCase - 1}) k
        where c.company_id = ${company.id}::uuid and c.case_id between ${10_000_000 + from} and ${10_000_000 + to}
      ) e
      on conflict (once_key) do nothing`.execute(db)
    process.stdout.write(`\r  audit entries for ${to.toLocaleString('en-US')} cases`)
  }
  process.stdout.write('\n')
  await sql`
    insert into audit_log (company_id, actor_user_id, action, detail, ip, created_at)
    select ${company.id}::uuid, (${userIds}::text[])[1 + g % ${PEOPLE}], 'auth.sign_in', '{}'::jsonb, '10.1.0.' || (g % 250),
      now() - ((g * 7919) % 525600) * interval '1 minute'
    from generate_series(1, 100000) g`.execute(db)
  await sql`vacuum analyze`.execute(db)
  const count = await sql<{ n: string }>`select count(*)::text as n from audit_log`.execute(db)
  console.log(
    `  ${Number(count.rows[0].n).toLocaleString('en-US')} audit entries; generated, vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`,
  )

  const viewer = { companyId: company.id, role: 'admin', userId: userIds[0], profileId: people[0].profileId } as Viewer
  const deps = { db } as AppDeps
  const someCase = String(10_000_000 + Math.round(cases / 3))
  const person = people[7].profileId
  // Who opened that case (as the generator chose): the case and person filter finds their entry.
  const opener = people[(Math.round(cases / 3) * 31) % PEOPLE].profileId
  const reads: [string, Record<string, string>][] = [
    ['first page', {}],
    ['page 2', { page: '2' }],
    ['a case (its number typed)', { caseNumber: someCase }],
    ['a case (from its detail)', { caseId: someCase }],
    ['a person', { profileId: person }],
    ['a person, page 20', { profileId: person, page: '20' }],
    ['a case and a person', { caseId: someCase, profileId: opener }],
    ['deep page 200 (10,000 entries back)', { page: '200' }],
    ['deep page 2,000 (100,000 entries back)', { page: '2000' }],
  ]
  console.log('| request | entries | p50 ms | p95 ms |\n|---|---:|---:|---:|')
  for (const [label, params] of reads) {
    const query = auditLogQuerySchema.parse(params)
    const result = await auditLog(deps, viewer, query)
    const samples = await time(() => auditLog(deps, viewer, query), RUNS)
    console.log(
      `| ${label} | ${result.entries.length}${result.hasMore ? '+' : ''} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
    )
  }
} finally {
  await database.close()
  // --keep leaves the database for EXPLAIN ANALYZE (drop it by hand).
  if (keep && target.kind === 'postgres') console.log(`\nKept ${target.url}`)
  else await drop()
}
