import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { testDatabaseKind } from '../test/test-database'
import { prepared, preparedStatementName } from './prepared'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

/** A prepared read of a user's email that counts its builds, with a new user it has read once. */
async function userEmails() {
  let builds = 0
  const emails = prepared((db, values: { userId: string }) => {
    builds++
    return db.selectFrom('auth_user').select('email').where('id', '=', values.userId)
  })
  const user = await t.createUser('lot_manager')
  expect(await emails(t.db, { userId: user.userId })).toEqual([{ email: user.email }])
  return { emails, builds: () => builds, user }
}

describe('prepared statements', () => {
  it('builds once and runs each call with its own values, a value used twice, an array as one parameter, a constant kept', async () => {
    let builds = 0
    const matching = prepared((db, values: { companyId: string; names: string[]; limit: number }) => {
      builds++
      return db
        .selectFrom('profiles')
        .select(['email', sql<string>`${values.companyId}::text`.as('asked_for')])
        .where('company_id', '=', values.companyId)
        .where('email', '=', sql<string>`any(${values.names}::text[])`)
        .where('active', '=', true)
        .orderBy('email')
        .limit(values.limit)
    })
    const agent = await t.createUser('recovery_agent')
    const other = await t.createUser('recovery_agent', await t.createCompany('Prepared Other Co'))

    expect(await matching(t.db, { companyId: t.companyId, names: [agent.email, other.email], limit: 5 })).toEqual([
      { email: agent.email, asked_for: t.companyId },
    ])
    expect(
      await matching(t.db, { companyId: t.companyId, names: [agent.email, 'admin@example.com'], limit: 1 }),
    ).toEqual([{ email: 'admin@example.com', asked_for: t.companyId }])
    expect(await matching(t.db, { companyId: t.companyId, names: [], limit: 5 })).toEqual([])
    expect(builds).toBe(1)
  })

  it('runs in a transaction as compiled for the database, and sees the transaction’s own rows', async () => {
    const { emails, builds, user } = await userEmails()
    await t.db
      .transaction()
      .execute(async (trx) => {
        await trx.updateTable('auth_user').set({ email: 'renamed@example.com' }).where('id', '=', user.userId).execute()
        expect(await emails(trx, { userId: user.userId })).toEqual([{ email: 'renamed@example.com' }])
        throw new Error('roll back')
      })
      .catch((error: Error) => {
        if (error.message !== 'roll back') throw error
      })
    expect(await emails(t.db, { userId: user.userId })).toEqual([{ email: user.email }])
    expect(builds()).toBe(1)
  })

  it('builds anew for a database with a plugin or a schema, whose text differs', async () => {
    const { emails, builds, user } = await userEmails()
    await expect(emails(t.db.withSchema('no_such_schema'), { userId: user.userId })).rejects.toThrow(/no_such_schema/)
    expect(await emails(t.db, { userId: user.userId })).toEqual([{ email: user.email }])
    expect(builds()).toBe(2)
  })

  it.runIf(testDatabaseKind === 'postgres')(
    'is prepared once by name on a PostgreSQL connection and run by that name after',
    async () => {
      const { emails, user } = await userEmails()
      const text = 'select "email" from "auth_user" where "id" = $1'
      // One transaction: one connection, whose prepared statements pg_prepared_statements lists.
      const listed = await t.db.transaction().execute(async (trx) => {
        for (let run = 0; run < 3; run++) {
          expect(await emails(trx, { userId: user.userId })).toEqual([{ email: user.email }])
        }
        return sql<{ name: string; runs: number }>`
          select name, generic_plans + custom_plans as runs from pg_prepared_statements where statement = ${text}
        `.execute(trx)
      })
      // Three runs here at least (a pooled connection may have run it for an earlier test too).
      expect(listed.rows).toEqual([{ name: preparedStatementName(text), runs: expect.any(Number) }])
      expect(listed.rows[0].runs).toBeGreaterThanOrEqual(3)
      expect(preparedStatementName(text)).toMatch(/^prepared_\d+$/)
    },
  )

  it('names only the statements it compiled', () => {
    expect(preparedStatementName('select 1')).toBeUndefined()
  })
})
