import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { EXPORT_LISTS } from './features/exports/registry'
import { apiRoutesOf } from './test/api-routes'
import { createTestApp } from './test/harness'
import { API_KEY, type Callers, type CallersByValue, EVERY_ROLE, PUBLIC } from './test/route-callers'
import { ROUTE_CALLERS } from './test/route-roles'

// Every route of the app x every role (and signed out, and a role the product does not know),
// against the table of src/server/test/route-roles.ts. The house order is sign-in, then role,
// then input: each request carries an empty body, so a role refused must hear 403 before any 400.

/** SPEC.md section 6: an unknown role falls back to recovery_agent. */
const UNKNOWN_ROLE = 'superuser'
const SIGNED_OUT = 'signed out'

// Path parameters as a caller would send them, so an allowed role gets past the shape of the
// address to its guard and beyond (a 404 for a record that is not there is an answer).
const PARAMETERS: Record<string, string> = {
  caseId: '4242',
  start: '2026-01-05',
  state: 'AL',
  source: 'order',
  file: 'sedan.svg',
  token: 'Zm9yLXRoZS1yb2xlLW1hdHJpeC10ZXN0LW9ubHk',
}
const SOME_ID = '6f1c1f4e-3b0a-4c55-9d0e-1a2b3c4d5e6f'

type Probe = { route: string; method: string; path: string; callers: Callers }

const isByValue = (row: Callers | CallersByValue): row is CallersByValue =>
  typeof row === 'object' && !Array.isArray(row)

/** Each request the matrix sends per caller: one per route, one per value of a by-value row. */
function probesOf(routeKeys: readonly string[]): Probe[] {
  return routeKeys.flatMap((route) => {
    const [method, pattern] = route.split(' ')
    const row = ROUTE_CALLERS[route]
    const filled = pattern.replace(/:(\w+)/g, (_, name: string) => PARAMETERS[name] ?? SOME_ID)
    if (!isByValue(row)) return [{ route, method, path: filled, callers: row }]
    return Object.entries(row).map(([value, callers]) => ({
      route: `${method} ${pattern.replace(/:\w+/, value)}`,
      method,
      path: pattern.replace(/:\w+/, value),
      callers,
    }))
  })
}

/** What a caller without an API key must hear: 401, 403, or an answer past the guards (any other status). */
function expectedFor(callers: Callers, caller: string): '401' | '403' | 'through' {
  if (callers === PUBLIC) return 'through'
  if (callers === API_KEY) return '401'
  if (caller === SIGNED_OUT) return '401'
  const role = caller === UNKNOWN_ROLE ? 'recovery_agent' : caller
  return (callers as readonly string[]).includes(role) ? 'through' : '403'
}

/** What the caller heard, in the same terms; a server error is never what a row expects. */
const heard = (status: number) =>
  status === 401 || status === 403 ? String(status) : status >= 500 ? 'a server error' : 'through'

describe('who may call each route (SPEC.md section 6 and the features after it)', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let appRoutes: string[]
  const cookies = new Map<string, string>()
  let apiKey: string

  beforeAll(async () => {
    t = await createTestApp()
    const streams = t.app.routes.filter((route) => route.method === 'GET' && route.path.startsWith('/api/events'))
    appRoutes = [...new Set([...apiRoutesOf(t.app.routes), ...streams].map((r) => `${r.method} ${r.path}`))]
    await Promise.all(
      [...EVERY_ROLE, UNKNOWN_ROLE].map(async (role) => cookies.set(role, (await t.createUser(role)).cookie)),
    )
    const key = await t.request('POST', '/api/integrations/api-keys', {
      cookie: cookies.get('admin'),
      body: { name: 'Role matrix' },
    })
    apiKey = key.json.key
  })
  afterAll(async () => t.close())

  it('has one row for every route of the app, and none for a route that is gone', () => {
    expect(appRoutes.length).toBeGreaterThan(200)
    const exportLists = Object.keys(EXPORT_LISTS)
    const listRows = Object.keys(ROUTE_CALLERS['GET /api/exports/:list'])
    expect({
      routesWithoutRow: appRoutes.filter((route) => !(route in ROUTE_CALLERS)),
      rowsWithoutRoute: Object.keys(ROUTE_CALLERS).filter((route) => !appRoutes.includes(route)),
      exportListsWithoutRow: exportLists.filter((list) => !listRows.includes(list)),
      rowsWithoutExportList: listRows.filter((list) => !exportLists.includes(list)),
    }).toEqual({ routesWithoutRow: [], rowsWithoutRoute: [], exportListsWithoutRow: [], rowsWithoutExportList: [] })
  })

  it('answers each role, and a stranger, as the table says', async () => {
    const probes = probesOf(appRoutes.filter((route) => route in ROUTE_CALLERS))
    const wrong: string[] = []
    const started = Date.now()
    for (const probe of probes) {
      const callers = [SIGNED_OUT, ...EVERY_ROLE, UNKNOWN_ROLE]
      const statuses = await Promise.all(callers.map((caller) => statusOf(probe, { cookie: cookies.get(caller) })))
      callers.forEach((caller, index) => {
        const expected = expectedFor(probe.callers, caller)
        if (heard(statuses[index]) !== expected)
          wrong.push(`${probe.route} as ${caller}: ${statuses[index]}, expected ${expected}`)
      })
      if (probe.callers === API_KEY) {
        const status = await statusOf(probe, { headers: { authorization: `Bearer ${apiKey}` } })
        if (heard(status) !== 'through') wrong.push(`${probe.route} with an API key: ${status}, expected through`)
      }
    }
    expect(wrong).toEqual([])
    // About 20 s alone on PGlite; the bound leaves room for a busy machine running other files.
    expect(Date.now() - started).toBeLessThan(90_000)
  }, 180_000)

  /** The status a caller hears; an event stream is left as soon as its answer has begun. */
  async function statusOf(probe: Probe, options: { cookie?: string; headers?: Record<string, string> }) {
    const body = probe.method === 'GET' ? {} : { body: {} }
    if (!probe.path.startsWith('/api/events'))
      return (await t.request(probe.method, probe.path, { ...options, ...body })).status
    const headers: Record<string, string> = { origin: t.config.baseUrl, ...options.headers }
    if (options.cookie) headers.cookie = options.cookie
    const response = await t.app.fetch(new Request(`http://localhost:3000${probe.path}`, { headers }))
    await response.body?.cancel()
    return response.status
  }
})
