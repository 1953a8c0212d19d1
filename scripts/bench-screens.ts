// npm run bench:screens [-- --cases N --growth --only TEXT --keep --reuse URL]
// Every GET route the web calls, timed through the real app (issue 42): the list is the route
// table of the app createApp builds, so a new route cannot be missed; a route left out says why
// (SKIPPED below). Each is asked in-process (app.request, with the real runtime: session, checks,
// SQL, JSON and its compression) by a person signed in through the real sign-in, the first role
// of ROLE_ORDER it answers 200 for (a role's own screens as that role: ROLE_OF), with a real id
// from the generated data for each `:param` (resolveIds). Sequential: 2 warm-ups (an answer that says
// work is going on in the background, as accounting's pay does, is asked again until it is done, and
// that time and the answers meanwhile are printed on their own line), then 20 runs (fewer
// for a route past 20 s: at least 3, or 1 when an answer took over 10 s); prints p50 / p95 per route,
// then the routes over 100 ms p95.
// Data: generateScreensData (bench-screens-data.ts, on the shared generators) in a scratch
// database: PostgreSQL when BENCH_DATABASE_URL is set (default 1,000,000 RDN cases, 100,000 orders),
// else embedded PGlite (default 100,000). --cases N to choose. --growth (PostgreSQL) runs 100,000
// and 1,000,000 (--cases N: N / 10 and N) and prints each route's p50 and answer size at both,
// flagging a p50 grown over 3x unless the answer grew as much; with --reuse URL the 1,000,000 side
// is that kept database (the 100,000 side is generated).
// --keep leaves the database (its URL printed); --reuse URL times a kept one again (its migrations
// brought up to date), or a copy of a database of the shared generators (e.g. `createdb -T bench_1m`),
// first filled with the tables they leave empty (fillScreensData). --only TEXT times the routes whose
// path contains TEXT.
import os from 'node:os'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { createApp } from '../src/server/app'
import { loadConfig } from '../src/server/config'
import type { DatabaseTarget } from '../src/server/db/connect'
import type { DB } from '../src/server/db/schema'
import { loadCalendar } from '../src/server/features/payroll/calendar-repository'
import { payToday } from '../src/server/features/payroll/pay-day'
import { fiveDigitZipCentre } from '../src/server/integrations/geocoding/offline-zip-geocoder'
import { createLogger } from '../src/server/lib/logger'
import { createRuntime } from '../src/server/runtime'
import { percentile, scratchTarget } from './bench-data'
import { BENCH_PASSWORD, BENCH_SIGN_INS, fillScreensData, generateScreensData } from './bench-screens-data'

const RUNS = 20
const WARM_UPS = 2
/** A route slower than this is timed fewer times (at least MIN_RUNS; once when its first answer took over SLOW_MS). */
const BUDGET_MS = 20_000
const MIN_RUNS = 3
const SLOW_MS = 10_000
const GOAL_MS = 100
/** How long a route's background work (accounting's pay) is waited for before its runs. */
const SETTLE_LIMIT_MS = 120_000

/** Whether an answer says its route is still doing work in the background (accounting's pay being computed: issue 42). */
const inProgress = (body: unknown) => {
  const view = body as { payComputing?: boolean; chart?: { payComputing?: boolean }[] } | null
  return Boolean(view?.payComputing || view?.chart?.some((period) => period.payComputing))
}
const GROWTH_LIMIT = 3
const BASE = 'http://127.0.0.1:5199'

const option = (name: string) => {
  const index = process.argv.indexOf(`--${name}`)
  return index > 0 ? process.argv[index + 1] : undefined
}
const serverUrl = process.env.BENCH_DATABASE_URL
const growth = process.argv.includes('--growth')
const keep = process.argv.includes('--keep')
const reuse = option('reuse')
const only = option('only')
const casesOption = option('cases')
const n = (value: number) => value.toLocaleString('en-US')

/** Routes not timed, each with why (matched on the route table's path). */
const SKIPPED: [RegExp, string][] = [
  [/^\/api\/health$/, 'the load balancer health probe, not a screen'],
  [/^\/api\/events(\/|$)/, 'server-sent events: a stream that stays open'],
  [/^\/api\/public\/signatures\//, 'a public signature page, opened by the token mailed to the signer'],
  [/^\/api\/(files|avatars|vehicles\/images)\/|\/files\/:fileId$/, "a stored file's bytes by id (an image or upload)"],
  [/[./]pdf$/, 'a PDF drawn on request: a download, not a screen'],
  [/\.csv$|^\/api\/exports\//, 'a file download of a whole list (npm run bench:exports times them)'],
]

/** The person each role's own screens are asked as (else ROLE_ORDER). */
const ROLE_OF: [RegExp, string][] = [
  [/^\/api\/dashboards\/recovery-agent/, 'agent'],
  [/^\/api\/dashboards\/camera-driver/, 'camera'],
  [/^\/api\/dashboards\/field-manager/, 'field'],
  [/^\/api\/dashboards\/lot-manager/, 'lot'],
  [/^\/api\/dashboards\/keys/, 'keys'],
  [/^\/api\/dashboards\/transport-manager/, 'transport'],
  [/^\/api\/dashboards\/post-recovery-manager/, 'post'],
  [/^\/api\/my-pay/, 'agent'],
]
/** Who is tried, in turn, for any other route: the first answered 200 times it. */
const ROLE_ORDER = ['admin', 'manager', 'field', 'lot', 'post', 'transport', 'keys', 'compliance', 'agent', 'camera']

/** The query a route is asked with (what its screen sends first), and more requests of the same route. */
const QUERIES: Record<string, string[]> = {
  '/api/search': ['?q=smith', '?q=RDN-10000042'],
  '/api/clients': ['', '?q=ally'],
  '/api/cases': ['?sort=order_date&dir=desc'],
  '/api/invoices/fee-requests': ['?status=open&page=1'],
  '/api/redemptions': [
    '',
    '?status=none',
    '?status=authorized',
    '?status=waiting',
    '?status=signed',
    '?status=released',
    '?status=transported',
    '?q=ford',
    '?q=smith',
  ],
}

type Ids = Record<string, string>

/** A real value for each `:param`, from the generated data (a recovered RDN case with every record, an order, ...). */
async function resolveIds(db: Kysely<DB>, companyId: string, people: Record<string, string>): Promise<Ids> {
  const one = async (query: ReturnType<typeof sql<{ id: string }>>) => (await query.execute(db)).rows[0]?.id
  const total = Number((await sql<{ n: string }>`select count(*)::text as n from rdn_cases`.execute(db)).rows[0].n)
  // g = 160k + 4: repossessed, with a condition report, a release, an inventory, a fee request and a redemption payment.
  const g = 160 * Math.floor(total / 320) + 4
  const calendar = await loadCalendar(db, companyId)
  // A drawn area as the map sends it: a small box around one case's ZIP, narrowed to one agent's cases.
  const zip = await one(sql`select debtor_zip as id from rdn_cases where case_id = ${10_000_000 + g}`)
  const centre = fiveDigitZipCentre(zip?.trim().slice(0, 5) ?? null)
  const area = centre
    ? `?zoom=12&west=${centre.lng - 0.01}&south=${centre.lat - 0.01}&east=${centre.lng + 0.01}&north=${centre.lat + 0.01}&agent=${people.agent}`
    : ''
  return {
    'query@/api/map/selection': area,
    caseId: String(10_000_000 + g),
    orderId:
      (await one(sql`select o.id from orders o join invoices i on i.order_id = o.id
        where o.company_id = ${companyId} order by o.order_number limit 1`)) ?? '',
    invoiceId:
      (await one(sql`select id from invoices where company_id = ${companyId} and rdn_case_id is not null
        order by number offset ${Math.floor(total / 20)} limit 1`)) ?? '',
    clientId:
      (await one(sql`select id from clients where company_id = ${companyId} and name = 'Ally Financial'`)) ?? '',
    requestId: (await one(sql`select id from fee_requests where company_id = ${companyId} order by id limit 1`)) ?? '',
    cardId: (await one(sql`select id from rate_cards where company_id = ${companyId} limit 1`)) ?? '',
    profileId: people.agent,
    id: people.agent,
    start: calendar.periodOf(payToday()).start,
    source: 'case',
    'id@/api/assignments/history/:source/:id':
      (await one(sql`select id from rdn_cases where case_id = ${10_000_000 + g}`)) ?? '',
    'requestId@/api/compliance/signature-requests/:requestId/verification':
      (await one(
        sql`select id from document_signature_requests where company_id = ${companyId} order by id limit 1`,
      )) ?? '',
  }
}

/** The route's path with its params filled in, or why it cannot be. */
function fill(routePath: string, ids: Ids): { url: string } | { missing: string } {
  let missing = ''
  const url = routePath.replace(/:(\w+)/g, (_match, name: string) => {
    const value = ids[`${name}@${routePath}`] ?? ids[name]
    if (!value) missing ||= name
    return value ?? ''
  })
  if (missing) return { missing }
  return { url }
}

/** `key`: the route table's path and the query, the same at every scale (ids differ). */
type Result = { key: string; route: string; as: string; status: number; bytes: number; p50: number; p95: number }

async function measure(target: DatabaseTarget, label: string, generateCases?: number) {
  const config = loadConfig(
    {
      NODE_ENV: 'production',
      PUBLIC_URL: BASE,
      AUTH_SECRET: 'bench-secret-that-is-long-enough-for-hmac',
      LOG_LEVEL: process.env.BENCH_LOG_LEVEL ?? 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'recovery-desk-bench-screens-data'),
      STALE_CHECK_MINUTES: '0',
    },
    [],
  )
  const runtime = await createRuntime(config, createLogger(process.env.BENCH_LOG_LEVEL ?? 'silent', false), target)
  try {
    const { db } = runtime.deps
    if (generateCases) {
      console.log(`\nGenerating ${n(generateCases)} RDN cases and everything around them (${label})`)
      await generateScreensData(db, generateCases)
    } else await fillScreensData(db)
    const company = await db
      .selectFrom('companies')
      .select('id')
      .where('name', '=', 'Bench Co')
      .executeTakeFirstOrThrow()
    const app = createApp(runtime.deps)
    // Background work would run its statements among a request's: the search index caught up first.
    await runtime.deps.orderSearch.kick()

    const cookies: Record<string, string> = {}
    const people: Record<string, string> = {}
    for (const name of Object.keys(BENCH_SIGN_INS)) {
      const response = await app.request(`${BASE}/api/auth/sign-in/email`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', origin: BASE },
        body: JSON.stringify({ email: `${name}@bench.test`, password: BENCH_PASSWORD }),
      })
      if (!response.ok) throw new Error(`${name}@bench.test could not sign in: ${response.status}`)
      cookies[name] = response.headers
        .getSetCookie()
        .map((header) => header.split(';')[0])
        .join('; ')
      const profile = await db
        .selectFrom('profiles')
        .select('id')
        .where('email', '=', `${name}@bench.test`)
        .executeTakeFirstOrThrow()
      people[name] = profile.id
    }
    const ids = await resolveIds(db, company.id, people)
    const ask = async (url: string, person: string) => {
      const response = await app.request(`${BASE}${url}`, {
        headers: { cookie: cookies[person], origin: BASE, 'accept-encoding': 'gzip, deflate, br, zstd' },
      })
      return { status: response.status, bytes: (await response.arrayBuffer()).byteLength }
    }
    /**
     * Asks again, as the screen does, while the answer says work is in progress in the background:
     * how long that took, and how long each answer took meanwhile (none when there was none).
     */
    const settle = async (url: string, person: string) => {
      const started = performance.now()
      const meanwhile: number[] = []
      for (;;) {
        const asked = performance.now()
        const response = await app.request(`${BASE}${url}`, { headers: { cookie: cookies[person], origin: BASE } })
        const body = await response.json().catch(() => null)
        if (!inProgress(body) || performance.now() - started > SETTLE_LIMIT_MS)
          return meanwhile.length ? { ms: performance.now() - started, meanwhile } : null
        meanwhile.push(performance.now() - asked)
        await new Promise((resolve) => setTimeout(resolve, 200))
      }
    }

    const results: Result[] = []
    const skipped: [string, string][] = []
    /** Routes that answered neither 200 nor a refusal (a 503 past the statement or pool limits): over the goal too. */
    const failed: [string, string][] = []
    const routes = [...new Set(app.routes.filter((route) => route.method === 'GET').map((route) => route.path))]
    console.log(`\nEvery screen's GET routes on ${label}: ${n(routes.length)} in the route table`)
    console.log('| route | as | KB | runs | p50 ms | p95 ms |\n|---|---|---:|---:|---:|---:|')
    for (const routePath of routes) {
      const reason = SKIPPED.find(([pattern]) => pattern.test(routePath))?.[1]
      if (reason) {
        skipped.push([routePath, reason])
        continue
      }
      const filled = fill(routePath, ids)
      if ('missing' in filled) {
        skipped.push([routePath, `no :${filled.missing} in the generated data`])
        continue
      }
      for (const query of QUERIES[routePath] ?? [ids[`query@${routePath}`] ?? '']) {
        const url = filled.url + query
        if (only && !url.includes(only)) continue
        const own = ROLE_OF.find(([pattern]) => pattern.test(routePath))?.[1]
        let as = ''
        let last = { status: 0, bytes: 0 }
        let probeMs = 0
        const refusals = new Set<number>()
        let failure = ''
        for (const person of own ? [own] : ROLE_ORDER) {
          const started = performance.now()
          last = await ask(url, person)
          probeMs = performance.now() - started
          if (last.status === 200) {
            as = person
            break
          }
          // Refused to this role (or out of its reach): the next is asked. Any other answer is the route's own.
          if (last.status === 403 || last.status === 404) refusals.add(last.status)
          else {
            failure = `answered ${last.status} to ${person} after ${probeMs.toFixed(0)} ms`
            break
          }
        }
        if (!as) {
          if (failure) failed.push([url, failure])
          else skipped.push([url, `answered ${[...refusals].join(' or ')} to every role`])
          continue
        }
        // The first answer was a warm-up; one that took over SLOW_MS is not asked for again before its one run.
        const slow = probeMs > SLOW_MS
        const settled = await settle(url, as)
        if (settled)
          console.log(
            `| (${url}: background work done ${(settled.ms / 1000).toFixed(1)} s after the first answer; ${settled.meanwhile.length} answers meanwhile, p50 ${percentile(settled.meanwhile, 50).toFixed(1)}, p95 ${percentile(settled.meanwhile, 95).toFixed(1)} ms) |`,
          )
        for (let run = 1; run < WARM_UPS && !slow; run++) await ask(url, as)
        const samples: number[] = []
        const budgetFrom = performance.now()
        const runs = slow ? 1 : RUNS
        for (let run = 0; run < runs; run++) {
          if (run >= MIN_RUNS && performance.now() - budgetFrom > BUDGET_MS) break
          const started = performance.now()
          const answer = await ask(url, as)
          const ms = performance.now() - started
          if (answer.status !== 200) {
            failure = `answered ${answer.status} to ${as} after ${ms.toFixed(0)} ms (run ${run + 1})`
            break
          }
          samples.push(ms)
        }
        if (failure) {
          failed.push([url, failure])
          continue
        }
        const result = {
          key: routePath + query,
          route: url,
          as,
          ...last,
          p50: percentile(samples, 50),
          p95: percentile(samples, 95),
        }
        results.push(result)
        console.log(
          `| ${url} | ${as} | ${(last.bytes / 1024).toFixed(1)} | ${samples.length} | ${result.p50.toFixed(1)} | ${result.p95.toFixed(1)} |`,
        )
      }
    }
    const slow = results.filter((result) => result.p95 > GOAL_MS).sort((a, b) => b.p95 - a.p95)
    console.log(`\nOver ${GOAL_MS} ms p95 on ${label}: ${slow.length} of ${results.length} timed`)
    for (const result of slow)
      console.log(
        `  ${result.route} (as ${result.as}): p50 ${result.p50.toFixed(0)} ms, p95 ${result.p95.toFixed(0)} ms`,
      )
    console.log(`\nFailed (${failed.length}):`)
    for (const [route, what] of failed) console.log(`  ${route}: ${what}`)
    console.log(`\nNot timed (${skipped.length}):`)
    for (const [route, why] of skipped) console.log(`  ${route}: ${why}`)
    return results
  } finally {
    await runtime.close()
  }
}

/** Generates (or reuses: `kept`) a database of `cases` RDN cases and times every route on it. */
async function run(cases: number, kept: string | null = reuse ?? null) {
  const where = serverUrl || kept ? 'PostgreSQL' : 'PGlite'
  if (kept) return measure({ kind: 'postgres', url: kept }, `${where}, a kept database`)
  const { target, drop } = await scratchTarget(serverUrl)
  try {
    return await measure(target, `${where}, ${n(cases)} RDN cases`, cases)
  } finally {
    if (keep && target.kind === 'postgres') console.log(`\nKept ${target.url}`)
    else await drop()
  }
}

if (growth) {
  if (!serverUrl)
    throw new Error('--growth runs on PostgreSQL: set BENCH_DATABASE_URL (a server to make scratch databases on)')
  const largeCases = Number(casesOption ?? 1_000_000)
  // The small side is always generated; the large one may be a kept database (--reuse).
  const small = await run(largeCases / 10, null)
  const large = await run(largeCases)
  const before = new Map(small.map((result) => [result.key, result]))
  console.log(
    `\nGrowth, ${n(largeCases / 10)} -> ${n(largeCases)} RDN cases (p50; a ratio over ${GROWTH_LIMIT} flagged unless the answer grew too)\n| route | KB before | KB after | p50 before | p50 after | ratio | |\n|---|---:|---:|---:|---:|---:|---|`,
  )
  for (const result of large) {
    const was = before.get(result.key)
    if (!was) continue
    const ratio = result.p50 / was.p50
    const grewAnswer = result.bytes > was.bytes * GROWTH_LIMIT
    const flag = ratio > GROWTH_LIMIT ? (grewAnswer ? 'answer grew too' : 'GREW OVER 3x') : ''
    console.log(
      `| ${result.key} | ${(was.bytes / 1024).toFixed(1)} | ${(result.bytes / 1024).toFixed(1)} | ${was.p50.toFixed(1)} | ${result.p50.toFixed(1)} | ${ratio.toFixed(1)} | ${flag} |`,
    )
  }
} else {
  await run(Number(casesOption ?? (serverUrl ? 1_000_000 : 100_000)))
}
