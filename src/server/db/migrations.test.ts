import { randomUUID } from 'node:crypto'
import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { setChangeActor } from '../records/change-actor'
import { createTestDatabase, unmigratedDatabaseForFile } from '../test/test-database'
import { connectDatabase } from './connect'
import { migrateToLatest, migrateUpTo } from './migrate'

const database = unmigratedDatabaseForFile()

describe('migrations over existing data', () => {
  it('012 and 013 carry the orders of a running installation along: indexed for search, statuses checked', async () => {
    const { db } = database()
    await migrateUpTo(db, '011-vendors')
    const company = await db
      .insertInto('companies')
      .values({ name: 'Existing Co' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('orders')
      .values([
        { company_id: company.id, order_number: 'OLD-1', borrower_name: 'Wilhelmina Stroud', status: 'Repossessed' },
        { company_id: company.id, order_number: 'OLD-2', make: 'Subaru', model: 'Outback', priority: 'high' },
      ])
      .execute()

    const applied = await migrateToLatest(db)
    expect(applied.slice(0, 2)).toEqual(['012-order-search', '013-order-status-checks'])

    const indexed = await db.selectFrom('order_search').select('search_text').orderBy('search_text').execute()
    // Migration 021 adds the case number and plate to the text.
    expect(indexed.map((row) => row.search_text)).toEqual(['OLD-1 Wilhelmina Stroud     ', 'OLD-2  Subaru Outback   '])
    expect(await db.selectFrom('order_search_pending').selectAll().execute()).toEqual([])
    await expect(
      db.insertInto('orders').values({ company_id: company.id, order_number: 'BAD-1', status: 'Lost' }).execute(),
    ).rejects.toThrow(/orders_status_check/)
    await expect(
      db.insertInto('orders').values({ company_id: company.id, order_number: 'BAD-2', priority: 'asap' }).execute(),
    ).rejects.toThrow(/orders_priority_check/)
    const trigramIndexes = await sql<{ indexname: string }>`
      select indexname from pg_indexes where tablename in ('orders', 'order_search') and indexdef like '%gin_trgm_ops%'`.execute(
      db,
    )
    expect(trigramIndexes.rows).toEqual([{ indexname: 'order_search_trgm_idx' }])
  })
})

describe('015: orders keep their client and company without per-row foreign keys', () => {
  it('refuses to delete a client or company that orders point at, and allows it once they are gone', async () => {
    const { db } = database()
    await migrateToLatest(db)
    const company = await db
      .insertInto('companies')
      .values({ name: 'Kept Co' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const client = await db
      .insertInto('clients')
      .values({ company_id: company.id, name: 'Kept Lender', client_code: 'KEPT' })
      .returning('id')
      .executeTakeFirstOrThrow()
    await db
      .insertInto('orders')
      .values({ company_id: company.id, client_id: client.id, order_number: 'KEEP-1' })
      .execute()

    await expect(db.deleteFrom('clients').where('id', '=', client.id).execute()).rejects.toThrow(/still has orders/)
    await expect(db.deleteFrom('companies').where('id', '=', company.id).execute()).rejects.toThrow(/still has orders/)

    await db.deleteFrom('orders').where('company_id', '=', company.id).execute()
    await db.deleteFrom('clients').where('id', '=', client.id).execute()
    expect(await db.selectFrom('clients').select('id').where('id', '=', client.id).execute()).toEqual([])
  })
})

describe('026 and 027 over existing orders', () => {
  it('copy the sort keys into the search index and move each creation from the timeline onto its order', async () => {
    const scratch = await createTestDatabase()
    const existing = await connectDatabase(scratch.target)
    try {
      const { db } = existing
      await migrateUpTo(db, '025-notification-lookups')
      const company = await db
        .insertInto('companies')
        .values({ name: 'Existing Co' })
        .returning('id')
        .executeTakeFirstOrThrow()
      // The timeline names a person by id only (no key to profiles).
      const person = { id: randomUUID() }
      const imported = await db.transaction().execute(async (trx) => {
        await setChangeActor(trx, { profileId: person.id, source: 'import' })
        return trx
          .insertInto('orders')
          .values({ company_id: company.id, order_number: 'OLD-1', borrower_name: 'Wilhelmina Stroud', vin: 'VIN1' })
          .returning('id')
          .executeTakeFirstOrThrow()
      })
      // Indexed before the upgrade (as 025's indexer did: the text only), then one more still queued when it comes.
      await sql`insert into order_search (order_id, company_id, search_text)
        select id, company_id, order_search_text(orders) from orders`.execute(db)
      await sql`delete from order_search_pending`.execute(db)
      const queued = await db
        .insertInto('orders')
        .values({ company_id: company.id, order_number: 'OLD-2', make: 'Subaru' })
        .returning('id')
        .executeTakeFirstOrThrow()

      expect((await migrateToLatest(db)).slice(0, 2)).toEqual(['026-order-sort-keys', '027-creation-on-the-case'])

      expect(
        await db
          .selectFrom('order_search')
          .select(['order_id', 'order_number', 'borrower_name', 'make', 'vin', 'license_plate'])
          .execute(),
      ).toEqual([
        {
          order_id: imported.id,
          order_number: 'OLD-1',
          borrower_name: 'Wilhelmina Stroud',
          make: null,
          vin: 'VIN1',
          license_plate: null,
        },
      ])
      expect(await db.selectFrom('order_search_pending').select('order_id').execute()).toEqual([
        { order_id: queued.id },
      ])
      const created = await db
        .selectFrom('orders')
        .select(['order_number', 'created_by_profile_id', 'created_source'])
        .orderBy('order_number')
        .execute()
      expect(created).toEqual([
        { order_number: 'OLD-1', created_by_profile_id: person.id, created_source: 'import' },
        { order_number: 'OLD-2', created_by_profile_id: null, created_source: 'system' },
      ])
      const kinds = await db.selectFrom('case_timeline').select('kind').distinct().execute()
      expect(kinds).toEqual([])
    } finally {
      await existing.close()
      await scratch.drop()
    }
  })
})
