// npm run bench:lighthouse [-- --runs N] [-- --desktop] [-- --save DIR] [-- --page NAME]
// Issue 21, goal 4: Lighthouse performance and accessibility scores (goal >= 90 each) for the
// sign-in page (signed out), the case list (/dashboard/orders) and a case detail (/cases/7001),
// both signed in as the e2e seed's manager. Builds when needed (as npm start does), seeds a scratch
// PGlite directory with the e2e seed (e2e/seed.ts), starts the production server on 127.0.0.1 and
// drives Debian's Chromium headless through the lighthouse package. Each page is audited N times
// (default 3) and the median run by performance score is printed. A benchmark, not a test: it
// prints, and fails only when it cannot measure. --desktop uses Lighthouse's desktop settings;
// --save DIR writes each page's median report as JSON (open it in the Lighthouse viewer); --page
// audits only the page of that name ('case list').
import { type ChildProcess, execFileSync, spawn } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { type LaunchedChrome, launch } from 'chrome-launcher'
import lighthouse, { type Flags, type Result } from 'lighthouse'
import { E2E_ROLE_PASSWORD, roleEmail } from '../e2e/seed-data'
import { freePort, waitForHealth } from './bench-server'

const GOAL = 90
const RUN_TIMEOUT_MS = 180_000
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
const SIGNED_IN_EMAIL = roleEmail('manager')
const CASE_ID = 7001 // the seed's Repossessed case with storage, market and confidence filled

const runsArg = process.argv.indexOf('--runs')
const RUNS = runsArg > 0 ? Math.max(1, Number(process.argv[runsArg + 1]) || 1) : 3
const DESKTOP = process.argv.includes('--desktop')
const saveArg = process.argv.indexOf('--save')
const SAVE_DIR = saveArg > 0 ? process.argv[saveArg + 1] : undefined
const pageArg = process.argv.indexOf('--page')
const ONLY_PAGE = pageArg > 0 ? process.argv[pageArg + 1] : undefined

/** `loads`: a request the page makes once it has rendered as intended, and its status. */
type Page = { name: string; path: string; signedIn: boolean; loads: { url: string; status: number } }
const PAGES: Page[] = [
  { name: 'sign-in', path: '/auth', signedIn: false, loads: { url: '/api/me', status: 401 } },
  { name: 'case list', path: '/dashboard/orders', signedIn: true, loads: { url: '/api/cases?', status: 200 } },
  {
    name: 'case detail',
    path: `/cases/${CASE_ID}`,
    signedIn: true,
    loads: { url: `/api/cases/${CASE_ID}`, status: 200 },
  },
]

let server: ChildProcess | undefined
let chrome: LaunchedChrome | undefined
const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-lighthouse-'))

/** Stops Chrome and the server (SIGKILL after 5 s) and removes the scratch directory; never hangs. */
async function cleanUp() {
  const stopping: Promise<unknown>[] = []
  if (chrome) {
    const launched = chrome
    chrome = undefined
    stopping.push(
      Promise.race([launched.kill(), delay(5_000)]).then(() => {
        if (launched.process.exitCode === null) launched.process.kill('SIGKILL')
      }),
    )
  }
  if (server && server.exitCode === null) {
    const child = server
    stopping.push(
      new Promise<void>((resolve) => {
        const force = setTimeout(() => {
          child.kill('SIGKILL')
          resolve()
        }, 5_000)
        child.once('exit', () => {
          clearTimeout(force)
          resolve()
        })
        child.kill('SIGTERM')
      }),
    )
  }
  server = undefined
  await Promise.all(stopping)
  fs.rmSync(scratch, { recursive: true, force: true })
}

// Ctrl+C reaches this process twice (from the terminal and relayed by tsx): the first stops
// everything, later ones wait for it. Chrome runs detached, so a last synchronous kill on exit.
let interrupted = false
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    if (interrupted) return
    interrupted = true
    console.error(`\n${signal}: stopping Chrome and the server`)
    void cleanUp().finally(() => process.exit(130))
  })
}
process.on('exit', () => {
  if (chrome?.process.exitCode === null) chrome.process.kill('SIGKILL')
  if (server?.exitCode === null) server.kill('SIGKILL')
})

function delay(ms: number) {
  return new Promise<void>((resolve) => setTimeout(resolve, ms).unref())
}

function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`${what} took longer than ${ms / 1000} s`)), ms)
  })
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer))
}

/**
 * A snapshot of the built web app in the scratch directory, served from there (the server serves
 * ./dist/web from its working directory): a rebuild of dist/web by someone else mid-run cannot
 * pull files from under the pages being audited.
 */
function snapshotWebBuild(): string {
  const root = path.join(scratch, 'app')
  fs.cpSync('dist/web', path.join(root, 'dist/web'), { recursive: true })
  const html = fs.readFileSync(path.join(root, 'dist/web/index.html'), 'utf8')
  for (const [, asset] of html.matchAll(/(?:src|href)="\/(assets\/[^"]+)"/g)) {
    if (!fs.existsSync(path.join(root, 'dist/web', asset))) {
      throw new Error(`dist/web/index.html names ${asset}, which is missing (a build in progress?); run again`)
    }
  }
  return root
}

async function startServer(): Promise<string> {
  const cwd = snapshotWebBuild()
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'production',
    PORT: String(port),
    HOST: '127.0.0.1',
    PUBLIC_URL: base,
    DATA_DIR: path.join(scratch, 'data'),
    // The same as playwright.config.ts gives the e2e server.
    AUTH_SECRET: 'e2e-secret-that-is-long-enough-for-hmac-signing',
    ADMIN_EMAIL: 'admin@example.com',
    ADMIN_PASSWORD: 'Bootstrap-pass-1',
    SIGN_IN_RATE_LIMIT: '1000/60',
    LOG_LEVEL: 'warn',
  }
  delete env.DATABASE_URL
  execFileSync(process.execPath, ['--import', 'tsx', 'e2e/seed.ts'], { env, stdio: 'inherit', timeout: 180_000 })
  server = spawn(
    process.execPath,
    ['--enable-source-maps', '--max-semi-space-size=8', path.resolve('dist/server/main.mjs')],
    {
      cwd,
      env,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  )
  await waitForHealth(base, server)
  return base
}

/** Signs in through the API as the browser's form does; returns the session cookies as a Cookie header. */
async function signIn(base: string): Promise<string> {
  const response = await fetch(`${base}/api/auth/sign-in/email`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify({ email: SIGNED_IN_EMAIL, password: E2E_ROLE_PASSWORD }),
  })
  if (!response.ok)
    throw new Error(`sign-in as ${SIGNED_IN_EMAIL} answered ${response.status}: ${await response.text()}`)
  const cookies = response.headers.getSetCookie().map((header) => header.split(';')[0])
  if (!cookies.length) throw new Error('sign-in set no cookie')
  return cookies.join('; ')
}

/** Lighthouse's own flakes on a busy machine (NO_NAVSTART, NO_FCP...) are retried twice. */
async function auditWithRetries(url: string, port: number, cookie: string | undefined): Promise<Result> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await audit(url, port, cookie)
    } catch (error) {
      if (attempt >= 3 || interrupted || !(error instanceof LighthouseRunError)) throw error
      process.stderr.write(`  ${error.message}; again\n`)
    }
  }
}

class LighthouseRunError extends Error {}

async function audit(url: string, port: number, cookie: string | undefined): Promise<Result> {
  const flags: Flags = {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    extraHeaders: cookie ? { Cookie: cookie } : undefined,
    ...(DESKTOP
      ? {
          formFactor: 'desktop',
          screenEmulation: { mobile: false, width: 1350, height: 940, deviceScaleFactor: 1, disabled: false },
          throttling: {
            rttMs: 40,
            throughputKbps: 10_240,
            cpuSlowdownMultiplier: 1,
            requestLatencyMs: 0,
            downloadThroughputKbps: 0,
            uploadThroughputKbps: 0,
          },
        }
      : {}),
  }
  const result = await withTimeout(lighthouse(url, flags), RUN_TIMEOUT_MS, `Lighthouse on ${url}`)
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`)
  const lhr = result.lhr
  if (lhr.runtimeError)
    throw new LighthouseRunError(`Lighthouse on ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`)
  return lhr
}

function madeRequest(lhr: Result, url: string, status: number): boolean {
  const items = (lhr.audits['network-requests']?.details as { items?: { url: string; statusCode: number }[] })?.items
  return (items ?? []).some(
    (item) => new URL(item.url).pathname.concat(new URL(item.url).search).startsWith(url) && item.statusCode === status,
  )
}

/** Which code was measured: the commit, and whether the web app's sources differ from it. */
function buildState(): string {
  const git = (...args: string[]) => execFileSync('git', args, { encoding: 'utf8' }).trim()
  try {
    const head = git('rev-parse', '--short', 'HEAD')
    const changed = git(
      'status',
      '--porcelain',
      '--',
      'src/web',
      'src/domain',
      'index.html',
      'vite.config.ts',
      'public',
    )
    return changed ? `${head} plus uncommitted changes to ${changed.split('\n').length} web file(s)` : head
  } catch {
    return 'unknown (no git)'
  }
}

const score = (lhr: Result, category: string) => {
  const value = lhr.categories[category]?.score
  return value === null || value === undefined ? Number.NaN : Math.round(value * 100)
}
const metric = (lhr: Result, id: string) => lhr.audits[id]?.numericValue ?? Number.NaN
const ms = (value: number) => (Number.isNaN(value) ? '-' : `${Math.round(value).toLocaleString('en-US')} ms`)

/** Audits with a score below 1 that count toward the accessibility score, with the elements they name. */
function failingAccessibility(lhr: Result) {
  return (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result && result.score !== null && result.score < 1)
    .map((result) => {
      const items = (result.details as { items?: { node?: { selector?: string; snippet?: string } }[] } | undefined)
        ?.items
      const nodes = (items ?? []).flatMap((item) => (item.node ? [item.node.selector ?? item.node.snippet ?? '?'] : []))
      return { id: result.id, title: result.title, nodes }
    })
}

/** The performance category's opportunities that are not passed, largest estimated saving first. */
function opportunities(lhr: Result) {
  return (lhr.categories.performance?.auditRefs ?? [])
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result?.details?.type === 'opportunity' && result.score !== null && result.score < 0.9)
    .map((result) => {
      const details = result.details as { overallSavingsMs?: number; overallSavingsBytes?: number }
      return {
        id: result.id,
        title: result.title,
        savingsMs: details.overallSavingsMs ?? 0,
        savingsBytes: details.overallSavingsBytes ?? 0,
        display: result.displayValue ?? '',
      }
    })
    .sort((a, b) => b.savingsMs - a.savingsMs || b.savingsBytes - a.savingsBytes)
    .slice(0, 5)
}

/** Failed performance diagnostics (long main-thread work, large payloads...), for context. */
function diagnostics(lhr: Result) {
  return (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group === 'diagnostics')
    .map((ref) => lhr.audits[ref.id])
    .filter((result) => result && result.score !== null && result.score < 0.9 && result.details?.type !== 'opportunity')
    .map((result) => ({ id: result.id, title: result.title, display: result.displayValue ?? '' }))
}

try {
  if (ONLY_PAGE && !PAGES.some((page) => page.name === ONLY_PAGE)) {
    throw new Error(`--page ${ONLY_PAGE}: no such page (${PAGES.map((page) => page.name).join(', ')})`)
  }
  execFileSync(process.execPath, ['scripts/ensure-build.mjs'], { stdio: 'inherit', timeout: 600_000 })
  const measured = buildState()
  const base = await startServer()
  const cookie = await signIn(base)
  chrome = await launch({
    chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
    handleSIGINT: false,
  })
  const medians: { page: Page; lhr: Result; performance: number[] }[] = []
  for (const page of PAGES.filter((each) => !ONLY_PAGE || each.name === ONLY_PAGE)) {
    const runs: Result[] = []
    for (let run = 0; run < RUNS; run++) {
      const lhr = await auditWithRetries(`${base}${page.path}`, chrome.port, page.signedIn ? cookie : undefined)
      const landed = new URL(lhr.finalDisplayedUrl).pathname
      if (landed !== page.path) throw new Error(`${page.path} ended on ${landed} (signed in: ${page.signedIn})`)
      if (!madeRequest(lhr, page.loads.url, page.loads.status)) {
        throw new Error(
          `${page.path} never got ${page.loads.status} from ${page.loads.url}: it did not render as intended (a broken build?)`,
        )
      }
      runs.push(lhr)
      process.stderr.write(`  ${page.name} run ${run + 1}/${RUNS}: performance ${score(lhr, 'performance')}\n`)
    }
    runs.sort((a, b) => score(a, 'performance') - score(b, 'performance'))
    medians.push({
      page,
      lhr: runs[Math.floor((runs.length - 1) / 2)],
      performance: runs.map((lhr) => score(lhr, 'performance')),
    })
  }
  if (SAVE_DIR) {
    fs.mkdirSync(SAVE_DIR, { recursive: true })
    for (const { page, lhr } of medians) {
      fs.writeFileSync(path.join(SAVE_DIR, `${page.name.replace(/ /g, '-')}.report.json`), JSON.stringify(lhr))
    }
  }

  const settings = medians[0].lhr.configSettings
  const throttling = settings.throttling
  console.log(
    `\nLighthouse ${medians[0].lhr.lighthouseVersion} on ${medians[0].lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'} (headless), ` +
      `${settings.formFactor} form factor, ${settings.throttlingMethod === 'simulate' ? 'simulated' : settings.throttlingMethod} throttling ` +
      `(RTT ${throttling.rttMs} ms, ${Math.round((throttling.throughputKbps ?? 0) / 100) / 10} Mbps, CPU slowdown ${throttling.cpuSlowdownMultiplier}x)`,
  )
  console.log(
    `Production server on PGlite with the e2e seed; signed-in pages as ${SIGNED_IN_EMAIL} (manager, who lands on /dashboard/management). ` +
      `Build: ${measured}. Median of ${RUNS} run${RUNS === 1 ? '' : 's'} per page by performance score. ` +
      `Host CPU benchmark index ${medians.map(({ lhr }) => Math.round(lhr.environment.benchmarkIndex)).join(', ')}, ` +
      `load average ${os.loadavg()[0].toFixed(2)} (a busy machine lowers the scores).\n`,
  )
  console.log('| page | path | performance | accessibility | FCP | LCP | TBT | CLS | performance over runs |')
  console.log('|---|---|---:|---:|---:|---:|---:|---:|---|')
  for (const { page, lhr, performance } of medians) {
    console.log(
      `| ${page.name} | ${page.path} | ${score(lhr, 'performance')} | ${score(lhr, 'accessibility')} | ` +
        `${ms(metric(lhr, 'first-contentful-paint'))} | ${ms(metric(lhr, 'largest-contentful-paint'))} | ` +
        `${ms(metric(lhr, 'total-blocking-time'))} | ${metric(lhr, 'cumulative-layout-shift').toFixed(3)} | ${performance.join(', ')} |`,
    )
  }

  console.log(`\nGoal (issue 21): performance >= ${GOAL} and accessibility >= ${GOAL} on each page.`)
  const misses = medians.flatMap(({ page, lhr }) =>
    (['performance', 'accessibility'] as const)
      .filter((category) => !(score(lhr, category) >= GOAL))
      .map((category) => `${page.name} ${category} ${score(lhr, category)}`),
  )
  console.log(misses.length ? `Misses: ${misses.join('; ')}` : 'Every page meets it.')

  for (const { page, lhr } of medians) {
    if (score(lhr, 'accessibility') < 100) {
      console.log(`\nAccessibility audits failing on ${page.name} (${page.path}):`)
      for (const failing of failingAccessibility(lhr)) {
        console.log(`- ${failing.id}: ${failing.title}`)
        for (const node of failing.nodes) console.log(`    ${node}`)
      }
    }
    if (score(lhr, 'performance') < GOAL) {
      console.log(`\nTop performance opportunities on ${page.name} (${page.path}):`)
      const found = opportunities(lhr)
      if (!found.length) console.log('- none reported')
      for (const item of found) {
        const bytes = item.savingsBytes ? `, ${Math.round(item.savingsBytes / 1024)} KiB` : ''
        console.log(`- ${item.id}: ${item.title} (est. ${Math.round(item.savingsMs)} ms${bytes})`)
      }
      for (const item of diagnostics(lhr)) {
        console.log(`- diagnostic ${item.id}: ${item.title}${item.display ? ` (${item.display})` : ''}`)
      }
    }
  }
} catch (error) {
  // Interrupted: Lighthouse fails as its Chrome goes away; the signal handler reports and exits.
  if (!interrupted) throw error
} finally {
  await cleanUp()
}
