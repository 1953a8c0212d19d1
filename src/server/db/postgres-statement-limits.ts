import pg from 'pg'
import { currentStatementContext, isAbandoned, StatementRefused, undoesTransaction } from './statement-context'

/** Runs one statement on a pooled client: `execute` sends it. */
export type StatementRunner = <T>(client: pg.PoolClient, text: string, execute: () => Promise<T>) => Promise<T>

/**
 * Each statement on PostgreSQL under its context's limit, as the server's own `statement_timeout`
 * (so a statement over it really stops, and its connection stays usable): every connection starts
 * with `connectionLimitMs` (a startup parameter: no round trip), and is switched with a `set` only
 * when a statement needs another limit than the one it has (an export's, a job's, a migration's,
 * one outside any context's).
 * A statement of a request whose client left is not started; one running when the client leaves
 * is cancelled from a connection of its own (`pg_cancel_backend`), and its connection is given
 * back only once the cancel was delivered, so the cancel cannot reach the next statement on it.
 */
export function postgresStatementLimits(
  url: string,
  { connectionLimitMs, outsideContextLimitMs }: { connectionLimitMs: number; outsideContextLimitMs: number },
  onError?: (error: Error) => void,
) {
  /** The limit a connection was last set to; null when a rollback may have undone the `set`. */
  const limitOf = new WeakMap<pg.PoolClient, number | null>()
  let canceller: pg.Pool | null = null
  const cancel = async (client: pg.PoolClient) => {
    if (!canceller) {
      canceller = new pg.Pool({ connectionString: url, max: 1, idleTimeoutMillis: 10_000, allowExitOnIdle: true })
      canceller.on('error', (error) => onError?.(error))
    }
    const { processID } = client as unknown as { processID: number }
    await canceller.query('select pg_cancel_backend($1)', [processID])
  }

  const run: StatementRunner = async (client, text, execute) => {
    const context = currentStatementContext()
    if (undoesTransaction(text)) {
      // A `set` made inside the transaction is undone with it: the next statement sets its own.
      limitOf.set(client, null)
      return execute()
    }
    if (isAbandoned(context)) throw new StatementRefused('client-closed')
    const wanted = context?.limitMs ?? outsideContextLimitMs
    const current = limitOf.has(client) ? limitOf.get(client) : connectionLimitMs
    if (current !== wanted) {
      await client.query(`set statement_timeout = ${Math.trunc(wanted)}`)
      limitOf.set(client, wanted)
    }
    const signal = context?.signal
    if (!signal) return execute()
    let cancelling: Promise<void> | undefined
    const onAbort = () => {
      cancelling = cancel(client).catch((error) => onError?.(error))
    }
    signal.addEventListener('abort', onAbort, { once: true })
    try {
      return await execute()
    } finally {
      signal.removeEventListener('abort', onAbort)
      await cancelling
    }
  }

  return {
    run,
    close: async () => {
      await canceller?.end()
    },
  }
}
