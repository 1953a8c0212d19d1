import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { unmigratedDatabaseForFile } from '../test/test-database'
import { migrateToLatest, migrateUpTo } from './migrate'

const database = unmigratedDatabaseForFile()

// 040 gives the cases already there their client, each distinct pair of names resolved once; 047
// resolves by the clients' stored keys. Both give the answer of the rule case by case.
describe('040 and 047 over existing cases', () => {
  it('gives every case the client its names find, as the case-by-case rule does, before and after 047', async () => {
    const { db } = database()
    await migrateUpTo(db, '039-repossession-moment')
    const company = await db
      .insertInto('companies')
      .values({ name: 'Existing Co' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const client = (name: string, client_code: string, lienholder_name: string | null = null) =>
      db
        .insertInto('clients')
        .values({ company_id: company.id, name, client_code, lienholder_name })
        .returning('id')
        .executeTakeFirstOrThrow()
    const capitalOne = await client('Capital One Auto Finance', 'COAF')
    const ally = await client('Ally Financial, Inc.', 'ALLY', 'Ally Bank')
    const cases: Array<[string | null, string | null, string | null]> = [
      ['Capital One Auto Finance', null, capitalOne.id],
      ['CAPITAL ONE AUTO FINANCE - Hand Keyed', null, capitalOne.id],
      ['Ally Financial', null, ally.id],
      [null, 'Ally Bank', ally.id],
      ['Someone Else', 'Ally Bank', ally.id],
      ['Someone Else', null, null],
      [null, null, null],
    ]
    // Many cases of each pair of names, as an agency's book has.
    await db
      .insertInto('rdn_cases')
      .values(
        Array.from({ length: 70 }, (_, index) => {
          const [lender_name, lienholder_name] = cases[index % cases.length]!
          return { company_id: company.id, case_id: index + 1, status: 'Open', lender_name, lienholder_name }
        }),
      )
      .execute()

    await migrateUpTo(db, '040-rdn-case-clients')
    const expected = (caseId: number) => cases[(caseId - 1) % cases.length]![2]
    const clientsOf = async () =>
      (
        await sql<{ case_id: number; client_id: string | null; by_rule: string | null }>`
          select case_id, client_id, rdn_case_client_id(company_id, lender_name, lienholder_name) as by_rule
          from rdn_cases order by case_id`.execute(db)
      ).rows
    for (const row of await clientsOf()) {
      expect(row.client_id, `case ${row.case_id}`).toBe(expected(row.case_id))
      expect(row.by_rule).toBe(row.client_id)
    }

    await migrateToLatest(db)
    for (const row of await clientsOf()) expect(row.by_rule, `case ${row.case_id}`).toBe(expected(row.case_id))
    // A case imported after 047 and a client renamed after it are resolved by the stored keys.
    await db
      .insertInto('rdn_cases')
      .values({ company_id: company.id, case_id: 1000, status: 'Open', lender_name: 'capital one auto finance llc' })
      .execute()
    await db.updateTable('clients').set({ name: 'Ally Bank' }).where('id', '=', ally.id).execute()
    const resolved = await db
      .selectFrom('rdn_cases')
      .select(['case_id', 'client_id'])
      .where('case_id', 'in', [1000, 3])
      .orderBy('case_id')
      .execute()
    expect(resolved).toEqual([
      { case_id: 3, client_id: null },
      { case_id: 1000, client_id: capitalOne.id },
    ])
  })
})
