import type { Compilable, CompiledQuery, Kysely } from 'kysely'
import type { DB } from './schema'

const SLOT = Symbol('prepared statement value')
type Slot = { readonly [SLOT]: string }
const isSlot = (value: unknown): value is Slot => typeof value === 'object' && value !== null && SLOT in value

/** Where each of the compiled statement's parameters comes from: a value's name, or a constant of the build. */
type Source = { value: string } | { constant: unknown }
type Compiled<Row> = { query: CompiledQuery<Row>; sources: Source[] }

/**
 * A statement whose text never changes, built and compiled by Kysely once per database and then
 * run with each call's values: a request's hot statements (its session, the agents of a page of
 * cases) spent more of its time in Kysely's builder and compiler (~50 µs a join) than in anything
 * else of ours (issue 21). `build` receives stand-ins for the values: each may be used once or
 * more, and only where Kysely sends a value as a parameter (a comparison, `sql` text, a limit);
 * not to choose the statement's shape (branch on it, spread it into an `in` list: an array goes
 * as one parameter, `= any($1::text[])`). Values are plain: strings, numbers, booleans, null,
 * arrays of them (on PostgreSQL the statement is prepared by name, and a value its client cannot
 * bind would leave that connection with the name but not the statement). Compiled once per
 * dialect (its adapter, which a transaction or a pinned connection shares with the database it
 * came from): a statement's text depends on nothing else but plugins (withPlugin, withSchema),
 * with which it is built each time.
 */
export function prepared<Values extends Record<string, unknown>, Row>(
  build: (db: Kysely<DB>, values: Values) => Compilable<Row>,
) {
  const compiledFor = new WeakMap<object, Compiled<Row>>()
  const compile = (db: Kysely<DB>): Compiled<Row> => {
    const standIns = new Proxy({}, { get: (_, name) => ({ [SLOT]: String(name) }) }) as Values
    const query = build(db, standIns).compile()
    const sources = query.parameters.map((parameter) =>
      isSlot(parameter) ? { value: parameter[SLOT] } : { constant: parameter },
    )
    return { query, sources }
  }
  return async (db: Kysely<DB>, values: Values): Promise<Row[]> => {
    const executor = db.getExecutor()
    // A plugin or a schema (withPlugin, withSchema) changes the text under the same dialect: built anew.
    const reusable = executor.plugins.length === 0
    let compiled = reusable ? compiledFor.get(executor.adapter) : undefined
    if (!compiled) {
      compiled = compile(db)
      if (reusable) {
        compiledFor.set(executor.adapter, compiled)
        nameStatement(compiled.query.sql)
      }
    }
    const parameters = compiled.sources.map((source) => ('value' in source ? values[source.value] : source.constant))
    const { rows } = await db.executeQuery<Row>({ ...compiled.query, parameters })
    return rows
  }
}

/** The text of each statement `prepared` compiled, and the name it is prepared under on a PostgreSQL connection. */
const statementNames = new Map<string, string>()
const nameStatement = (text: string) => {
  if (!statementNames.has(text)) statementNames.set(text, `prepared_${statementNames.size + 1}`)
}

/**
 * The name a statement compiled by `prepared` goes by, for PostgreSQL's client to prepare it once
 * per connection (connect.ts); undefined for any other statement.
 */
export const preparedStatementName = (text: string): string | undefined => statementNames.get(text)
