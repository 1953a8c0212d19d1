import type { PGlite } from '@electric-sql/pglite'
import {
  CompiledQuery,
  type DatabaseConnection,
  type Dialect,
  type Driver,
  type Kysely,
  PostgresAdapter,
  PostgresIntrospector,
  PostgresQueryCompiler,
  type QueryResult,
  type TransactionSettings,
} from 'kysely'
import { currentStatementContext, isAbandoned, StatementRefused, undoesTransaction } from './statement-context'

type Client = Pick<PGlite, 'query' | 'close'>

/**
 * Kysely over PGlite, whose one connection is taken in turns: a statement (or a transaction, all
 * of it) waits for the one before to finish, first come first served. PGlite ignores
 * `statement_timeout` and runs a statement in this process's one thread, so a running statement
 * cannot be stopped (docs/decisions/032); what can be done is done when a statement's turn comes:
 * one whose request was abandoned (its client left), or that has waited longer than its limit
 * (as a statement waiting for a lock on PostgreSQL counts that wait), is not run and fails at
 * once, as PostgreSQL fails a cancelled statement, and the turn goes to the next.
 */
export class PGliteQueueDialect implements Dialect {
  constructor(
    private readonly client: Client,
    private readonly outsideContextLimitMs: number,
  ) {}
  createAdapter() {
    return new PostgresAdapter()
  }
  createDriver(): Driver {
    return new PGliteQueueDriver(this.client, this.outsideContextLimitMs)
  }
  createQueryCompiler() {
    return new PostgresQueryCompiler()
  }
  // biome-ignore lint/suspicious/noExplicitAny: Kysely's introspector takes any database
  createIntrospector(db: Kysely<any>) {
    return new PostgresIntrospector(db)
  }
}

class PGliteQueueDriver implements Driver {
  readonly #connection: PGliteConnection
  #taken = false
  /** Each waiting statement's turn, in arrival order. */
  readonly #waiting: (() => void)[] = []

  constructor(
    private readonly client: Client,
    private readonly outsideContextLimitMs: number,
  ) {
    this.#connection = new PGliteConnection(client)
  }

  async init() {}

  async acquireConnection(): Promise<DatabaseConnection> {
    const context = currentStatementContext()
    const askedAt = performance.now()
    if (this.#taken) await new Promise<void>((resolve) => this.#waiting.push(resolve))
    else this.#taken = true
    const limitMs = context?.limitMs ?? this.outsideContextLimitMs
    const refusal = isAbandoned(context)
      ? 'client-closed'
      : limitMs > 0 && performance.now() - askedAt > limitMs
        ? 'timeout'
        : null
    if (refusal) {
      this.#handOn()
      throw new StatementRefused(refusal)
    }
    return this.#connection
  }

  async releaseConnection() {
    this.#handOn()
  }

  #handOn() {
    const next = this.#waiting.shift()
    if (next) next()
    else this.#taken = false
  }

  async beginTransaction(connection: DatabaseConnection, settings: TransactionSettings) {
    let text = settings.isolationLevel || settings.accessMode ? 'start transaction' : 'begin'
    if (settings.isolationLevel) text += ` isolation level ${settings.isolationLevel}`
    if (settings.accessMode) text += ` ${settings.accessMode}`
    await connection.executeQuery(CompiledQuery.raw(text))
  }

  async commitTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('commit'))
  }

  async rollbackTransaction(connection: DatabaseConnection) {
    await connection.executeQuery(CompiledQuery.raw('rollback'))
  }

  async destroy() {
    await this.client.close()
  }
}

class PGliteConnection implements DatabaseConnection {
  constructor(private readonly client: Client) {}

  async executeQuery<Row>(compiled: CompiledQuery): Promise<QueryResult<Row>> {
    // A transaction's next statement, after its client left: not run (its rollback is).
    if (isAbandoned(currentStatementContext()) && !undoesTransaction(compiled.sql)) {
      throw new StatementRefused('client-closed')
    }
    const result = await this.client.query<Row>(compiled.sql, [...compiled.parameters])
    return result.affectedRows
      ? { numAffectedRows: BigInt(result.affectedRows), rows: result.rows }
      : { rows: result.rows }
  }

  async *streamQuery<Row>(compiled: CompiledQuery, chunkSize: number): AsyncIterableIterator<QueryResult<Row>> {
    const { rows } = await this.executeQuery<Row>(compiled)
    for (let index = 0; index < rows.length; index += chunkSize) yield { rows: rows.slice(index, index + chunkSize) }
  }
}
