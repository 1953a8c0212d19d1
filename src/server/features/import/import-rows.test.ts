import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestApp } from '../../test/harness'
import { HEADER, type ImportTestUser, line, paste, type RunImport, settings, setUpImportTest } from './import-fixtures'
import { importOrders } from './service'

let t: TestApp
let admin: ImportTestUser
let runImport: RunImport

beforeAll(async () => {
  ;({ t, admin, runImport } = await setUpImportTest())
})
afterAll(() => t?.close())

describe('import', () => {
  it('imports rows with every column read, streaming progress, and reports each bad row exactly', async () => {
    const text = paste(
      { case: 'IMP-1', sub: 'Close Fee Requested|keys requested', keys: 'Yes', status: 'Repossessed' },
      { case: 'IMP-2', client: 'Ally Finl', lien: 'Ally Bank' },
      { case: 'IMP-3', vin: '' },
      { case: 'IMP-4', make: ' ' },
      { case: 'IMP-5', model: '' },
      { case: 'IMP-6', orderDate: '' },
      { case: 'IMP-7', sub: 'Towed To Mars' },
      { case: 'IMP-8', orderDate: '2/30/25' },
      { case: 'IMP-9', client: 'Nobody Known', lien: '' },
      { case: 'IMP-10', zip: '36117', city: 'Montgomery' },
    )
    const { status, events, done } = await runImport(text)
    expect(status).toBe(200)
    expect(events[0]).toEqual({ type: 'progress', processed: 0, total: 10 })
    expect(events.filter((event) => event.type === 'progress').at(-1)).toEqual({
      type: 'progress',
      processed: 10,
      total: 10,
    })
    // IMP-7's sub-status is unknown: SPEC.md imports the order all the same and lists the item.
    expect(done).toMatchObject({ type: 'done', total: 10, imported: 3, duplicates: 0, refused: 7 })
    expect(done.errors.map((error: { message: string }) => error.message)).toEqual([
      // 'ally finl' shares one long word of two with 'ally financial' (0.5); the lienholders are equal (1).
      'Row 3: Unknown client "Ally Finl" - Suggestions: Ally Financial (75% match)',
      'Row 4: Missing VIN - Case: IMP-3',
      'Row 5: Missing Make - Case: IMP-4',
      'Row 6: Missing Model - Case: IMP-5',
      'Row 7: Missing Order Date - Case: IMP-6',
      'Row 8: Sub-status not found: "Towed To Mars"',
      'Row 9: Processing error - Invalid Order Date "2/30/25"',
      // No word in common (0), and neither has a lienholder (equal, 1): 50%, above the 0.3 floor.
      'Row 10: Unknown client "Nobody Known" - Suggestions: Westlake Financial Services (50% match)',
    ])
    expect(done.errors[0]).toEqual({
      line: 3,
      caseNumber: 'IMP-2',
      message: 'Row 3: Unknown client "Ally Finl" - Suggestions: Ally Financial (75% match)',
    })
    const order = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('case_number', '=', 'IMP-1')
      .executeTakeFirstOrThrow()
    expect(order).toMatchObject({
      order_number: 'IMP-1',
      status: 'Repossessed',
      priority: 'medium',
      borrower_name: 'Jordan Reyes',
      borrower_first_name: 'Jordan',
      borrower_last_name: 'Reyes',
      borrower_work_address: '1 Water St',
      borrower_work_city: 'Mobile',
      borrower_work_state: 'AL',
      borrower_work_zip: '36602',
      order_date: '2025-03-04',
      keys_obtained: true,
      year: 2003,
      detected_market: 'Mobile',
      market_confidence: 95,
      market_detection_method: 'zip_code',
    })
    const links = await t.db
      .selectFrom('order_sub_statuses')
      .select('sub_status_code')
      .where('case_number', '=', 'IMP-1')
      .execute()
    expect(links.map((link) => link.sub_status_code).sort()).toEqual(['CLOSE_FEE', 'KEYS_REQUESTED'])
    const near = await t.db
      .selectFrom('orders')
      .selectAll()
      .where('case_number', '=', 'IMP-10')
      .executeTakeFirstOrThrow()
    expect(near).toMatchObject({
      detected_market: 'Montgomery',
      market_confidence: 85,
      market_detection_method: 'proximity',
    })
  })

  it('reports a row the database refuses as a Database error and keeps the rest of its batch', async () => {
    // Make the database refuse one row, as a broken value or constraint would.
    await sql`create function refuse_bad_row() returns trigger language plpgsql as $$
      begin
        if new.case_number = 'DB-2' then raise exception 'value refused by a check'; end if;
        return new;
      end $$`.execute(t.db)
    await sql`create trigger refuse_bad_row before insert on orders for each row execute function refuse_bad_row()`.execute(
      t.db,
    )
    try {
      const result = await runImport(paste({ case: 'DB-1' }, { case: 'DB-2' }, { case: 'DB-3' }))
      expect(result.done).toMatchObject({
        imported: 2,
        refused: 1,
        errors: [{ line: 3, caseNumber: 'DB-2', message: 'Row 3: Database error - value refused by a check' }],
      })
    } finally {
      await sql`drop trigger refuse_bad_row on orders`.execute(t.db)
      await sql`drop function refuse_bad_row()`.execute(t.db)
    }
  })

  it('skips duplicates (in the database and within the paste) when asked, and imports them when not', async () => {
    const text = paste({ case: 'DUP-1' }, { case: 'DUP-1' }, { case: 'DUP-2' })
    expect((await runImport(text)).done).toMatchObject({ imported: 2, duplicates: 1, errors: [] })
    expect((await runImport(text)).done).toMatchObject({ imported: 0, duplicates: 3, errors: [] })
    expect((await runImport(text, { ...settings, skipDuplicates: false })).done).toMatchObject({
      imported: 3,
      duplicates: 0,
    })
  })

  it('randomizes borrower names when asked', async () => {
    await runImport(paste({ case: 'RND-1', name: 'Reyes, Jordan' }), { ...settings, randomizeNames: true })
    const order = await t.db
      .selectFrom('orders')
      .select('borrower_name')
      .where('case_number', '=', 'RND-1')
      .executeTakeFirstOrThrow()
    expect(order.borrower_name).not.toBe('Jordan Reyes')
  })

  it('imports an order whose sub-status is not found, links the ones found, and lists each missing item (SPEC.md)', async () => {
    const text = paste(
      { case: 'SUB-1', sub: 'Towed To Mars|Keys Requested|Parked On The Moon' },
      { case: 'SUB-2', sub: 'Close Fee Requested' },
    )
    const { done } = await runImport(text)
    // Counted once among the imported; its problems are listed all the same (docs/decisions/005).
    expect(done).toMatchObject({ total: 2, imported: 2, duplicates: 0, refused: 0 })
    expect(done.errors).toEqual([
      { line: 2, caseNumber: 'SUB-1', message: 'Row 2: Sub-status not found: "Towed To Mars"' },
      { line: 2, caseNumber: 'SUB-1', message: 'Row 2: Sub-status not found: "Parked On The Moon"' },
    ])
    const links = await t.db
      .selectFrom('order_sub_statuses')
      .select(['case_number', 'sub_status_code'])
      .where('case_number', 'in', ['SUB-1', 'SUB-2'])
      .orderBy('case_number')
      .execute()
    expect(links).toEqual([
      { case_number: 'SUB-1', sub_status_code: 'KEYS_REQUESTED' },
      { case_number: 'SUB-2', sub_status_code: 'CLOSE_FEE' },
    ])
  })

  it('loses no row after a cell that begins with a quote (issue 15: 94 of 100 rows vanished)', async () => {
    const rows = Array.from({ length: 100 }, (_, index) => ({
      case: `QUOTE-${index}`,
      name: index === 5 ? '"Bubba" Smith, Joe' : index === 40 ? '"Bubba Smith, Joe' : 'Reyes, Jordan',
      model: index === 60 ? 'Silverado 22"' : 'Accord',
      client: index === 70 ? 'Nobody Known' : 'Ally Financial',
    }))
    const { done } = await runImport(paste(...rows))
    expect(done).toMatchObject({ total: 100, imported: 99, duplicates: 0, refused: 1 })
    expect(done.errors.map((error: { line: number }) => error.line)).toEqual([72])
    const names = await t.db
      .selectFrom('orders')
      .select(['case_number', 'borrower_last_name'])
      .where('case_number', 'in', ['QUOTE-5', 'QUOTE-40', 'QUOTE-99'])
      .orderBy('case_number')
      .execute()
    expect(names).toEqual([
      { case_number: 'QUOTE-40', borrower_last_name: '"Bubba Smith' },
      { case_number: 'QUOTE-5', borrower_last_name: '"Bubba" Smith' },
      { case_number: 'QUOTE-99', borrower_last_name: 'Reyes' },
    ])
  })

  it('reads a comma-separated paste at its commas', async () => {
    const text = [
      'Case Number,Client Name,Lienholder Name,"Last Name, First Name",VIN,Make,Model,Order Date',
      'CSV-1,Ally Financial,Ally Bank,"Reyes, Jordan",1HGCM82633A004352,Honda,Accord,3/4/25',
      'CSV-2,Ally Financial,Ally Bank,"Smith, ""Bubba""",1HGCM82633A004352,Honda,Civic,3/5/25',
    ].join('\r\n')
    const { status, done } = await runImport(text)
    expect(status).toBe(200)
    expect(done).toMatchObject({ total: 2, imported: 2, errors: [] })
    const order = await t.db
      .selectFrom('orders')
      .select(['borrower_first_name', 'model'])
      .where('case_number', '=', 'CSV-2')
      .executeTakeFirstOrThrow()
    expect(order).toEqual({ borrower_first_name: '"Bubba"', model: 'Civic' })
  })

  it('adds up for any mix of rows: imported + duplicates + refused = rows pasted, each refusal listed (property)', async () => {
    const viewer = { userId: admin.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const rowValues = fc.record({
      case: fc.constantFrom('P-1', 'P-2', 'P-3', ''),
      client: fc.constantFrom('Ally Financial', 'Unknown Co', ''),
      vin: fc.constantFrom('1HGCM82633A004352', ''),
      orderDate: fc.constantFrom('3/4/25', '', '99/99/99'),
      sub: fc.constantFrom('', 'Close Fee Requested', 'Nope', 'Nope|Keys Requested'),
      // Any text a cell may hold: quotes anywhere, line breaks, formula-like starts.
      name: fc
        .array(fc.constantFrom('Bu', ', ', ' ', '"', '""', '\n', '\r\n', '\r', '=1'), { maxLength: 5 })
        .map((pieces) => pieces.join('')),
      model: fc.constantFrom('Accord', '"Accord', 'Accord 22"', '"Accord"'),
    })
    // As a spreadsheet copies it: a cell holding a line break is quoted, with its quotes doubled.
    const written = (cell: string) => (/[\r\n]/.test(cell) ? `"${cell.replaceAll('"', '""')}"` : cell)
    await fc.assert(
      fc.asyncProperty(
        fc.array(rowValues, { maxLength: 12 }),
        fc.boolean(),
        fc.constantFrom('\n', '\r\n'),
        fc.boolean(),
        async (rows, skipDuplicates, lineEnd, bom) => {
          const lines = [HEADER, ...rows.map((row) => line({ ...row, name: written(row.name) }))]
          const text = `${bom ? '\uFEFF' : ''}${lines.join(lineEnd)}`
          const result = await importOrders(t.db, viewer, text, { ...settings, skipDuplicates })
          expect(result.total).toBe(rows.length)
          expect(result.imported + result.duplicates + result.refused).toBe(rows.length)
          const listedLines = new Set(result.errors.map((error) => error.line))
          expect(listedLines.size).toBeGreaterThanOrEqual(result.refused)
        },
      ),
      { numRuns: 25 },
    )
  }, 60_000)
})
