// npm run bench:collisions [-- --rows N] [-- --sync N] [-- --existing N] [-- --runs N]
// What collision detection (migration 064's statement triggers) adds on the way in, on embedded
// PGlite (and PostgreSQL when BENCH_DATABASE_URL is set): the import of 50,000 pasted rows and the
// RDN sync of 1,000 cases, each timed with detection on and off (the four triggers disabled), runs
// alternating off/on/on/off so the growing tables weigh on both alike; means printed. Each paste
// has its own VINs but for 1 row in 100, which repeats a VIN of an earlier run (a collision); the
// sync's cases repeat a VIN of an imported order one in 50. The company starts with --existing RDN
// cases (100,000 by default) so each lookup meets a real table.
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { generateClientCode } from '../src/domain/clients/client-code'
import type { Viewer } from '../src/server/app-env'
import { bootstrapFirstCompany } from '../src/server/auth/bootstrap'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { loadConfig } from '../src/server/config'
import type { DB } from '../src/server/db/schema'
import { syncRdnCases } from '../src/server/features/cases/sync'
import { importOrders } from '../src/server/features/import/service'
import { createLogger } from '../src/server/lib/logger'
import { createRuntime } from '../src/server/runtime'
import { generateCases, scratchTarget } from './bench-data'
import { CLIENTS, generatePaste, SUB_STATUSES } from './bench-import-paste'

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const ROWS = argument('--rows', 50_000)
const SYNC = argument('--sync', 1_000)
const EXISTING = argument('--existing', 100_000)
/** Timed runs per setting for the import (the sync runs twice as many: it is short). */
const RUNS = argument('--runs', 2)
const TRIGGERS = [
  ['orders', 'orders_collisions_inserted'],
  ['orders', 'orders_collisions_updated'],
  ['rdn_cases', 'rdn_cases_collisions_inserted'],
  ['rdn_cases', 'rdn_cases_collisions_updated'],
] as const

/** Runs alternate off/on/on/off, so the mean of each weighs the growing tables alike. */
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / values.length
const seconds = (ms: number) => `${(ms / 1000).toFixed(2)} s`

async function setDetection(db: Kysely<DB>, on: boolean) {
  for (const [table, trigger] of TRIGGERS) {
    await sql`alter table ${sql.raw(table)} ${sql.raw(on ? 'enable' : 'disable')} trigger ${sql.raw(trigger)}`.execute(
      db,
    )
  }
}

/** The bench paste with this run's own VINs, but for one row in 100 that keeps the shared VIN (a collision). */
function pasteOfRun(run: number): string {
  const prefix = `R${String(run).padStart(2, '0')}`
  return generatePaste(ROWS, `CB${run}`)
    .split('\n')
    .map((line, index) => {
      if (index === 0 || index % 100 === 1) return line
      const cells = line.split('\t')
      if (cells[4]) cells[4] = `${prefix}${cells[4].slice(prefix.length)}`
      return cells.join('\t')
    })
    .join('\n')
}

/** A sync batch of new cases; one in 50 carries the VIN of an imported order. */
function syncBatch(run: number) {
  return Array.from({ length: SYNC }, (_, index) => ({
    case_id: 50_000_000 + run * SYNC + index,
    case_number: `SYNC-${run}-${index}`,
    status: 'Open',
    vin:
      index % 50 === 0
        ? `1HGCM8263${String(index).padStart(8, '0')}`.slice(0, 17)
        : `S${String(run).padStart(3, '0')}${String(index).padStart(13, '0')}`,
    vehicle_license_number: `P${run}-${index}`,
    vehicle_license_state: 'AL',
    debtor_zip: '36602',
    assigned_agent_id: `AGENT-${index % 200}`,
  }))
}

async function bench(kind: 'pglite' | 'postgres') {
  const serverUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined
  const { target, drop } = await scratchTarget(serverUrl)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-bench-collisions-'))
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hmac',
      DATA_DIR: dataDir,
    },
    [],
  )
  const runtime = await createRuntime(config, createLogger('silent', false), target)
  try {
    const db = runtime.deps.db
    const first = await bootstrapFirstCompany(db, { email: 'bootstrap@bench.test', password: 'Bench-pass-2026' })
    if (!first) throw new Error('bootstrap did not run')
    const companyId = first.companyId
    const importer = await insertCredentialUser(db, {
      companyId,
      email: 'importer@bench.test',
      password: 'Bench-pass-2026',
      firstName: 'Bench',
      lastName: 'Importer',
      role: 'admin',
      mustChangePassword: false,
    })
    await db
      .insertInto('clients')
      .values(
        CLIENTS.map(([name, lien]) => ({
          company_id: companyId,
          name,
          lienholder_name: lien,
          client_code: generateClientCode(name, lien),
        })),
      )
      .execute()
    await db
      .insertInto('sub_statuses')
      .values(SUB_STATUSES.map(([code, description]) => ({ company_id: companyId, code, description })))
      .execute()
    await db
      .insertInto('market_zip_codes')
      .values({ company_id: companyId, zip_code: '36602', market: 'Mobile' })
      .execute()
    if (EXISTING > 0) await generateCases(db, companyId, EXISTING)
    const viewer: Viewer = {
      userId: importer.userId,
      email: 'importer@bench.test',
      profileId: importer.profileId,
      companyId,
      role: 'admin',
      rawRole: 'admin',
      mustChangePassword: false,
      sessionId: 'bench',
      impersonatorUserId: null,
    }
    const settings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }
    // Warm up untimed (and seed the shared VINs the later runs collide with).
    await importOrders(db, viewer, generatePaste(2_000, 'WARM'), settings)

    const order = (runs: number) => Array.from({ length: runs * 2 }, (_, i) => [false, true, true, false][i % 4])
    const importTimes = { on: [] as number[], off: [] as number[] }
    let run = 0
    for (const on of order(RUNS)) {
      await setDetection(db, on)
      const paste = pasteOfRun(++run)
      const started = performance.now()
      const result = await importOrders(db, viewer, paste, settings)
      importTimes[on ? 'on' : 'off'].push(performance.now() - started)
      console.log(
        `  import run ${run} (detection ${on ? 'on' : 'off'}): ${seconds(importTimes[on ? 'on' : 'off'].at(-1) as number)}, ${result.imported} imported`,
      )
    }
    const syncTimes = { on: [] as number[], off: [] as number[] }
    for (const on of order(RUNS * 2)) {
      await setDetection(db, on)
      const batch = syncBatch(++run)
      const started = performance.now()
      await syncRdnCases(db, companyId, batch)
      syncTimes[on ? 'on' : 'off'].push(performance.now() - started)
    }
    await setDetection(db, true)
    const collisions = await db
      .selectFrom('vehicle_collisions')
      .select(sql<number>`count(*)::int`.as('n'))
      .executeTakeFirstOrThrow()
    const line = (what: string, times: { on: number[]; off: number[] }) => {
      const on = mean(times.on)
      const off = mean(times.off)
      return `${what.padEnd(28)} without ${seconds(off).padStart(9)}   with ${seconds(on).padStart(9)}   +${(((on - off) / off) * 100).toFixed(1)} %`
    }
    console.log(
      `\n${kind === 'pglite' ? 'PGlite' : 'PostgreSQL'} (${EXISTING.toLocaleString('en-US')} RDN cases to begin with; means)`,
    )
    console.log(line(`import of ${ROWS.toLocaleString('en-US')} rows`, importTimes))
    console.log(line(`sync of ${SYNC.toLocaleString('en-US')} cases`, syncTimes))
    console.log(`collisions detected: ${collisions.n.toLocaleString('en-US')}`)
  } finally {
    await runtime.close()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

await bench('pglite')
if (process.env.BENCH_DATABASE_URL) await bench('postgres')
