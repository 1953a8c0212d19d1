// npm run bench:exports [-- --rows N] [--slow] [--heap-limit MB]
// Exports every case of N generated RDN cases over HTTP from the real server (the built bundle
// `npm start` runs), run in a child process, as CSV and as XLSX, and prints rows, seconds,
// rows/s, bytes and the server process's peak resident memory (VmHWM in /proc/<pid>/status,
// reset before each download). On a fresh
// PostgreSQL database when BENCH_DATABASE_URL is set (default 1,000,000 cases; the database is
// dropped after), otherwise on embedded PGlite in a temporary directory (default 100,000).
// --slow also reads one CSV export at about 1 MB/s for 10 s: a slow client must hold the
// database back, not grow the server's memory. --heap-limit MB runs the downloads again on a server
// started with --max-old-space-size=MB (a deployment choice that bounds how much garbage V8 keeps).
// Never touches the product's own database.
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { connectDatabase, type DatabaseTarget } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import { generateCases, scratchTarget } from './bench-data'
import { freePort, waitForHealth } from './bench-server'

const rowsArg = process.argv.indexOf('--rows')
const slow = process.argv.includes('--slow')
const heapArg = process.argv.indexOf('--heap-limit')
const heapLimit = heapArg > 0 ? Number(process.argv[heapArg + 1]) : null
const serverUrl = process.env.BENCH_DATABASE_URL
const rows = rowsArg > 0 ? Number(process.argv[rowsArg + 1]) : serverUrl ? 1_000_000 : 100_000
const EMAIL = 'exporter@bench.example'
const PASSWORD = 'Bench-pass-2026'

/** The node flags `npm start` runs the server with (package.json), so the bench measures that process. */
const START_FLAGS = (
  JSON.parse(fs.readFileSync('package.json', 'utf8')).scripts.start.match(
    /node ((?:--\S+ )*)dist\/server\/main\.mjs/,
  )?.[1] ?? ''
)
  .split(' ')
  .filter(Boolean)

const mb = (kb: number) => `${(kb / 1024).toFixed(0)} MB`

/** The process's memory line from /proc, in kB. */
function memoryKb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8')
  return Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? 0)
}

/** Starts the peak over (Linux: writing 5 to clear_refs resets VmHWM). */
function resetPeak(pid: number) {
  fs.writeFileSync(`/proc/${pid}/clear_refs`, '5')
}

type Server = { child: ChildProcess; pid: number; base: string; cookie: string; startRss: number }

/** The real server in a child process (node itself, not a wrapper, so /proc/<pid> is its memory), signed in. */
async function startServer(target: DatabaseTarget, flags: string[]): Promise<Server> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hmac-signing',
    ADMIN_PASSWORD: 'Bench-admin-2026',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  if (target.kind === 'postgres') env.DATABASE_URL = target.url
  else if (target.kind === 'pglite') env.DATA_DIR = target.dataDir
  const child = spawn(process.execPath, [...START_FLAGS, ...flags, 'dist/server/main.mjs'], {
    env,
    stdio: ['ignore', 'ignore', 'inherit'],
  })
  const pid = child.pid as number
  await waitForHealth(base, child)
  const signIn = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: EMAIL, password: PASSWORD }),
  })
  if (!signIn.ok) throw new Error(`sign-in failed: ${signIn.status}`)
  const cookie = signIn.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .join('; ')
  return { child, pid, base, cookie, startRss: memoryKb(pid, 'VmRSS') }
}

async function stopServer(server: Server) {
  if (server.child.exitCode !== null) return
  server.child.kill('SIGTERM')
  await new Promise((resolve) => server.child.once('exit', resolve))
}

/** Downloads every case as CSV, then XLSX, each as one client would; then, with --slow, a slow client. */
async function exportAll(server: Server, label: string) {
  const { pid, base, cookie } = server
  for (const format of ['csv', 'xlsx'] as const) {
    resetPeak(pid)
    const startedAt = performance.now()
    const response = await fetch(`${base}/api/exports/cases?format=${format}`, { headers: { cookie, origin: base } })
    if (!response.ok || !response.body) throw new Error(`${format} export failed: ${response.status}`)
    let bytes = 0
    let lines = 0
    for await (const chunk of response.body) {
      bytes += chunk.byteLength
      if (format === 'csv') for (const byte of chunk) if (byte === 10) lines++
    }
    const seconds = (performance.now() - startedAt) / 1000
    const exported = format === 'csv' ? lines - 1 : rows
    if (format === 'csv' && exported !== rows) throw new Error(`CSV had ${exported} rows, expected ${rows}`)
    console.log(
      `| ${label} | ${format.toUpperCase()} | ${exported.toLocaleString('en-US')} | ${seconds.toFixed(1)} | ${Math.round(exported / seconds).toLocaleString('en-US')} | ${(bytes / 1_048_576).toFixed(0)} MiB | ${mb(server.startRss)} | ${mb(memoryKb(pid, 'VmHWM'))} |`,
    )
  }
  if (!slow) return
  resetPeak(pid)
  const response = await fetch(`${base}/api/exports/cases?format=csv`, { headers: { cookie, origin: base } })
  const reader = (response.body as ReadableStream<Uint8Array>).getReader()
  let bytes = 0
  const until = performance.now() + 10_000
  while (performance.now() < until) {
    const next = await reader.read()
    if (next.done) break
    bytes += next.value.byteLength
    // About 1 MB/s.
    await new Promise((resolve) => setTimeout(resolve, (next.value.byteLength / 1_000_000) * 1000))
  }
  await reader.cancel()
  console.log(
    `| ${label} | CSV, slow client (~1 MB/s for 10 s, then gone) | - | 10 | - | ${(bytes / 1_048_576).toFixed(1)} MiB read | ${mb(server.startRss)} | ${mb(memoryKb(pid, 'VmHWM'))} |`,
  )
}

execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit' })
const { target, drop } = await scratchTarget(serverUrl)
let child: Server | undefined
try {
  console.log(
    `Export benchmark: ${rows.toLocaleString('en-US')} cases on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  )
  const database = await connectDatabase(target)
  try {
    await migrateToLatest(database.db)
    const company = await database.db
      .insertInto('companies')
      .values({ name: 'Bench Co' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await insertCredentialUser(database.db, {
      companyId: company.id,
      email: EMAIL,
      password: PASSWORD,
      firstName: 'Bench',
      lastName: 'Exporter',
      role: 'manager',
      mustChangePassword: false,
    })
    const started = performance.now()
    await generateCases(database.db, company.id, rows)
    console.log(`  generated and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s`)
  } finally {
    // PGlite is one process's: the server opens it next.
    await database.close()
  }

  // The server as `npm start` runs it; then, with --heap-limit, again with V8's old space capped.
  const runs: { label: string; flags: string[] }[] = [{ label: 'default heap', flags: [] }]
  if (heapLimit) runs.push({ label: `--max-old-space-size=${heapLimit}`, flags: [`--max-old-space-size=${heapLimit}`] })
  // Any other V8 flags to compare (e.g. BENCH_SERVER_FLAGS='--max-semi-space-size=32').
  const extra = process.env.BENCH_SERVER_FLAGS?.trim()
  if (extra) runs.push({ label: extra, flags: extra.split(/\s+/) })
  console.log('\n| server | format | rows | seconds | rows/s | bytes | server RSS at start | server peak RSS |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|')
  for (const run of runs) {
    child = await startServer(target, run.flags)
    await exportAll(child, run.label)
    await stopServer(child)
  }
} finally {
  if (child) await stopServer(child)
  await drop()
}
