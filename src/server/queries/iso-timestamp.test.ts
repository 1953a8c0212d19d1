import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { isoTimestamp, isoTimestampOrNull } from './iso-timestamp'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

// What the driver's Date of each becomes in JSON, as the case list sent it before.
const CASES = [
  ['2026-11-25 04:51:11+00', '"2026-11-25T04:51:11.000Z"'],
  ['2026-11-25 04:51:11.123999+00', '"2026-11-25T04:51:11.123Z"'],
  ['2026-01-01 23:59:59.9996-05', '"2026-01-02T04:59:59.999Z"'],
  ['2024-02-29 12:00:00.5+05:30', '"2024-02-29T06:30:00.500Z"'],
  ['1999-01-01 00:00:00+00', '"1999-01-01T00:00:00.000Z"'],
  ['infinity', 'null'],
  ['-infinity', 'null'],
  [null, 'null'],
] as const

describe('isoTimestamp', () => {
  it.each(CASES)('%s reads as the JSON of its Date, whatever the session time zone', async (value, json) => {
    await t.db.transaction().execute(async (trx) => {
      await sql`set local timezone = 'America/Chicago'`.execute(trx)
      const row = await trx
        .selectFrom(sql`(select ${value}::timestamptz as at)`.as('v'))
        .select([isoTimestampOrNull('at'), sql<Date | null>`at`.as('date')])
        .executeTakeFirstOrThrow()
      expect(JSON.stringify(row.at)).toBe(json)
      expect(JSON.stringify(row.at)).toBe(JSON.stringify(row.date))
    })
  })

  it('reads a year before local mean time gave way to zones (whose Date the driver could not parse)', async () => {
    await t.db.transaction().execute(async (trx) => {
      await sql`set local timezone = 'America/Chicago'`.execute(trx)
      const row = await trx
        .selectFrom(sql`(select '0099-01-01 00:00:00+00'::timestamptz as at)`.as('v'))
        .select(isoTimestamp('at'))
        .executeTakeFirstOrThrow()
      expect(row.at).toBe('0099-01-01T00:00:00.000Z')
    })
  })

  it('reads the column under its own name', async () => {
    const row = await t.db
      .selectFrom(sql`(select now() as created_at)`.as('v'))
      .select(isoTimestamp('created_at'))
      .executeTakeFirstOrThrow()
    expect(row.created_at).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/)
  })
})
