import { randomUUID } from 'node:crypto'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { runWithStatementContext, StatementRefused } from '../db/statement-context'
import { createTestApp, type TestApp } from '../test/harness'
import { testDatabaseKind } from '../test/test-database'
import { STATEMENT_TIMEOUT_MESSAGE } from './statement-limits'

/** Short, so a statement held up longer answers in a test's time; long enough for a busy machine's sign-in. */
const LIMIT_MS = 1_000

let t: TestApp
let cookie: string

beforeAll(async () => {
  t = await createTestApp({ STATEMENT_TIMEOUT_MS: String(LIMIT_MS) })
  cookie = (await t.createUser('admin')).cookie
})

afterAll(async () => {
  await t.close()
})

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms))

/** A GET as an administrator's browser would send it; `signal` is its connection. */
function get(path: string, signal?: AbortSignal) {
  return t.app.fetch(
    new Request(`http://localhost:3000${path}`, {
      headers: { cookie, origin: t.config.baseUrl, 'x-forwarded-for': '10.0.0.1' },
      signal,
    }),
  )
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = await read()
    if (done(value) || Date.now() - start > timeoutMs) return value
    await sleep(25)
  }
}

describe.skipIf(testDatabaseKind !== 'postgres')('statement limits on PostgreSQL', () => {
  // One session holds the lock; another looks (a transaction sees pg_stat_activity as it first read it).
  let locker: pg.Client
  let observer: pg.Client
  beforeAll(async () => {
    if (t.databaseTarget.kind !== 'postgres') throw new Error('PostgreSQL only')
    locker = new pg.Client({ connectionString: t.databaseTarget.url })
    observer = new pg.Client({ connectionString: t.databaseTarget.url })
    await Promise.all([locker.connect(), observer.connect()])
  })
  afterAll(async () => {
    await Promise.all([locker.end(), observer.end()])
  })

  /** The app's statements reading `table` now running (waiting for its lock), by process id. */
  const statementsOn = async (table: string) =>
    (
      await observer.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where datname = current_database() and pid <> pg_backend_pid() and state = 'active' and query like $1`,
        [`%from "${table}"%`],
      )
    ).rows

  /** `table` locked by another session: the route's statement waits, as a runaway query would run. */
  const lock = async (table: string) => {
    await locker.query('begin')
    await locker.query(`lock table ${table} in access exclusive mode`)
  }
  const unlock = () => locker.query('rollback')

  it('stops a statement past its limit (statement_timeout): 503 with words for the person, nothing left running', async () => {
    await lock('vendors')
    try {
      const started = Date.now()
      const response = await get('/api/vendors')
      const elapsed = Date.now() - started
      expect(response.status).toBe(503)
      expect(((await response.json()) as { error: { message: string } }).error.message).toBe(STATEMENT_TIMEOUT_MESSAGE)
      expect(elapsed).toBeGreaterThanOrEqual(LIMIT_MS - 50)
      expect(await statementsOn('vendors')).toEqual([])
    } finally {
      await unlock()
    }
    expect((await get('/api/vendors')).status).toBe(200)
  })

  it("cancels the statement of a GET whose client left (an export's, allowed longer) within a second; the pool serves on", async () => {
    await lock('rate_cards')
    try {
      const client = new AbortController()
      const answer = get(`/api/exports/rate-card?card=${randomUUID()}&version=1`, client.signal)
      expect(
        await waitFor(
          () => statementsOn('rate_cards'),
          (rows) => rows.length === 1,
        ),
      ).toHaveLength(1)
      // Past a request's limit, an export's statement still runs (2 minutes).
      await sleep(LIMIT_MS + 300)
      expect(await statementsOn('rate_cards')).toHaveLength(1)
      client.abort()
      const leftAt = Date.now()
      expect(
        await waitFor(
          () => statementsOn('rate_cards'),
          (rows) => rows.length === 0,
          1_000,
        ),
      ).toEqual([])
      expect(Date.now() - leftAt).toBeLessThan(1_000)
      // Logged as nginx's "client closed request"; nobody reads it.
      expect((await answer).status).toBe(499)
    } finally {
      await unlock()
    }
    // More requests at once than the pool has connections: the cancelled one's among them, healthy.
    const answers = await Promise.all(Array.from({ length: 12 }, () => get('/api/vendors')))
    expect(answers.map((answer) => answer.status)).toEqual(Array(12).fill(200))
  })

  it("switches a connection's limit only for a statement that needs another (an export's, a migration's)", async () => {
    const limitSeen = async (limitMs: number) => {
      const rows = await runWithStatementContext({ limitMs }, () =>
        t.db
          .transaction()
          .execute((trx) =>
            trx
              .selectNoFrom((eb) => eb.fn<string>('current_setting', [eb.val('statement_timeout')]).as('limit'))
              .execute(),
          ),
      )
      return rows[0].limit
    }
    expect(await limitSeen(LIMIT_MS)).toBe('1s')
    expect(await limitSeen(120_000)).toBe('2min')
    expect(await limitSeen(0)).toBe('0')
    expect(await limitSeen(LIMIT_MS)).toBe('1s')
    // A `set` inside a transaction (a statement there needing another limit) is undone by its
    // rollback: the connection is set again for the next statement needing that limit.
    await runWithStatementContext({ limitMs: LIMIT_MS }, () =>
      t.db.transaction().execute(async (trx) => {
        await runWithStatementContext({ limitMs: 0 }, () => trx.selectNoFrom((eb) => eb.val(1).as('one')).execute())
        throw new Error('undone')
      }),
    ).catch(() => undefined)
    expect(await limitSeen(0)).toBe('0')
    expect(await limitSeen(LIMIT_MS)).toBe('1s')
    // A `set` inside a transaction that rolls back is undone: the connection is set again after.
    for (let round = 0; round < 12; round++) {
      await runWithStatementContext({ limitMs: 0 }, () =>
        t.db.transaction().execute(async (trx) => {
          await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute()
          throw new Error('undone')
        }),
      ).catch(() => undefined)
    }
    expect(await limitSeen(0)).toBe('0')
  })
})

describe.skipIf(testDatabaseKind !== 'pglite')('statement limits on PGlite (one statement at a time)', () => {
  /** Holds PGlite's one connection (a transaction waiting) until the returned function is called. */
  async function holdTheDatabase() {
    let release = () => {}
    const released = new Promise<void>((resolve) => {
      release = resolve
    })
    let began = () => {}
    const holding = new Promise<void>((resolve) => {
      began = resolve
    })
    const transaction = t.db.transaction().execute(async (trx) => {
      await trx.selectNoFrom((eb) => eb.val(1).as('one')).execute()
      began()
      await released
    })
    await holding
    return async () => {
      release()
      await transaction
    }
  }

  it('refuses a statement whose turn comes after its limit: 503 with words for the person; the next is answered', async () => {
    const release = await holdTheDatabase()
    const answer = get('/api/vendors')
    await sleep(LIMIT_MS + 300)
    await release()
    const response = await answer
    expect(response.status).toBe(503)
    expect(((await response.json()) as { error: { message: string } }).error.message).toBe(STATEMENT_TIMEOUT_MESSAGE)
    expect((await get('/api/vendors')).status).toBe(200)
  })

  it('does not run the queued statements of a request whose client left; the request behind it is answered', async () => {
    const release = await holdTheDatabase()
    const client = new AbortController()
    const abandoned = get('/api/vendors', client.signal)
    const behind = get('/api/vendors')
    await sleep(50)
    client.abort()
    await release()
    expect((await abandoned).status).toBe(499)
    expect((await behind).status).toBe(200)
  })

  it('fails a queued statement at its turn, unrun, when its client left or its limit passed', async () => {
    const release = await holdTheDatabase()
    const client = new AbortController()
    const insert = (name: string) => t.db.insertInto('companies').values({ name }).execute()
    const abandoned = runWithStatementContext({ limitMs: 60_000, signal: client.signal }, () => insert('Left Co'))
    const late = runWithStatementContext({ limitMs: 100 }, () => insert('Late Co'))
    const waited = runWithStatementContext({ limitMs: 60_000 }, () => insert('Patient Co'))
    client.abort()
    await sleep(200)
    await release()
    await expect(abandoned).rejects.toEqual(new StatementRefused('client-closed'))
    await expect(late).rejects.toMatchObject({ code: '57014', message: 'canceling statement due to statement timeout' })
    await waited
    const names = await t.db
      .selectFrom('companies')
      .select('name')
      .where('name', 'in', ['Left Co', 'Late Co', 'Patient Co'])
      .execute()
    expect(names.map((row) => row.name)).toEqual(['Patient Co'])
  })
})
