import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../test/harness'
import { copyField, copyRows } from './bulk-insert'

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

describe('COPY rows', () => {
  it.each([
    [null, '\\N'],
    [undefined, '\\N'],
    [true, 't'],
    [false, 'f'],
    [2019, '2019'],
    ['plain', 'plain'],
    ['a\tb', 'a\\tb'],
    ['line\nbreak\r', 'line\\nbreak\\r'],
    ['back\\slash', 'back\\\\slash'],
    ['\\N', '\\\\N'],
  ])('writes %o as %o', (value, written) => {
    expect(copyField(value)).toBe(written)
  })

  it('stores every value as given, in one statement, on this database', async () => {
    const awkward = ['Tab\there', 'Two\nlines\r\nand CR', 'back\\slash \\N \\.', 'Ünïcødé 🚗', '', '"quoted", comma']
    await copyRows(
      t.db,
      'orders',
      awkward.map((text, index) => ({
        company_id: t.companyId,
        order_number: `COPY-${index}`,
        borrower_name: text,
        year: 2000 + index,
        keys_obtained: index % 2 === 0,
        vin: null,
      })),
    )
    const stored = await t.db
      .selectFrom('orders')
      .select(['order_number', 'borrower_name', 'year', 'keys_obtained', 'vin'])
      .where('order_number', 'like', 'COPY-%')
      .orderBy('year')
      .execute()
    expect(stored).toEqual(
      awkward.map((text, index) => ({
        order_number: `COPY-${index}`,
        borrower_name: text,
        year: 2000 + index,
        keys_obtained: index % 2 === 0,
        vin: null,
      })),
    )
  })

  it('fails as a whole when one row is refused, and the connection keeps working', async () => {
    const rows = [
      { company_id: t.companyId, order_number: 'COPY-BAD-1', year: 2001 },
      { company_id: t.companyId, order_number: 'COPY-BAD-2', year: 1492 },
    ]
    await expect(t.db.transaction().execute((trx) => copyRows(trx, 'orders', rows))).rejects.toThrow(/year/)
    const stored = await t.db.selectFrom('orders').select('id').where('order_number', 'like', 'COPY-BAD-%').execute()
    expect(stored).toEqual([])
  })
})
