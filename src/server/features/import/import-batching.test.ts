import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { columnIndexes } from '../../../domain/import/headers'
import { parsePastedText } from '../../../domain/import/parse'
import { readImportRow } from '../../../domain/import/row'
import type { TestApp } from '../../test/harness'
import { loadImportContext } from './context'
import { type ImportTestUser, paste, type RunImport, settings, setUpImportTest } from './import-fixtures'
import { importOrders } from './service'
import { writeBatch } from './write-batch'

let t: TestApp
let admin: ImportTestUser
let runImport: RunImport

beforeAll(async () => {
  ;({ t, admin, runImport } = await setUpImportTest())
})
afterAll(() => t?.close())

describe('import', () => {
  it('imports more rows than one statement may carry on PGlite, and the database keeps answering', async () => {
    const rows = Array.from({ length: 1_500 }, (_, index) => ({ case: `BULK-${index}`, sub: 'Close Fee Requested' }))
    expect((await runImport(paste(...rows))).done).toMatchObject({ imported: 1_500, errors: [] })
    const me = await t.request('GET', '/api/me', { cookie: admin.cookie })
    expect(me.status).toBe(200)
    await t.db.deleteFrom('orders').where('case_number', 'like', 'BULK-%').execute()
    await t.db.deleteFrom('order_sub_statuses').where('case_number', 'like', 'BULK-%').execute()
  }, 60_000)

  it('gives the event loop a turn between batches, so progress lines and other requests go out meanwhile', async () => {
    const viewer = { userId: admin.userId, companyId: t.companyId } as Parameters<typeof importOrders>[1]
    const text = paste(...Array.from({ length: 2_500 }, (_, index) => ({ case: `TURN-${index}` })))
    let processed = 0
    const ticksAt: number[] = []
    const ticker = setInterval(() => ticksAt.push(processed), 0)
    try {
      await importOrders(t.db, viewer, text, settings, (progress) => {
        processed = progress.processed
      })
    } finally {
      clearInterval(ticker)
    }
    expect(ticksAt.some((at) => at > 0 && at < 2_500)).toBe(true)
    await t.db.deleteFrom('orders').where('case_number', 'like', 'TURN-%').execute()
  })

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

  it("refuses an order whose client is not the company's, as a foreign key did, and writes nothing of it", async () => {
    const elsewhere = await t.createCompany('Elsewhere Lending')
    const foreign = await t.db
      .insertInto('clients')
      .values({ company_id: elsewhere, name: 'Foreign Lender', client_code: 'FOREIGN' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const { header, records } = parsePastedText(paste({ case: 'REF-1' }))
    const row = readImportRow(records[0], columnIndexes(header), { randomizeNames: false, now: Date.now() })
    row.order.client_id = foreign.id
    const context = await loadImportContext(t.db, t.companyId, ['REF-1'])

    const importer = await t.createUser('manager')
    const written = await writeBatch(
      t.db,
      t.companyId,
      context,
      [{ row, newClient: null, subStatusCodes: [] }],
      importer.profileId,
    )

    expect(written).toEqual({
      imported: 0,
      errors: [{ line: 2, caseNumber: 'REF-1', message: 'Row 2: Database error - client not found' }],
    })
    expect(await t.db.selectFrom('orders').select('id').where('case_number', '=', 'REF-1').execute()).toEqual([])
  })
})
