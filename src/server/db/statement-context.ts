import { AsyncLocalStorage } from 'node:async_hooks'

/** How long one statement may take on a request's behalf (STATEMENT_TIMEOUT_MS sets it; docs/decisions/032). */
export const REQUEST_STATEMENT_LIMIT_MS = 5_000
/**
 * The bulk routes' statements: an export's batches (a file of a million rows is read while the
 * client takes it), an import's batches and Clear All Data (every order of a company at once).
 */
export const BULK_STATEMENT_LIMIT_MS = 2 * 60_000
/** The background jobs' statements (search indexing, invoice drafting, the stale check, the demo seed). */
export const BACKGROUND_STATEMENT_LIMIT_MS = 10 * 60_000
/** Migrations: a schema change on a large table runs as long as it needs. */
export const NO_STATEMENT_LIMIT = 0

/**
 * What the statements run on someone's behalf are allowed: how long each may take (0: no limit),
 * and the signal that says nobody waits for their answer any more (a GET whose client left).
 */
export type StatementContext = { limitMs: number; signal?: AbortSignal }

const storage = new AsyncLocalStorage<StatementContext>()

/** The context of the statements issued from here (undefined outside any: the connection's own limit). */
export const currentStatementContext = (): StatementContext | undefined => storage.getStore()

/** Runs `work` with its statements in `context` (replacing the one it was called in). */
export function runWithStatementContext<T>(context: StatementContext, work: () => T): T {
  return storage.run(context, work)
}

/** Runs `work` with another limit for each of its statements, cancelled as the surrounding ones are. */
export function withStatementLimit<T>(limitMs: number, work: () => T): T {
  return storage.run({ ...storage.getStore(), limitMs }, work)
}

/** Runs `work` as a job of its own: its own limit, never cancelled by the request that started it. */
export function asBackgroundJob<T>(work: () => T, limitMs = BACKGROUND_STATEMENT_LIMIT_MS): T {
  return storage.run({ limitMs }, work)
}

/**
 * Runs `work` under the surrounding limit but not cancelled with the surrounding request: for what
 * must happen even when its client left (an export's audit row), or is shared with other requests
 * (a session read serving several).
 */
export function withoutCancellation<T>(work: () => T): T {
  const context = storage.getStore()
  return context ? storage.run({ limitMs: context.limitMs }, work) : work()
}

/** PostgreSQL's code for a statement cancelled (by its statement_timeout, or by a cancel request). */
export const QUERY_CANCELED = '57014'

/**
 * A statement refused before it started, worded and coded as PostgreSQL words and codes the same
 * cancellation of one that was running, so that a caller handles both alike.
 */
export class StatementRefused extends Error {
  readonly code = QUERY_CANCELED
  constructor(readonly reason: 'timeout' | 'client-closed') {
    super(
      reason === 'timeout' ? 'canceling statement due to statement timeout' : 'canceling statement due to user request',
    )
  }
}

/** Whether nobody waits for this context's statements any more: they are not started. */
export const isAbandoned = (context: StatementContext | undefined) => context?.signal?.aborted === true

/** A statement's text that must run even for an abandoned request: undoing its transaction. */
export const undoesTransaction = (text: string) => /^\s*rollback\b/i.test(text)
