import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { importOrders } from './service'

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>

const HEADER = [
  'Case Number',
  'Client Name',
  'Lienholder Name',
  'Last Name, First Name',
  'VIN',
  'Make',
  'Model',
  'Year',
  'Order Date',
  'Close Date',
  'Repo Date',
  'Status',
  'Sub-Status',
  'Address',
  'City',
  'State',
  'Home Zip',
  'Home Phone',
  "Borrower's Work Addresses",
  'Recovery Address',
  'Recovery City',
  'Recovery State',
  'Recovery Zip',
  'Repo Type',
  'Recovery Time',
  'Keys',
].join('\t')

type RowValues = Partial<
  Record<
    | 'case'
    | 'client'
    | 'lien'
    | 'name'
    | 'vin'
    | 'make'
    | 'model'
    | 'year'
    | 'orderDate'
    | 'status'
    | 'sub'
    | 'zip'
    | 'city'
    | 'state'
    | 'work'
    | 'keys',
    string
  >
>

function line(values: RowValues): string {
  const v = {
    case: 'C-1',
    client: 'Ally Financial',
    lien: 'Ally Bank',
    name: 'Reyes, Jordan',
    vin: '1HGCM82633A004352',
    make: 'Honda',
    model: 'Accord',
    year: '2003',
    orderDate: '3/4/25',
    status: 'Open',
    sub: '',
    zip: '36602',
    city: 'Mobile',
    state: 'AL',
    work: '1 Water St, Mobile, AL 36602',
    keys: 'No',
    ...values,
  }
  return [
    v.case,
    v.client,
    v.lien,
    v.name,
    v.vin,
    v.make,
    v.model,
    v.year,
    v.orderDate,
    '',
    '',
    v.status,
    v.sub,
    '410 Dauphin St',
    v.city,
    v.state,
    v.zip,
    '(251) 555-0100',
    v.work,
    '',
    '',
    '',
    '',
    '',
    '',
    v.keys,
  ].join('\t')
}
const paste = (...rows: RowValues[]) => [HEADER, ...rows.map(line)].join('\n')

const settings = { skipDuplicates: true, autoCreateClients: false, randomizeNames: false }

async function runImport(text: string, options = settings, cookie = admin.cookie) {
  const response = await t.request('POST', '/api/import/orders', { cookie, body: { text, settings: options } })
  const events =
    typeof response.json === 'string'
      ? (response.json as string)
          .trim()
          .split('\n')
          .map((l) => JSON.parse(l))
      : [response.json]
  return { status: response.status, events, done: events.at(-1) }
}

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  await t.db
    .insertInto('clients')
    .values([
      { company_id: t.companyId, name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLFIN-ALBA' },
      {
        company_id: t.companyId,
        name: 'Westlake Financial Services',
        lienholder_name: null,
        client_code: 'WESFINSER-',
      },
    ])
    .execute()
  await t.db
    .insertInto('sub_statuses')
    .values([
      { company_id: t.companyId, code: 'CLOSE_FEE', description: 'Close Fee Requested' },
      { company_id: t.companyId, code: 'KEYS_REQUESTED', description: 'Keys Requested' },
    ])
    .execute()
  await t.db
    .insertInto('market_zip_codes')
    .values({ company_id: t.companyId, zip_code: '36602', market: 'Mobile' })
    .execute()
  await t.db
    .insertInto('market_lots')
    .values({
      company_id: t.companyId,
      market: 'Montgomery',
      name: 'Montgomery Lot',
      latitude: 32.3668,
      longitude: -86.3,
    })
    .execute()
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
    expect(done).toMatchObject({ type: 'done', total: 10, imported: 2, duplicates: 0 })
    expect(done.errors).toEqual([
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

  it('imports more rows than one statement may carry on PGlite, and the database keeps answering', async () => {
    const rows = Array.from({ length: 1_500 }, (_, index) => ({ case: `BULK-${index}`, sub: 'Close Fee Requested' }))
    expect((await runImport(paste(...rows))).done).toMatchObject({ imported: 1_500, errors: [] })
    const me = await t.request('GET', '/api/me', { cookie: admin.cookie })
    expect(me.status).toBe(200)
    await t.db.deleteFrom('orders').where('case_number', 'like', 'BULK-%').execute()
    await t.db.deleteFrom('order_sub_statuses').where('case_number', 'like', 'BULK-%').execute()
  }, 60_000)

  it('loses nothing when stopped mid-run: whole batches only, and a re-run finishes the rest without duplicates', async () => {
    const viewer = { userId: admin.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const text = paste(...Array.from({ length: 3_500 }, (_, index) => ({ case: `STOP-${index}` })))
    let batches = 0
    const stopped = importOrders(t.db, viewer, text, settings, ({ processed }) => {
      if (processed > 0 && ++batches === 1) throw new Error('server stopped')
    })
    await expect(stopped).rejects.toThrow('server stopped')
    const countStored = async () =>
      Number(
        (
          await t.db
            .selectFrom('orders')
            .select((eb) => eb.fn.countAll<string>().as('count'))
            .where('case_number', 'like', 'STOP-%')
            .executeTakeFirstOrThrow()
        ).count,
      )
    // Give a batch already being written the moment to commit, as a stopping server would.
    await new Promise((resolve) => setTimeout(resolve, 500))
    const partial = await countStored()
    expect(partial % 1_000).toBe(0)
    expect(partial).toBeLessThan(3_500)
    const rerun = await importOrders(t.db, viewer, text, settings)
    expect(rerun).toMatchObject({ imported: 3_500 - partial, duplicates: partial, errors: [] })
    expect(await countStored()).toBe(3_500)
    await t.db.deleteFrom('orders').where('case_number', 'like', 'STOP-%').execute()
  }, 60_000)

  it('creates a new client once even when its batch is retried row by row', async () => {
    await sql`create function refuse_retry_row() returns trigger language plpgsql as $$
      begin
        if new.case_number = 'RETRY-2' then raise exception 'refused'; end if;
        return new;
      end $$`.execute(t.db)
    await sql`create trigger refuse_retry_row before insert on orders for each row execute function refuse_retry_row()`.execute(
      t.db,
    )
    try {
      const rows = ['RETRY-1', 'RETRY-2', 'RETRY-3'].map((caseNumber) => ({
        case: caseNumber,
        client: 'Retry Motor Credit',
        lien: 'Retry Bank',
      }))
      const result = await runImport(paste(...rows), { ...settings, autoCreateClients: true })
      expect(result.done).toMatchObject({ imported: 2, errors: ['Row 3: Database error - refused'] })
      const clients = await t.db
        .selectFrom('clients')
        .select('client_code')
        .where('name', '=', 'Retry Motor Credit')
        .execute()
      expect(clients).toHaveLength(1)
    } finally {
      await sql`drop trigger refuse_retry_row on orders`.execute(t.db)
      await sql`drop function refuse_retry_row()`.execute(t.db)
    }
  })

  it('links a sub-status once per case number when the same case comes back in a later batch', async () => {
    const first = Array.from({ length: 1_000 }, (_, index) => ({ case: `LINK-${index}`, sub: 'Keys Requested' }))
    const again = { case: 'LINK-0', sub: 'Keys Requested' }
    const result = await runImport(paste(...first, again), { ...settings, skipDuplicates: false })
    expect(result.done).toMatchObject({ imported: 1_001, errors: [] })
    const links = await t.db.selectFrom('order_sub_statuses').select('id').where('case_number', '=', 'LINK-0').execute()
    expect(links).toHaveLength(1)
    await t.db.deleteFrom('orders').where('case_number', 'like', 'LINK-%').execute()
    await t.db.deleteFrom('order_sub_statuses').where('case_number', 'like', 'LINK-%').execute()
  }, 60_000)

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
      expect(result.done).toMatchObject({ imported: 2, errors: ['Row 3: Database error - value refused by a check'] })
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

  it('auto-creates a missing client once, only when asked and no close suggestion exists', async () => {
    const text = paste(
      { case: 'NEW-1', client: 'Zenith Motor Credit', lien: 'Zenith Bank' },
      { case: 'NEW-2', client: 'Zenith Motor Credit, Inc.', lien: 'Zenith Bank' },
    )
    expect((await runImport(text)).done.errors).toHaveLength(2)
    const created = await runImport(text, { ...settings, autoCreateClients: true })
    expect(created.done).toMatchObject({ imported: 2, errors: [] })
    const clients = await t.db.selectFrom('clients').selectAll().where('name', 'like', 'Zenith%').execute()
    expect(clients).toHaveLength(1)
    expect(clients[0]).toMatchObject({ company_id: t.companyId, client_code: 'ZENMOTCRE-ZEBA' })
    // Close to an existing client (best suggestion >= 0.7): reported, not created.
    const close = await runImport(paste({ case: 'NEW-3', client: 'Ally Financial Group', lien: 'Ally Bank' }), {
      ...settings,
      autoCreateClients: true,
    })
    expect(close.done.errors[0]).toMatch(
      /^Row 2: Unknown client "Ally Financial Group" - Suggestions: Ally Financial \(90% match\)/,
    )
  })

  it("never matches another company's clients", async () => {
    const otherCompany = await t.createCompany('Other Agency')
    const other = await t.createUser('admin', otherCompany)
    const result = await runImport(paste({ case: 'X-1' }), settings, other.cookie)
    expect(result.done).toMatchObject({ imported: 0, errors: ['Row 2: Unknown client "Ally Financial"'] })
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

  it('refuses a paste without the needed headers with 400, and roles other than admin and manager with 403', async () => {
    const refused = await runImport('Client Name\tVIN\nAlly\tX')
    expect(refused.status).toBe(400)
    expect(refused.done.error.message).toBe('Missing case/order number column (Case Number, Case#, Order Number, etc.)')
    const agent = await t.createUser('recovery_agent')
    expect((await runImport(paste({ case: 'A-1' }), settings, agent.cookie)).status).toBe(403)
    expect((await t.request('DELETE', '/api/import/orders', { cookie: agent.cookie })).status).toBe(403)
    const manager = await t.createUser('manager')
    expect((await t.request('GET', '/api/import/clients', { cookie: manager.cookie })).json).toEqual({ count: 4 })
  })

  it('adds up for any mix of rows: imported + duplicates + errors = rows pasted (property)', async () => {
    const viewer = { userId: admin.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const rowValues = fc.record({
      case: fc.constantFrom('P-1', 'P-2', 'P-3', ''),
      client: fc.constantFrom('Ally Financial', 'Unknown Co', ''),
      vin: fc.constantFrom('1HGCM82633A004352', ''),
      orderDate: fc.constantFrom('3/4/25', '', '99/99/99'),
      sub: fc.constantFrom('', 'Close Fee Requested', 'Nope'),
      name: fc.string({ maxLength: 10 }).map((s) => s.replace(/[\t\n\r"]/g, '')),
    })
    await fc.assert(
      fc.asyncProperty(fc.array(rowValues, { maxLength: 12 }), fc.boolean(), async (rows, skipDuplicates) => {
        const result = await importOrders(t.db, viewer, paste(...rows), { ...settings, skipDuplicates })
        expect(result.total).toBe(rows.length)
        expect(result.imported + result.duplicates + result.errors.length).toBe(rows.length)
      }),
      { numRuns: 25 },
    )
  }, 60_000)

  it("Clear All Data deletes only the caller's company's orders and their dependents", async () => {
    const otherCompany = await t.createCompany('Keeps Its Orders')
    await t.db.insertInto('orders').values({ company_id: otherCompany, order_number: 'KEEP-1' }).execute()
    const before = await t.db.selectFrom('orders').select('id').where('company_id', '=', t.companyId).execute()
    expect(before.length).toBeGreaterThan(0)
    const cleared = await t.request('DELETE', '/api/import/orders', { cookie: admin.cookie })
    expect(cleared.json).toEqual({ deleted: before.length })
    expect(await t.db.selectFrom('orders').select('id').where('company_id', '=', t.companyId).execute()).toHaveLength(0)
    expect(
      await t.db.selectFrom('order_sub_statuses').select('id').where('company_id', '=', t.companyId).execute(),
    ).toHaveLength(0)
    expect(await t.db.selectFrom('orders').select('id').where('company_id', '=', otherCompany).execute()).toHaveLength(
      1,
    )
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'orders.cleared')
      .executeTakeFirstOrThrow()
    expect(audit.detail).toEqual({ deleted: before.length })
  })
})
