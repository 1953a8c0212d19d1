// npm run bench:assignments [-- --cases N]
// The Agent Assignment board (issue 19) at 100,000 open cases (two thirds orders, a third RDN
// cases) in five markets, half of them assigned to 25 agents: a page of the board as an
// administrator and as a field manager of one market, filtered to those due an update and
// searched; the per-agent figures; a bulk assignment of 1,000 cases. On PostgreSQL when
// BENCH_DATABASE_URL is set, else on embedded PGlite in a temporary directory.
import { sql } from 'kysely'
import { boardQuerySchema } from '../src/domain/assignments/board'
import type { Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { assignCases } from '../src/server/features/assignments/assign-service'
import { assignmentBoard, assignmentFigures } from '../src/server/features/assignments/service'
import { percentile, scratchTarget, time } from './bench-data'

const RUNS = 30
const casesArg = process.argv.indexOf('--cases')
const total = casesArg > 0 ? Number(process.argv[casesArg + 1]) : 100_000
const MARKETS = ['Mobile', 'Birmingham', 'Montgomery', 'Phenix City', 'Union City']
const AGENTS = 25

const { target, drop } = await scratchTarget(process.env.BENCH_DATABASE_URL)
const database = await connectDatabase(target)
try {
  const { db } = database
  console.log(
    `Assignment benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${total.toLocaleString('en-US')} open cases`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const person = (n: number | 'fm') =>
    insertCredentialUser(db, {
      companyId: company.id,
      email: `${n === 'fm' ? 'fm' : `agent${n}`}@bench.test`,
      password: 'Bench-pass-1',
      firstName: n === 'fm' ? 'Field' : 'Agent',
      lastName: String(n),
      role: n === 'fm' ? 'field_manager' : 'recovery_agent',
      market: n === 'fm' ? 'Mobile' : MARKETS[n % MARKETS.length],
      rdnIdNumber: n === 'fm' ? null : `RDN-${n}`,
      mustChangePassword: false,
    })
  const agentIds: string[] = []
  for (let n = 0; n < AGENTS; n++) agentIds.push((await person(n)).profileId)
  const manager = { id: (await person('fm')).profileId }
  await sql`insert into market_zip_codes (company_id, zip_code, market)
    select ${company.id}::uuid, lpad((36000 + g)::text, 5, '0'), (${MARKETS}::text[])[1 + g % 5]
    from generate_series(0, 999) g`.execute(db)
  const orders = Math.round((total * 2) / 3)
  // Half assigned, a week or two ago: many of them are due an update.
  await sql`insert into orders (company_id, order_number, status, borrower_zip, detected_market, make, model, year,
      borrower_name, assigned_agent_id, agent_assigned_at)
    select ${company.id}::uuid, 'B-' || g, (array['Open','Open','Open','Need Info','On Hold'])[1 + g % 5],
      lpad((36000 + g % 1000)::text, 5, '0'), (${MARKETS}::text[])[1 + g % 5], 'Toyota', 'Camry', 2019, 'Debtor ' || g,
      case when g % 2 = 0 then (${agentIds}::uuid[])[1 + g % ${AGENTS}] end,
      case when g % 2 = 0 then now() - (g % 14) * interval '1 day' end
    from generate_series(0, ${orders - 1}::int) g`.execute(db)
  await sql`insert into rdn_cases (company_id, case_id, case_number, status, debtor_zip, detected_market, make, model,
      year, debtor_name, assigned_agent_id, agent_assigned_at)
    select ${company.id}::uuid, 5000000 + g, 'RDN-' || g, 'Open', lpad((36000 + g % 1000)::text, 5, '0'),
      (${MARKETS}::text[])[1 + g % 5], 'Ford', 'F-150', 2020, 'Debtor ' || g,
      case when g % 2 = 0 then 'RDN-' || (g % ${AGENTS}) end,
      case when g % 2 = 0 then now() - (g % 14) * interval '1 day' end
    from generate_series(0, ${total - orders - 1}::int) g`.execute(db)
  await sql`analyze`.execute(db)

  const admin = { companyId: company.id, role: 'admin', profileId: crypto.randomUUID() } as Viewer
  const fieldManager = { companyId: company.id, role: 'field_manager', profileId: manager.id } as Viewer
  const reads: [string, Viewer, Record<string, string>][] = [
    ['board, first page (admin)', admin, {}],
    ['board, first page (field manager, one market)', fieldManager, {}],
    ['board, due an update', admin, { due: 'yes' }],
    ['board, one agent', admin, { agent: agentIds[3] }],
    ['board, searched', admin, { q: 'Debtor 4242' }],
    ['board, page 200', admin, { page: '200' }],
  ]
  console.log('\n| read | rows | p50 ms | p95 ms |\n|---|---:|---:|---:|')
  for (const [label, viewer, params] of reads) {
    const query = boardQuerySchema.parse(params)
    const result = await assignmentBoard(db, viewer, query)
    const samples = await time(() => assignmentBoard(db, viewer, query), RUNS)
    console.log(
      `| ${label} | ${result.rows.length} of ${result.total.toLocaleString('en-US')} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`,
    )
  }
  const figures = await time(() => assignmentFigures(db, admin), RUNS)
  console.log(
    `| per-agent figures | ${AGENTS} agents | ${percentile(figures, 50).toFixed(1)} | ${percentile(figures, 95).toFixed(1)} |`,
  )

  const unassigned = await db
    .selectFrom('orders')
    .select('id')
    .where('company_id', '=', company.id)
    .where('assigned_agent_id', 'is', null)
    .limit(1_000)
    .execute()
  const cases = unassigned.map((row) => ({ source: 'order' as const, id: row.id }))
  const started = performance.now()
  const result = await assignCases(db, { ...admin, userId: crypto.randomUUID() }, { cases, agentId: agentIds[0] })
  console.log(
    `\nBulk assignment of ${result.assigned.toLocaleString('en-US')} orders (timeline and audit included): ${(performance.now() - started).toFixed(0)} ms`,
  )
} finally {
  await database.close()
  await drop()
}
