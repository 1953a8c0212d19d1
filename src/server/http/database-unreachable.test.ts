import net from 'node:net'
import os from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { createApp } from '../app'
import { bootstrapFirstCompany } from '../auth/bootstrap'
import { loadConfig } from '../config'
import { createLogger } from '../lib/logger'
import { createRuntime } from '../runtime'
import { ADMIN_EMAIL, ADMIN_PASSWORD, createTestApp } from '../test/harness'
import { createTestDatabase, testDatabaseKind } from '../test/test-database'
import { DATABASE_UNREACHABLE_MESSAGE, isDatabaseUnreachable } from './database-unreachable'

const withCode = (code: string, message = 'x') => Object.assign(new Error(message), { code })

describe('isDatabaseUnreachable', () => {
  it.each([
    ['a refused connection', withCode('ECONNREFUSED')],
    ['a reset connection', withCode('ECONNRESET')],
    ['every address of the host refusing', new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])],
    ['the server shutting down (57P01)', withCode('57P01', 'terminating connection due to administrator command')],
    ['the server starting up (57P03)', withCode('57P03', 'the database system is starting up')],
    ['a connection exception (08006)', withCode('08006')],
    ['a connection exception (08001)', withCode('08001')],
    ['the socket closing under a query', new Error('Connection terminated unexpectedly')],
    ['the pool waiting too long for a connection', new Error('timeout exceeded when trying to connect')],
    ['the embedded database closed', new Error('PGlite is closed')],
    ['the database closed at shutdown', new Error('driver has already been destroyed')],
    ['a cause that is one of these', new Error('query failed', { cause: withCode('ECONNREFUSED') })],
  ])('%s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(true)
  })

  it.each([
    ['a unique violation', withCode('23505')],
    ['a syntax error', withCode('42601')],
    ['bad input to the database', withCode('22021')],
    ['a bug', new TypeError('x is undefined')],
    ['nothing', undefined],
    ['a string', 'ECONNREFUSED'],
  ])('not %s', (_name, error) => {
    expect(isDatabaseUnreachable(error)).toBe(false)
  })
})

type Reach = {
  fetch: (request: Request) => Response | Promise<Response>
  cutOff: () => Promise<void>
  close: () => Promise<void>
}

/** The app over PostgreSQL reached through a TCP relay the test can cut, as a network outage or a stopped server would. */
async function appBehindRelay(): Promise<Reach> {
  const database = await createTestDatabase()
  if (database.target.kind !== 'postgres') throw new Error('PostgreSQL only')
  const server = new URL(database.target.url)
  const sockets = new Set<net.Socket>()
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(server.port || 5432), server.hostname)
    for (const socket of [client, upstream]) {
      sockets.add(socket)
      socket.on('error', () => undefined)
      socket.on('close', () => sockets.delete(socket))
    }
    client.pipe(upstream).pipe(client)
  })
  await new Promise<void>((resolve) => relay.listen(0, '127.0.0.1', resolve))
  const relayed = new URL(database.target.url)
  relayed.hostname = '127.0.0.1'
  relayed.port = String((relay.address() as net.AddressInfo).port)
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      PUBLIC_URL: 'http://localhost:3000',
      AUTH_SECRET: 'test-secret-that-is-long-enough-for-hmac',
      LOG_LEVEL: 'silent',
      DATA_DIR: path.join(os.tmpdir(), 'recovery-desk-test-data'),
    },
    [],
  )
  const runtime = await createRuntime(config, createLogger('silent', false), { kind: 'postgres', url: relayed.href })
  await bootstrapFirstCompany(runtime.deps.db, { email: ADMIN_EMAIL, password: ADMIN_PASSWORD })
  const app = createApp(runtime.deps)
  return {
    fetch: (request) => app.fetch(request),
    cutOff: async () => {
      relay.close()
      for (const socket of sockets) socket.destroy()
    },
    close: async () => {
      await runtime.close().catch(() => undefined)
      await database.drop()
    },
  }
}

/** The app over PGlite, whose database the test closes (as at shutdown). */
async function appOverPglite(): Promise<Reach> {
  const t = await createTestApp()
  return {
    fetch: (request) => t.app.fetch(request),
    cutOff: async () => {
      await t.deps.db.destroy()
    },
    close: async () => {
      await t.close().catch(() => undefined)
    },
  }
}

describe('while the database is unreachable', () => {
  let reach: Reach
  afterAll(async () => reach?.close())

  it('every route answers 503 with a message a person can read, sign-in too', async () => {
    reach = testDatabaseKind === 'postgres' ? await appBehindRelay() : await appOverPglite()
    const headers = { origin: 'http://localhost:3000', 'content-type': 'application/json' }
    const signIn = () =>
      reach.fetch(
        new Request('http://localhost:3000/api/auth/sign-in/email', {
          method: 'POST',
          headers,
          body: JSON.stringify({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
        }),
      )
    const signedIn = await signIn()
    expect(signedIn.status).toBe(200)
    const cookie = signedIn.headers
      .getSetCookie()
      .map((line) => line.split(';')[0])
      .join('; ')

    await reach.cutOff()

    for (const [method, url] of [
      ['GET', '/api/me'],
      ['GET', '/api/cases'],
      ['GET', '/api/vendors'],
    ] as const) {
      const response = await reach.fetch(
        new Request(`http://localhost:3000${url}`, { method, headers: { ...headers, cookie } }),
      )
      expect(response.status, url).toBe(503)
      expect(response.headers.get('retry-after'), url).toBe('5')
      expect(await response.json(), url).toEqual({
        error: { code: 'unavailable', message: DATABASE_UNREACHABLE_MESSAGE },
        message: DATABASE_UNREACHABLE_MESSAGE,
      })
    }
    const refusedSignIn = await signIn()
    expect(refusedSignIn.status).toBe(503)
    // The sign-in screen shows better-auth's client's `error.message`: the top-level one.
    expect((await refusedSignIn.json()).message).toBe(DATABASE_UNREACHABLE_MESSAGE)
  }, 60_000)
})
