// npm run bench:api [-- --rows N --seconds S --runs R --only 'case list' --no-gzip --profile DIR]
// Requests per second and p50/p95 latency of the case list, the order list and the management
// dashboard through the real HTTP server (signed in as the company's administrator), at
// concurrency 10 and 50, each beside its floor: a bare handler on the same pool running the SQL
// the route ran (captured from one real request), with no session, checks or serialization.
// PostgreSQL when BENCH_DATABASE_URL is set (a scratch database; default 100,000 cases), else
// PGlite in a temporary directory (default 50,000). Traffic goes to 127.0.0.1 only; each run
// lasts S seconds (default 8), R times (default 3; route and floor in turn, the median run
// printed). CPU ms/req: the main thread's CPU time per answer (Linux), steadier than req/s on a
// shared machine; GC ms/req: the garbage collection in it (V8's performance entries). SHOW_SQL=1
// prints the statements each route runs. npm runs it with the V8 flag `npm start` gives the
// server (--max-semi-space-size=8): it measures the server as it runs.
// --profile DIR writes a CPU profile of the server's thread for each route's and floor's last run
// (slower while it records: for where the time goes, not for the figures).
import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import os from 'node:os'
import path from 'node:path'
import { PerformanceObserver } from 'node:perf_hooks'
import { Worker } from 'node:worker_threads'
import { PGlite } from '@electric-sql/pglite'
import { serve } from '@hono/node-server'
import { Hono } from 'hono'
import { CompiledQuery } from 'kysely'
import pg from 'pg'
import { createApp } from '../src/server/app'
import { bootstrapFirstCompany } from '../src/server/auth/bootstrap'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { loadConfig } from '../src/server/config'
import { createLogger } from '../src/server/lib/logger'
import { createRuntime } from '../src/server/runtime'
import { generateCases, percentile, scratchTarget } from './bench-data'
import { generateOrders } from './bench-orders-data'
import { freePort } from './bench-server'
import { profiled } from './cpu-profile'

const argument = (name: string) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : undefined
}
const serverUrl = process.env.BENCH_DATABASE_URL
const rows = argument('--rows') ?? (serverUrl ? 100_000 : 50_000)
const seconds = argument('--seconds') ?? 8
const runs = Math.max(1, argument('--runs') ?? 3)
const EMAIL = 'bench-admin@bench.example'
const PASSWORD = 'Bench-api-pass-2026'

const floorName = (label: string) => label.replaceAll(' ', '-')
const onlyIndex = process.argv.indexOf('--only')
const only = onlyIndex > 0 ? process.argv[onlyIndex + 1] : undefined
const profileIndex = process.argv.indexOf('--profile')
const profileDir = profileIndex > 0 ? process.argv[profileIndex + 1] : undefined
if (profileIndex > 0 && !profileDir) throw new Error('--profile needs a directory')
/** Each load runs at these concurrencies. */
const CONNECTIONS = [10, 50]
/** Sessions taken in turn for the `many` measure: twice the connections, so two requests in flight seldom share one. */
const SESSIONS_PER_CONNECTION = 2
/**
 * Each endpoint as one person asks (every connection with the same session, as issue 21 measured)
 * and, for the case list, as many people do (`many`: each request in flight a session of its own):
 * requests that arrive while their session is being read share that read (session-lookup.ts),
 * which one person's ten connections do far more often than a real crowd.
 */
const ENDPOINTS = (
  [
    ['case list', '/api/cases?sort=order_date&dir=desc', 'one'],
    ['case list', '/api/cases?sort=order_date&dir=desc', 'many'],
    ['order list', '/api/orders-list', 'one'],
    ['management dashboard', '/api/dashboards/management', 'one'],
  ] as [string, string, 'one' | 'many'][]
).filter(([label]) => !only || label.startsWith(only))

// Every statement the drivers send while `capturing` is set: what a route really runs.
type Statement = { sql: string; parameters: readonly unknown[] }
let captured: Statement[] | null = null
for (const proto of [pg.Client.prototype, PGlite.prototype] as { query: (...args: unknown[]) => unknown }[]) {
  const query = proto.query
  proto.query = function (this: unknown, ...args: unknown[]) {
    // A statement as text and values, or as a named statement's config (prepared.ts).
    const [first, values] = args as [string | { text?: unknown; values?: unknown[] }, unknown[] | undefined]
    const text = typeof first === 'string' ? first : first?.text
    if (captured && typeof text === 'string') {
      captured.push({ sql: text, parameters: (typeof first === 'string' ? values : first.values) ?? [] })
    }
    return query.apply(this, args)
  }
}

// The load runs on a thread of its own, so it does not take the server's event loop from it.
const LOAD_WORKER = `
const { parentPort, workerData } = require('node:worker_threads')
const autocannon = require(workerData.autocannon)
const latencies = []
let failed = 0
const { url, connections, seconds, headers, cookies } = workerData
// With cookies, each request takes the next in turn: the requests in flight at once are different people's.
let turn = 0
const requests = cookies ? [{ setupRequest: (request) => ({ ...request, headers: { ...request.headers, cookie: cookies[turn++ % cookies.length] } }) }] : undefined
const instance = autocannon({ url, connections, duration: seconds, headers, requests }, (error, result) =>
  parentPort.postMessage({ error: error ? String(error) : null, errors: result ? result.errors : 0, failed, latencies }),
)
instance.on('response', (_client, statusCode, _bytes, responseTime) => {
  if (statusCode !== 200) failed++
  latencies.push(responseTime)
})
`

/**
 * CPU time the main thread (the server's event loop) has used, in ms, from Linux's /proc (NaN
 * elsewhere). Per request, steadier than requests per second on a machine whose neighbours come
 * and go: what the server itself spends on an answer.
 */
function mainThreadCpuMs() {
  try {
    const stat = readFileSync(`/proc/self/task/${process.pid}/stat`, 'utf8')
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ')
    // utime and stime, in clock ticks of 10 ms (Linux's USER_HZ).
    return (Number(fields[11]) + Number(fields[12])) * 10
  } catch {
    return Number.NaN
  }
}

type Measured = Awaited<ReturnType<typeof load>>
/** The run whose requests per second are the median of the runs'. */
const medianRun = (measured: Measured[]) => [...measured].sort((a, b) => a.rps - b.rps)[Math.floor(measured.length / 2)]

/** `connections` clients requesting `url` back to back for `seconds`: requests per second and latency percentiles. */
async function load(url: string, connections: number, headers: Record<string, string>, cookies?: string[]) {
  // Garbage collection on the server's thread, from V8's own account: what requests held at once costs.
  let collectingMs = 0
  const collections = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) collectingMs += entry.duration
  })
  collections.observe({ entryTypes: ['gc'] })
  const cpuBefore = mainThreadCpuMs()
  const workerData = {
    autocannon: createRequire(import.meta.url).resolve('autocannon'),
    url,
    connections,
    seconds,
    headers,
    cookies,
  }
  const outcome = await new Promise<{ error: string | null; errors: number; failed: number; latencies: number[] }>(
    (resolve, reject) => {
      const worker = new Worker(LOAD_WORKER, { eval: true, workerData })
      worker.once('message', (message) => {
        resolve(message)
        void worker.terminate()
      })
      worker.once('error', reject)
    },
  )
  for (const entry of collections.takeRecords()) collectingMs += entry.duration
  collections.disconnect()
  const { latencies, failed, errors } = outcome
  if (outcome.error || failed > 0 || errors > 0) {
    throw new Error(`${url}: ${outcome.error ?? ''} ${failed} non-200 answers, ${errors} errors`)
  }
  if (latencies.length === 0) throw new Error(`${url}: no answer in ${seconds} s`)
  return {
    answers: latencies.length,
    rps: latencies.length / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    cpuPerRequest: (mainThreadCpuMs() - cpuBefore) / latencies.length,
    gcPerRequest: collectingMs / latencies.length,
  }
}

const { target, drop } = await scratchTarget(serverUrl)
const appPort = await freePort()
const base = `http://127.0.0.1:${appPort}`
const dataDir = path.join(os.tmpdir(), 'recovery-desk-bench-api-data')
const config = loadConfig(
  {
    NODE_ENV: 'production',
    PUBLIC_URL: base,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hmac',
    LOG_LEVEL: 'silent',
    DATA_DIR: dataDir,
    STALE_CHECK_MINUTES: '0',
  },
  [],
)
const runtime = await createRuntime(config, createLogger('silent', false), target)
const servers: { close: () => unknown }[] = []
// Requests still being answered: a run starts (and the database closes) only once none are left.
let inFlight = 0
const counted =
  (fetchHandler: (request: Request, env: unknown) => Response | Promise<Response>) =>
  async (request: Request, env: unknown): Promise<Response> => {
    inFlight++
    try {
      return await fetchHandler(request, env)
    } finally {
      inFlight--
    }
  }
async function settled() {
  while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 20))
}
try {
  const { db } = runtime.deps
  const first = await bootstrapFirstCompany(db, { email: 'first-admin@bench.example', password: PASSWORD })
  if (!first) throw new Error('the scratch database was not empty')
  // The first administrator must choose a new password; this one has.
  await insertCredentialUser(db, {
    companyId: first.companyId,
    email: EMAIL,
    password: PASSWORD,
    firstName: 'Bench',
    lastName: 'Admin',
    role: 'admin',
    market: null,
    rdnIdNumber: null,
    mustChangePassword: false,
  })
  const started = performance.now()
  await generateCases(db, first.companyId, rows)
  await generateOrders(db, first.companyId, Math.round(rows / 10))
  // Background work would run its statements among a request's: the search index caught up first.
  await runtime.deps.orderSearch.kick()
  console.log(`  generated in ${((performance.now() - started) / 1000).toFixed(1)} s`)

  const app = createApp(runtime.deps)
  servers.push(serve({ fetch: counted(app.fetch), hostname: '127.0.0.1', port: appPort }))
  const signIn = async () => {
    const response = await fetch(`${base}/api/auth/sign-in/email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: base },
      body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
    })
    if (!response.ok) throw new Error(`sign-in refused: ${response.status}`)
    return response.headers
      .getSetCookie()
      .map((header) => header.split(';')[0])
      .join('; ')
  }
  const cookie = await signIn()
  const manyCookies: string[] = []
  if (ENDPOINTS.some(([, , sessions]) => sessions === 'many')) {
    for (let index = 0; index < Math.max(...CONNECTIONS) * SESSIONS_PER_CONNECTION; index++)
      manyCookies.push(await signIn())
  }
  // As a browser asks: JSON answers come back gzipped (src/server/http/compress-json.ts);
  // --no-gzip asks as a client that takes no compression.
  const acceptEncoding = process.argv.includes('--no-gzip') ? 'identity' : 'gzip, deflate, br, zstd'
  const headers = { cookie, origin: base, 'accept-encoding': acceptEncoding }

  /** The statements one request runs, in order. */
  async function statementsOf(url: string) {
    captured = []
    const response = await fetch(`${base}${url}`, { headers })
    await response.arrayBuffer()
    const statements = captured
    captured = null
    return { status: response.status, statements }
  }
  // The session's own statements: a request refused by validation, after the session, before any route SQL.
  const session = await statementsOf('/api/cases?sort=nope')
  if (session.status !== 400) throw new Error(`expected a 400 for the session probe, got ${session.status}`)

  const floorStatements = new Map<string, Statement[]>()
  const floor = new Hono().get('/:endpoint', async (c) => {
    let count = 0
    for (const statement of floorStatements.get(c.req.param('endpoint')) ?? []) {
      count += (await db.executeQuery(CompiledQuery.raw(statement.sql, [...statement.parameters]))).rows.length
    }
    return c.text(String(count))
  })
  const floorPort = await freePort()
  servers.push(serve({ fetch: counted(floor.fetch), hostname: '127.0.0.1', port: floorPort }))
  console.log(
    `API benchmark on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}: ${rows.toLocaleString('en-US')} cases, ${Math.round(rows / 10).toLocaleString('en-US')} orders; ${seconds} s per run, median of ${runs}; Accept-Encoding: ${acceptEncoding}; floor = the route's own SQL on the same pool, no session or checks`,
  )
  console.log(`  session lookup: ${session.statements.length} statements per request before the route's own\n`)
  // Captured before any load, while nothing else runs: each route's own statements, after the session's.
  for (const [label, url] of ENDPOINTS) {
    if (floorStatements.has(floorName(label))) continue
    const request = await statementsOf(url)
    if (request.status !== 200) throw new Error(`${url} answered ${request.status}`)
    floorStatements.set(floorName(label), request.statements.slice(session.statements.length))
    if (process.env.SHOW_SQL) {
      console.log(`\n${label}:\n${request.statements.map((statement) => `  ${statement.sql}`).join('\n')}\n`)
    }
  }
  console.log(
    '| endpoint | connections | req/s | p50 ms | p95 ms | CPU ms/req | GC ms/req | floor req/s | floor p50 | floor p95 | floor CPU ms/req | floor GC ms/req | x floor (req/s) |',
  )
  console.log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|')
  const results: Record<string, number> = {}
  for (const [label, url, sessions] of ENDPOINTS) {
    const statements = floorStatements.get(floorName(label)) ?? []
    const who = sessions === 'one' ? '' : ', a session per request in flight'
    for (const connections of CONNECTIONS) {
      const cookies = sessions === 'one' ? undefined : manyCookies.slice(0, connections * SESSIONS_PER_CONNECTION)
      // Route and floor take turns, so a neighbour's burst falls on both alike; the median run of each is printed.
      const reals: Measured[] = []
      const bares: Measured[] = []
      for (let run = 0; run < runs; run++) {
        const profile = (kind: string) =>
          profileDir && run === runs - 1
            ? path.join(profileDir, `${floorName(label)}${who ? '-many' : ''}-${connections}-${kind}.cpuprofile`)
            : undefined
        reals.push(await profiled(profile('route'), () => load(`${base}${url}`, connections, headers, cookies)))
        await settled()
        bares.push(
          await profiled(profile('floor'), () =>
            load(`http://127.0.0.1:${floorPort}/${floorName(label)}`, connections, {}),
          ),
        )
        await settled()
        if (profile('route'))
          console.log(
            `  profiles: ${profile('route')} (${reals.at(-1)?.answers} answers), ${profile('floor')} (${bares.at(-1)?.answers})`,
          )
      }
      const real = medianRun(reals)
      const bare = medianRun(bares)
      results[`${label}${who}@${connections}`] = real.rps
      console.log(
        `| ${label} (${statements.length} statements${who}) | ${connections} | ${real.rps.toFixed(0)} | ${real.p50.toFixed(1)} | ${real.p95.toFixed(1)} | ${real.cpuPerRequest.toFixed(2)} | ${real.gcPerRequest.toFixed(2)} | ${bare.rps.toFixed(0)} | ${bare.p50.toFixed(1)} | ${bare.p95.toFixed(1)} | ${bare.cpuPerRequest.toFixed(2)} | ${bare.gcPerRequest.toFixed(2)} | ${(bare.rps / real.rps).toFixed(2)} |`,
      )
    }
  }
  const goal = target.kind === 'postgres' ? 300 : 60
  console.log(
    `\nGoal: within 2x of the floor; case list >= ${goal} req/s at 10 connections (${results['case list@10']?.toFixed(0)}).`,
  )
} finally {
  // Cut the load's open connections too, and let the requests they had sent finish, before the database closes.
  for (const server of servers) {
    server.close()
    if ('closeAllConnections' in server && typeof server.closeAllConnections === 'function')
      server.closeAllConnections()
  }
  await settled()
  await runtime.close()
  await drop()
}
