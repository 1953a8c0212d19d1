import { randomUUID } from 'node:crypto'
import os from 'node:os'
import path from 'node:path'
import type { Role } from '../../domain/auth'
import { createApp } from '../app'
import { bootstrapFirstCompany } from '../auth/bootstrap'
import { insertCredentialUser } from '../auth/credential-users'
import { loadConfig } from '../config'
import { createLogger } from '../lib/logger'
import { createRuntime } from '../runtime'
import { createMigratedTestDatabase } from './test-database'

export const ADMIN_EMAIL = 'admin@example.com'
export const ADMIN_PASSWORD = 'first-Start-pass'
export const USER_PASSWORD = 'Field-work-2026'

type RequestOptions = {
  body?: unknown
  rawBody?: string
  cookie?: string
  ip?: string
  headers?: Record<string, string>
}

/**
 * The real app over a fresh database (PGlite, or PostgreSQL with TEST_DB=postgres), bootstrapped
 * with its first company and admin. Requests go through app.fetch, as the HTTP server's would.
 */
export async function createTestApp(overrides: Record<string, string> = {}) {
  const database = await createMigratedTestDatabase()
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac',
      LOG_LEVEL: 'silent',
      TRUSTED_PROXIES: '127.0.0.1',
      // Only caches live there (the VIN database, unpacked once and shared by every test file).
      DATA_DIR: path.join(os.tmpdir(), 'recovery-desk-test-data'),
      ...overrides,
    },
    [],
  )
  const runtime = await createRuntime(config, createLogger('silent', false), database.target)
  const first = await bootstrapFirstCompany(runtime.deps.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  if (!first) throw new Error('bootstrap did not run on a fresh database')
  const app = createApp(runtime.deps)
  const { db } = runtime.deps

  async function request(method: string, path: string, options: RequestOptions = {}) {
    const headers: Record<string, string> = {
      origin: config.baseUrl,
      'x-forwarded-for': options.ip ?? '10.0.0.1',
      ...options.headers,
    }
    if (options.cookie) headers.cookie = options.cookie
    let body: string | undefined
    if (options.rawBody !== undefined || options.body !== undefined) {
      headers['content-type'] = 'application/json'
      body = options.rawBody ?? JSON.stringify(options.body)
    }
    const response = await app.fetch(new Request(`http://localhost:3000${path}`, { method, headers, body }))
    const text = await response.text()
    let json: unknown = null
    try {
      json = text ? JSON.parse(text) : null
    } catch {
      json = text
    }
    return {
      status: response.status,
      // biome-ignore lint/suspicious/noExplicitAny: tests read arbitrary response shapes
      json: json as Record<string, any>,
      headers: response.headers,
    }
  }

  /**
   * The Cookie header a browser would send after these Set-Cookie headers, on top of `previous`:
   * a later cookie replaces an earlier one of the same name, and an emptied one is dropped.
   */
  function cookieFrom(headers: Headers, previous = ''): string {
    const jar = new Map(
      previous
        .split('; ')
        .filter(Boolean)
        .map((pair) => [pair.slice(0, pair.indexOf('=')), pair] as const),
    )
    for (const setCookie of headers.getSetCookie()) {
      const pair = setCookie.split(';')[0]
      const name = pair.slice(0, pair.indexOf('='))
      if (pair.endsWith('=') || /max-age=0/i.test(setCookie)) jar.delete(name)
      else jar.set(name, pair)
    }
    return [...jar.values()].join('; ')
  }

  /** Signs in and returns the session cookie, failing the test if sign-in is refused. */
  async function signIn(
    email: string,
    password: string,
    ip = `10.1.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`,
  ) {
    const response = await request('POST', '/api/auth/sign-in/email', { body: { email, password }, ip })
    if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${JSON.stringify(response.json)}`)
    return cookieFrom(response.headers)
  }

  /** A user of `companyId` (default: the first company) with the given role, ready to sign in. */
  async function createUser(role: Role | string, companyId = first!.companyId) {
    const email = `${String(role).replace(/_/g, '-')}-${randomUUID().slice(0, 8)}@example.com`
    const ids = await insertCredentialUser(db, {
      companyId,
      email,
      password: USER_PASSWORD,
      firstName: 'Test',
      lastName: String(role),
      role: role as Role,
      mustChangePassword: false,
    })
    return { ...ids, email, cookie: await signIn(email, USER_PASSWORD) }
  }

  async function createCompany(name: string) {
    const company = await db.insertInto('companies').values({ name }).returning('id').executeTakeFirstOrThrow()
    return company.id
  }

  return {
    app,
    db,
    deps: runtime.deps,
    /** The database's NOTIFY channels, as the server's background work listens to them. */
    listen: runtime.database.listen,
    config,
    databaseTarget: database.target,
    companyId: first.companyId,
    request,
    signIn,
    cookieFrom,
    createUser,
    createCompany,
    close: async () => {
      await runtime.close()
      await database.drop()
    },
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>
