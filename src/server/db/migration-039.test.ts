import { describe, expect, it } from 'vitest'
import { formatWallClock } from '../../domain/formats/dates'
import { unmigratedDatabaseForFile } from '../test/test-database'
import { migrateToLatest, migrateUpTo } from './migrate'

const database = unmigratedDatabaseForFile()

describe('039 over existing cases', () => {
  it('gives each recovered case its repossession moment from what it holds (a day and clock in Alabama), the old columns as written', async () => {
    const { db } = database()
    await migrateUpTo(db, '038-dashboard-indexes')
    const company = await db
      .insertInto('companies')
      .values({ name: 'Existing Co' })
      .returning('id')
      .executeTakeFirstOrThrow()
    // 10:09 PM on Jun 06 in Alabama: the moment is a true instant, its day and clock the agency's.
    const changedAt = new Date('2025-06-07T03:09:00Z')
    const order = (order_number: string, values: Record<string, unknown>) =>
      db
        .insertInto('orders')
        .values({ company_id: company.id, order_number, updated_at: changedAt, ...values })
        .returning('id')
        .executeTakeFirstOrThrow()
    const dated = await order('OLD-1', { status: 'Repossessed', recovery_date: '2025-03-04', recovery_time: '6:15 PM' })
    const undated = await order('OLD-2', { status: 'Repossessed' })
    const vague = await order('OLD-3', { status: 'Closed', recovery_date: '2025-03-05', recovery_time: 'afternoon' })
    const open = await order('OLD-4', { status: 'Open' })
    await db
      .insertInto('rdn_cases')
      .values([
        { company_id: company.id, case_id: 1, status: 'Repossessed', repo_date: '2025-02-01', updated_at: changedAt },
        { company_id: company.id, case_id: 2, status: 'Repossessed', updated_at: changedAt },
      ])
      .execute()

    // An invoice the old drafting gave OLD-1's day and clock written as UTC ('6:15 PM' as 18:15Z).
    const invoice = (number: string, values: { case_key: string } & Record<string, unknown>) =>
      db
        .insertInto('invoices')
        .values({ company_id: company.id, number, case_label: number, status: 'sent' as const, ...values })
        .execute()
    const oldClock = new Date('2025-03-04T18:15:00Z')
    await invoice('INV-OLD-1', {
      case_key: `order:${dated.id}`,
      order_id: dated.id,
      repossessed_at: oldClock,
      storage_started_at: oldClock,
    })
    // An RDN case's invoice kept its true moment.
    await invoice('INV-OLD-2', { case_key: 'rdn:x', repossessed_at: changedAt, storage_started_at: changedAt })

    expect(await migrateToLatest(db)).toContain('039-repossession-moment')

    const orders = await db
      .selectFrom('orders')
      .select(['id', 'repossessed_at', 'recovery_date', 'recovery_time'])
      .orderBy('order_number')
      .execute()
    expect(orders).toEqual([
      {
        id: dated.id,
        repossessed_at: new Date('2025-03-05T00:15:00Z'),
        recovery_date: '2025-03-04',
        recovery_time: '6:15 PM',
      },
      { id: undated.id, repossessed_at: changedAt, recovery_date: '2025-06-06', recovery_time: '10:09 PM' },
      {
        id: vague.id,
        repossessed_at: new Date('2025-03-05T06:00:00Z'),
        recovery_date: '2025-03-05',
        recovery_time: 'afternoon',
      },
      { id: open.id, repossessed_at: null, recovery_date: null, recovery_time: null },
    ])
    expect(
      await db
        .selectFrom('rdn_cases')
        .select(['case_id', 'time_marked_repossessed', 'repo_date'])
        .orderBy('case_id')
        .execute(),
    ).toEqual([
      { case_id: 1, time_marked_repossessed: new Date('2025-02-01T06:00:00Z'), repo_date: '2025-02-01' },
      { case_id: 2, time_marked_repossessed: changedAt, repo_date: '2025-06-06' },
    ])
    // The order's invoice now holds the order's moment, and prints the day and clock it printed.
    expect(
      await db
        .selectFrom('invoices')
        .select(['number', 'repossessed_at', 'storage_started_at'])
        .orderBy('number')
        .execute(),
    ).toEqual([
      {
        number: 'INV-OLD-1',
        repossessed_at: new Date('2025-03-05T00:15:00Z'),
        storage_started_at: new Date('2025-03-05T00:15:00Z'),
      },
      { number: 'INV-OLD-2', repossessed_at: changedAt, storage_started_at: changedAt },
    ])
    expect(formatWallClock(new Date('2025-03-05T00:15:00Z'))).toBe('Mar 04, 2025 6:15 PM')
  })
})
