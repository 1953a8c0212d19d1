import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { pgliteWithCopy, postgresPoolWithCopy } from './bulk-insert'
import { lockDataDir } from './data-dir-lock'
import { PGliteQueueDialect } from './pglite-queue'
import { postgresStatementLimits } from './postgres-statement-limits'
import type { DB } from './schema'
import { NO_STATEMENT_LIMIT } from './statement-context'

export type DatabaseTarget =
  | { kind: 'postgres'; url: string }
  | { kind: 'pglite'; dataDir: string }
  /** In memory; from a copy of another one's files (`dumpDataDir`), or empty. */
  | { kind: 'pglite-memory'; snapshot?: Blob }

/** Receives NOTIFY payloads on a channel; returns how to stop. */
export type Listen = (channel: string, onMessage: (payload: string) => void) => Promise<() => Promise<void>>

export type Database = {
  db: Kysely<DB>
  kind: DatabaseTarget['kind']
  listen: Listen
  close: () => Promise<void>
  /** A copy of an embedded database's files, to start another from (tests start from a migrated one). */
  dumpDataDir?: () => Promise<Blob>
}

const DATE_OID = 1082
const keepAsText = (value: string) => value

// PostgreSQL returns bigint counts as text; our counts fit in a JS number. A `date` is a calendar
// day: kept as 'YYYY-MM-DD' text, never turned into a UTC midnight.
pg.types.setTypeParser(pg.types.builtins.INT8, (value) => Number.parseInt(value, 10))
pg.types.setTypeParser(DATE_OID, keepAsText)

/** Connections the PostgreSQL pool opens at most. */
export const POOL_SIZE = 10

/** How long statements may take (statement-context.ts); none unless given (scripts, tests' own connections). */
export type StatementLimits = {
  /** What a PostgreSQL connection starts with: the limit most statements (a request's) have. */
  connectionLimitMs?: number
  /** A statement's outside any statement context (neither a request's nor a job's). */
  outsideContextLimitMs?: number
}

/** Opens Kysely over PostgreSQL (a pool) or embedded PGlite (locked to this process). */
export async function connectDatabase(
  target: DatabaseTarget,
  onPoolError?: (error: Error) => void,
  { connectionLimitMs = NO_STATEMENT_LIMIT, outsideContextLimitMs = connectionLimitMs }: StatementLimits = {},
): Promise<Database> {
  if (target.kind === 'postgres') {
    // A server that does not answer at all (a host gone from the network) is refused after 10 s
    // (then a 503) rather than after the operating system's minutes-long connect timeout. Each
    // connection starts with the usual statement limit (a startup parameter, so no round trip).
    const pool = new pg.Pool({
      connectionString: target.url,
      max: POOL_SIZE,
      connectionTimeoutMillis: 10_000,
      ...(connectionLimitMs > 0 ? { statement_timeout: connectionLimitMs } : {}),
      // No JIT compilation: this server's statements are short and indexed, and a plan whose rows
      // were misestimated (a count over a million cases) spent 4.8-10 s compiling (issue 42).
      options: '-c jit=off',
    })
    const limits = postgresStatementLimits(target.url, { connectionLimitMs, outsideContextLimitMs }, onPoolError)
    // An idle client's error (a server restart, a failover) must not crash the process; the pool
    // drops that client and the next query opens a new one.
    pool.on('error', (error) => onPoolError?.(error))
    // The pool listens to idle clients only: a checked-out client whose connection drops between
    // its queries (a transaction in progress, an outage) would crash the process without this.
    // Its query in flight is refused anyway; the pool drops the client when it is released.
    pool.on('connect', (client) => client.on('error', (error) => onPoolError?.(error)))
    const db = new Kysely<DB>({ dialect: new PostgresDialect({ pool: postgresPoolWithCopy(pool, limits.run) }) })
    return {
      db,
      kind: 'postgres',
      listen: listenOnPostgres(target.url, onPoolError),
      close: async () => {
        try {
          await db.destroy()
        } finally {
          await limits.close()
        }
      },
    }
  }
  const release = target.kind === 'pglite' ? lockDataDir(target.dataDir) : () => {}
  try {
    const dataDir = target.kind === 'pglite' ? target.dataDir : 'memory://'
    // Loaded only for the embedded database: on PostgreSQL its WebAssembly (about 60 MB) stays out.
    const [{ PGlite: EmbeddedPostgres }, { pg_trgm }] = await Promise.all([
      import('@electric-sql/pglite'),
      import('@electric-sql/pglite/contrib/pg_trgm'),
    ])
    const client = await EmbeddedPostgres.create(dataDir, {
      extensions: { pg_trgm },
      parsers: { [DATE_OID]: keepAsText, 20: (value: string) => Number.parseInt(value, 10) },
      loadDataDir: target.kind === 'pglite-memory' ? target.snapshot : undefined,
    })
    const db = new Kysely<DB>({ dialect: new PGliteQueueDialect(pgliteWithCopy(client), outsideContextLimitMs) })
    return {
      db,
      kind: target.kind,
      listen: async (channel, onMessage) => client.listen(channel, onMessage),
      dumpDataDir: () => client.dumpDataDir('none'),
      close: async () => {
        try {
          await db.destroy()
        } finally {
          release()
        }
      },
    }
  } catch (error) {
    release()
    throw error
  }
}

const RECONNECT_DELAYS_MS = [1_000, 2_000, 5_000, 10_000]

/** Delivered to the listener after a reconnect: anything may have changed during the gap. */
export const RECONNECTED_PAYLOAD = '{"reconnected":true}'

/**
 * LISTEN on its own connection (a pooled one would be handed to other queries), reconnecting
 * after 1, 2, 5 and then every 10 seconds when the connection drops (SPEC.md section 9).
 */
function listenOnPostgres(url: string, onError?: (error: Error) => void): Listen {
  return async (channel, onMessage) => {
    let client: pg.Client | null = null
    let stopped = false
    let attempt = 0
    let connectedBefore = false
    const connect = async (): Promise<void> => {
      const next = new pg.Client({ connectionString: url, keepAlive: true })
      next.on('notification', (message) => {
        if (message.channel === channel && message.payload) onMessage(message.payload)
      })
      let failed = false
      next.on('error', (error) => {
        if (failed) return
        failed = true
        onError?.(error)
        void next.end().catch(() => undefined)
        if (!stopped) retry()
      })
      try {
        await next.connect()
        await next.query(`listen ${pg.escapeIdentifier(channel)}`)
      } catch (error) {
        failed = true
        await next.end().catch(() => undefined)
        throw error
      }
      if (stopped) {
        await next.end().catch(() => undefined)
        return
      }
      client = next
      attempt = 0
      if (connectedBefore) onMessage(RECONNECTED_PAYLOAD)
      connectedBefore = true
    }
    const retry = () => {
      const delay = RECONNECT_DELAYS_MS[Math.min(attempt++, RECONNECT_DELAYS_MS.length - 1)]
      setTimeout(() => {
        if (stopped) return
        connect().catch((error) => {
          onError?.(error)
          retry()
        })
      }, delay).unref()
    }
    await connect()
    return async () => {
      stopped = true
      await client?.end().catch(() => undefined)
    }
  }
}
