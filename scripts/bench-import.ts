// npm run bench:import [-- --rows N] [-- --baseline-rows N]
// Times the CSV import end to end through the HTTP API: a realistic tab-separated paste (default
// 50,000 rows: known clients, sub-statuses, some duplicate case numbers and some bad rows) posted
// to a real server warmed up by an untimed 2,000-row import, on embedded PGlite, and also on
// PostgreSQL when BENCH_DATABASE_URL (a server the bench may create databases on) is set. In the
// same run it times SPEC.md's way (one row at a time, each lookup and insert its own query) on a
// sample, and prints the ratio, and how long the background search indexer then took. The timed
// import runs three times (--runs N) and the median counts: this machine's speed varies by a third.
// Each database is timed in a process of its own, as each would be served.
import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import type { AddressInfo } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { serve } from '@hono/node-server'
import type { Kysely } from 'kysely'
import { generateClientCode } from '../src/domain/clients/client-code'
import { importDate, splitBorrowerName } from '../src/domain/import/fields'
import { createApp } from '../src/server/app'
import { bootstrapFirstCompany } from '../src/server/auth/bootstrap'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { loadConfig } from '../src/server/config'
import type { DB } from '../src/server/db/schema'
import { createLogger } from '../src/server/lib/logger'
import { createRuntime } from '../src/server/runtime'
import { scratchTarget } from './bench-data'
import { CLIENTS, generatePaste, SUB_STATUSES } from './bench-import-paste'

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const ROWS = argument('--rows', 50_000)
const BASELINE_ROWS = argument('--baseline-rows', 2_000)
/** Timed imports per database (each a fresh paste of ROWS rows); the median is reported, this machine's speed varies. */
const RUNS = argument('--runs', 3)
const WARM_UP_ROWS = 2_000
const PASSWORD = 'Bench-pass-2026'
/** The address the bench's server believes it has (its origin check compares with it). */
const ORIGIN = 'http://localhost:3999'

async function seedCompany(db: Kysely<DB>, companyId: string) {
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
    .values([
      { company_id: companyId, zip_code: '35203', market: 'Birmingham' },
      { company_id: companyId, zip_code: '36602', market: 'Mobile' },
    ])
    .execute()
}

/** SPEC.md section 7's way: per row, look the order up, insert it, then each sub-status's lookups and link. */
async function importRowAtATime(db: Kysely<DB>, companyId: string, paste: string) {
  const [, ...lines] = paste.split('\n')
  const clients = await db
    .selectFrom('clients')
    .select(['id', 'name', 'lienholder_name', 'display_name'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .execute()
  for (const line of lines) {
    const cells = line.split('\t')
    const client = clients.find((candidate) => candidate.name === cells[1])
    if (!client || !cells[4]) continue
    const existing = await db
      .selectFrom('orders')
      .select('id')
      .where('company_id', '=', companyId)
      .where('case_number', '=', cells[0])
      .executeTakeFirst()
    if (existing) continue
    const name = splitBorrowerName(cells[3])
    await db
      .insertInto('orders')
      .values({
        company_id: companyId,
        case_number: cells[0],
        order_number: cells[0],
        client_id: client.id,
        vin: cells[4],
        make: cells[5],
        model: cells[6],
        year: Number(cells[7]),
        order_date: importDate(cells[8]) as string,
        borrower_name: name.full,
        borrower_first_name: name.first,
        borrower_last_name: name.last,
        borrower_address: cells[13],
        borrower_city: cells[14],
        borrower_state: cells[15],
        borrower_zip: cells[16],
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    for (const item of cells[12].split('|').filter(Boolean)) {
      const status = await db
        .selectFrom('sub_statuses')
        .select('code')
        .where('company_id', '=', companyId)
        .where('description', 'ilike', item)
        .where('active', '=', true)
        .limit(1)
        .executeTakeFirst()
      if (!status) continue
      const link = await db
        .selectFrom('order_sub_statuses')
        .select('id')
        .where('company_id', '=', companyId)
        .where('case_number', '=', cells[0])
        .where('sub_status_code', '=', status.code)
        .where('active', '=', true)
        .executeTakeFirst()
      if (!link)
        await db
          .insertInto('order_sub_statuses')
          .values({ company_id: companyId, case_number: cells[0], sub_status_code: status.code })
          .execute()
    }
  }
}

type ImportOutcome = { total: number; imported: number; duplicates: number; refused: number; errors: unknown[] }
const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]

async function importOverHttp(baseUrl: string, cookie: string, paste: string): Promise<ImportOutcome> {
  const response = await fetch(`${baseUrl}/api/import/orders`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie, origin: ORIGIN },
    body: JSON.stringify({
      text: paste,
      settings: { skipDuplicates: true, autoCreateClients: false, randomizeNames: false },
    }),
  })
  const lines = (await response.text()).trim().split('\n')
  const done = JSON.parse(lines.at(-1) as string)
  if (done.type !== 'done') throw new Error(`Import failed: ${lines.at(-1)}`)
  return done as ImportOutcome
}

/** One database's row of the table: its own process, so neither database's run slows the other's. */
async function benchDatabase(kind: 'pglite' | 'postgres'): Promise<string[]> {
  const label = kind === 'pglite' ? 'PGlite' : 'PostgreSQL'
  const serverUrl = kind === 'postgres' ? process.env.BENCH_DATABASE_URL : undefined
  if (kind === 'postgres' && !serverUrl) throw new Error('BENCH_DATABASE_URL is needed for the PostgreSQL run')
  const { target, drop } = await scratchTarget(serverUrl)
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-bench-import-cache-'))
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hmac',
      DATA_DIR: dataDir,
      PUBLIC_URL: ORIGIN,
      SIGN_IN_RATE_LIMIT: '1000/60',
    },
    [],
  )
  const runtime = await createRuntime(config, createLogger('silent', false), target)
  const server = serve({ fetch: createApp(runtime.deps).fetch, port: 0, hostname: '127.0.0.1' })
  await new Promise((resolve) => server.once('listening', resolve))
  const baseUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  try {
    const db = runtime.deps.db
    const first = await bootstrapFirstCompany(db, { email: 'bootstrap@bench.test', password: PASSWORD })
    if (!first) throw new Error('bootstrap did not run')
    await insertCredentialUser(db, {
      companyId: first.companyId,
      email: 'importer@bench.test',
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Importer',
      role: 'admin',
      mustChangePassword: false,
    })
    await seedCompany(db, first.companyId)
    const signIn = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: ORIGIN },
      body: JSON.stringify({ email: 'importer@bench.test', password: PASSWORD }),
    })
    if (!signIn.ok) throw new Error(`Sign-in failed: ${signIn.status} ${await signIn.text()}`)
    const cookie = signIn.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')

    // A first, untimed import warms the server up (JIT, plan caches), as a running server would be.
    await importOverHttp(baseUrl, cookie, generatePaste(WARM_UP_ROWS, 'WARM'))
    await runtime.deps.orderSearch.kick()
    const runs: number[] = []
    let indexSeconds = 0
    let firstRun: ImportOutcome | undefined
    for (let run = 1; run <= RUNS; run++) {
      const paste = generatePaste(ROWS, `BENCH${run}`)
      console.log(
        `${label}: importing ${ROWS.toLocaleString('en-US')} rows (${(paste.length / 1e6).toFixed(1)} MB) through ${baseUrl}, run ${run} of ${RUNS}`,
      )
      const started = performance.now()
      const done = await importOverHttp(baseUrl, cookie, paste)
      runs.push((performance.now() - started) / 1000)
      if (done.imported + done.duplicates + done.refused !== ROWS) throw new Error('counts do not add up')
      firstRun ??= done
      // The orders are searchable at once; their search index entries follow in the background.
      const indexStarted = performance.now()
      await runtime.deps.orderSearch.kick()
      indexSeconds = Math.max(indexSeconds, (performance.now() - indexStarted) / 1000)
    }
    const seconds = median(runs)
    const done = firstRun as ImportOutcome

    const baselineCompany = await db
      .insertInto('companies')
      .values({ name: 'Baseline' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await seedCompany(db, baselineCompany.id)
    const baselineStarted = performance.now()
    await importRowAtATime(db, baselineCompany.id, generatePaste(BASELINE_ROWS, 'BASE'))
    const baselineSeconds = (performance.now() - baselineStarted) / 1000

    const rate = ROWS / seconds
    const baselineRate = BASELINE_ROWS / baselineSeconds
    return [
      label,
      ROWS.toLocaleString('en-US'),
      `${done.imported.toLocaleString('en-US')} / ${done.duplicates} / ${done.refused}`,
      `${seconds.toFixed(2)} (${Math.min(...runs).toFixed(2)}-${Math.max(...runs).toFixed(2)})`,
      Math.round(rate).toLocaleString('en-US'),
      Math.round(baselineRate).toLocaleString('en-US'),
      `${(rate / baselineRate).toFixed(1)}x`,
      `+${indexSeconds.toFixed(2)}`,
    ]
  } finally {
    server.close()
    await runtime.close()
    await drop()
    fs.rmSync(dataDir, { recursive: true, force: true })
  }
}

const databaseArgument = process.argv.indexOf('--database')
if (databaseArgument > 0) {
  const row = await benchDatabase(process.argv[databaseArgument + 1] as 'pglite' | 'postgres')
  fs.writeFileSync(process.argv[process.argv.indexOf('--out') + 1], JSON.stringify(row))
  process.exit(0)
}
const results: string[][] = []
for (const kind of process.env.BENCH_DATABASE_URL ? ['pglite', 'postgres'] : ['pglite']) {
  const out = path.join(os.tmpdir(), `recovery-desk-bench-import-${process.pid}-${kind}.json`)
  const child = spawnSync(
    process.execPath,
    [...process.execArgv, ...process.argv.slice(1), '--database', kind, '--out', out],
    { stdio: 'inherit' },
  )
  if (child.status !== 0) throw new Error(`The ${kind} run failed`)
  results.push(JSON.parse(fs.readFileSync(out, 'utf8')))
  fs.rmSync(out)
}

const head = [
  'database',
  'rows',
  'imported / duplicates / refused',
  'seconds: median (range)',
  'rows/s',
  'row-at-a-time rows/s',
  'ratio',
  'search index s',
]
const widths = head.map((title, column) => Math.max(title.length, ...results.map((row) => row[column].length)))
const format = (cells: string[]) => `| ${cells.map((cell, column) => cell.padEnd(widths[column])).join(' | ')} |`
console.log(`\n${format(head)}\n| ${widths.map((width) => '-'.repeat(width)).join(' | ')} |`)
for (const row of results) console.log(format(row))
console.log(`\n(${RUNS} timed imports per database, rows/s from the median;`)
console.log(` row-at-a-time timed on ${BASELINE_ROWS.toLocaleString('en-US')} rows of the same shape;`)
console.log(' search index s: how long after the import the background indexer took to index its orders)')
