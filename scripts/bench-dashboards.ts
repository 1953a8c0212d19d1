// npm run bench:dashboards [-- --rows N]
// Times each role dashboard's one request (its service, as the route calls it) on N generated RDN
// cases and N/10 orders: on a fresh PostgreSQL database when BENCH_DATABASE_URL is set (default
// 1,000,000 cases), otherwise on embedded PGlite in a temporary directory (default 100,000).
// Prints p50/p95 milliseconds per dashboard. Never touches the product's own database.
import { sql } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import type { AppDeps, Viewer } from '../src/server/app-env'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { getCameraDriverDashboard } from '../src/server/features/dashboards/camera-driver'
import { getFieldManagerDashboard } from '../src/server/features/dashboards/field-manager'
import { getKeysDashboard } from '../src/server/features/dashboards/keys'
import { getManagementDashboard } from '../src/server/features/dashboards/management'
import { getRecoveryAgentDashboard } from '../src/server/features/dashboards/recovery-agent'
import {
  getLotDashboard,
  getPostRecoveryDashboard,
  getTransportDashboard,
} from '../src/server/features/dashboards/storage'
import { generateCases, percentile, scratchTarget, time } from './bench-data'

const RUNS = 15
const TODAY = '2026-11-20'
const rowsArg = process.argv.indexOf('--rows')
const serverUrl = process.env.BENCH_DATABASE_URL
const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : serverUrl ? 1_000_000 : 100_000
const orders = Math.round(rows / 10)

const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
const db = database.db
try {
  console.log(
    `Dashboards benchmark: ${rows.toLocaleString('en-US')} cases and ${orders.toLocaleString('en-US')} orders on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const viewers = new Map<Role, Viewer>()
  for (const role of ['admin', 'recovery_agent', 'camera_driver', 'field_manager', 'key_manager'] as Role[]) {
    const ids = await insertCredentialUser(db, {
      companyId: company.id,
      email: `${role}@bench.example`,
      password: 'Bench-pass-2026',
      firstName: 'Bench',
      lastName: role,
      role,
      market: role === 'admin' || role === 'key_manager' ? null : 'Mobile',
      rdnIdNumber: role === 'recovery_agent' ? 'AGENT-7' : null,
      mustChangePassword: false,
    })
    viewers.set(role, {
      userId: ids.userId,
      email: `${role}@bench.example`,
      profileId: ids.profileId,
      companyId: company.id,
      role,
      rawRole: role,
      mustChangePassword: false,
      sessionId: 'bench',
      impersonatorUserId: null,
    })
  }
  const viewer = (role: Role) => viewers.get(role) as Viewer
  const started = performance.now()
  await generateCases(db, company.id, rows)
  // Orders: a tenth as many, over the same markets; one in 50 the agent's, one in 8 repossessed without keys.
  await sql`
    insert into orders (company_id, order_number, case_number, status, detected_market, assigned_agent_id,
      license_plate, make, model, year, color, keys_obtained, recovery_date, last_known_zip, order_date)
    select ${company.id}::uuid, 'B-' || g, 'BC-' || g,
      (array['Open','Open','Open','Closed','Repossessed','Auction','Office Transfer','On Hold'])[1 + g % 8],
      (array['Birmingham','Mobile','Montgomery','Phenix City','Union City'])[1 + (g / 3) % 5],
      case when g % 50 = 0 then ${viewer('recovery_agent').profileId}::uuid end,
      'AL ' || upper(substr(md5(g::text), 1, 3)) || '-' || (g % 1000), 'Toyota', 'Camry', 2010 + g % 15, 'Blue',
      g % 16 <> 4, case when g % 8 = 4 then date '2026-11-20' - (g % 300) end, '36602', date '2026-11-01' - (g % 900)
    from generate_series(1, ${orders}::int) g`.execute(db)
  // Settled, as autovacuum leaves a table between loads: the visibility map lets counts read indexes alone.
  await sql`vacuum analyze`.execute(db)
  console.log(`  generated, vacuumed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)

  // The keys dashboard decodes VINs through the shared cache; these orders carry none.
  const deps = { db } as AppDeps
  const dashboards: Array<[string, () => Promise<unknown>]> = [
    ['management', () => getManagementDashboard(db, viewer('admin'), TODAY)],
    ['recovery agent', () => getRecoveryAgentDashboard(db, viewer('recovery_agent'), TODAY, 0)],
    ['camera car driver', () => getCameraDriverDashboard(db, viewer('camera_driver'), undefined)],
    ["camera car driver, plate '3B'", () => getCameraDriverDashboard(db, viewer('camera_driver'), '3B')],
    ['field manager', () => getFieldManagerDashboard(db, viewer('field_manager'))],
    ['lot manager', () => getLotDashboard(db, viewer('admin'), TODAY)],
    ['key manager / locksmith', () => getKeysDashboard(deps, viewer('key_manager'))],
    ['transport manager', () => getTransportDashboard(db, viewer('admin'))],
    ['post recovery manager', () => getPostRecoveryDashboard(db, viewer('admin'))],
  ]
  console.log('| dashboard | p50 ms | p95 ms |')
  console.log('|---|---:|---:|')
  for (const [label, run] of dashboards) {
    await run()
    const samples = await time(run, RUNS)
    console.log(`| ${label} | ${percentile(samples, 50).toFixed(1)} | ${percentile(samples, 95).toFixed(1)} |`)
  }
} finally {
  await database.close()
  await drop()
}
