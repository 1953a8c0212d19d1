// Kept together and in this order: the client count the manager reads (4) is the two seeded clients
// plus the two the first tests create, and Clear All Data needs the orders they import.
import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CLEAR_ALL_CONFIRMATION } from '../../../domain/import/clear-confirmation'
import type { TestApp } from '../../test/harness'
import { indexQueuedOrders } from '../search/order-search-indexer'
import { type ImportTestUser, paste, type RunImport, settings, setUpImportTest } from './import-fixtures'

let t: TestApp
let admin: ImportTestUser
let runImport: RunImport

beforeAll(async () => {
  ;({ t, admin, runImport } = await setUpImportTest())
})
afterAll(() => t?.close())

describe('import', () => {
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
      expect(result.done).toMatchObject({
        imported: 2,
        errors: [{ line: 3, caseNumber: 'RETRY-2', message: 'Row 3: Database error - refused' }],
      })
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
    expect(close.done.errors[0].message).toMatch(
      /^Row 2: Unknown client "Ally Financial Group" - Suggestions: Ally Financial \(90% match\)/,
    )
  })

  it("never matches another company's clients", async () => {
    const otherCompany = await t.createCompany('Other Agency')
    const other = await t.createUser('admin', otherCompany)
    const result = await runImport(paste({ case: 'X-1' }), settings, other.cookie)
    expect(result.done).toMatchObject({
      imported: 0,
      errors: [{ line: 2, caseNumber: 'X-1', message: 'Row 2: Unknown client "Ally Financial"' }],
    })
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

  it("Clear All Data, confirmed in the body, deletes only the caller's company's orders and their dependents", async () => {
    // The imported orders indexed for search, one more still queued, as another company's.
    while ((await indexQueuedOrders(t.db)) > 0) {}
    await t.db.insertInto('orders').values({ company_id: t.companyId, order_number: 'QUEUED-1' }).execute()
    const otherCompany = await t.createCompany('Keeps Its Orders')
    await t.db.insertInto('orders').values({ company_id: otherCompany, order_number: 'KEEP-1' }).execute()
    const before = await t.db.selectFrom('orders').select('id').where('company_id', '=', t.companyId).execute()
    expect(before.length).toBeGreaterThan(1)
    // Not on a body-less request, nor on a wrong word: the orders stay.
    for (const options of [{}, { body: {} }, { body: { confirm: 'yes' } }]) {
      const refused = await t.request('DELETE', '/api/import/orders', { cookie: admin.cookie, ...options })
      expect(refused.status).toBe(400)
      expect(refused.json.error.field).toBe('confirm')
    }
    expect(await t.db.selectFrom('orders').select('id').where('company_id', '=', t.companyId).execute()).toHaveLength(
      before.length,
    )
    const cleared = await t.request('DELETE', '/api/import/orders', {
      cookie: admin.cookie,
      body: { confirm: CLEAR_ALL_CONFIRMATION },
    })
    expect(cleared.status).toBe(200)
    expect(cleared.json).toEqual({ deleted: before.length })
    expect(await t.db.selectFrom('orders').select('id').where('company_id', '=', t.companyId).execute()).toHaveLength(0)
    expect(
      await t.db.selectFrom('order_sub_statuses').select('id').where('company_id', '=', t.companyId).execute(),
    ).toHaveLength(0)
    expect(await t.db.selectFrom('orders').select('id').where('company_id', '=', otherCompany).execute()).toHaveLength(
      1,
    )
    for (const table of ['order_search', 'order_search_pending'] as const) {
      const left = await t.db.selectFrom(table).select('order_id').where('company_id', '=', t.companyId).execute()
      expect(left, table).toHaveLength(0)
    }
    expect(
      await t.db.selectFrom('order_search_pending').select('order_id').where('company_id', '=', otherCompany).execute(),
    ).toHaveLength(1)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('detail')
      .where('action', '=', 'orders.cleared')
      .executeTakeFirstOrThrow()
    expect(audit.detail).toEqual({ deleted: before.length })
  })
})
