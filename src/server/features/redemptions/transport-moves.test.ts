import { sql } from 'kysely'
import { describe, expect, it } from 'vitest'
import { setUpInvoiceKit } from '../invoices/invoice-test-helpers'
import { TRANSPORT_MOVES_PAGE_SIZE } from './transport-moves'
import { transportMovesPage } from './transport-moves-repository'

// Issue 20: the transport manager's moves come from 'Authorized to Transport': listed until the
// vehicle is handed to the transporter against an ID, once (of two at once, one).

const kitOf = setUpInvoiceKit()
type PlanNode = { 'Index Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]
const HAND_OVER = { releasedTo: 'Terry Transporter', idType: "Driver's license", idLast4: 'T123' }

describe("the transport manager's moves", () => {
  it('lists live transports only and hands one over once, on the timeline', async () => {
    const { t, repossessedOrder, invoiceOfOrder } = kitOf()
    const postRecovery = await t.createUser('post_recovery_manager')
    const transport = await t.createUser('transport_manager')
    const authorize = async (orderId: string, body: unknown) => {
      const response = await t.request('POST', `/api/redemptions/cases/orders/${orderId}/releases`, {
        cookie: postRecovery.cookie,
        body,
      })
      expect(response.status, JSON.stringify(response.json)).toBe(201)
      return response.json.releases[0].id as string
    }
    const moves = (cookie = transport.cookie) => t.request('GET', '/api/transport/moves', { cookie })
    const complete = (id: string, body: unknown = HAND_OVER) =>
      t.request('POST', `/api/transport/moves/${id}/complete`, { cookie: transport.cookie, body })

    const vendor = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Metro Transport', type: 'transporter' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const movedOrder = await repossessedOrder('MOVE-1')
    await invoiceOfOrder(movedOrder)
    const moveId = await authorize(movedOrder, { kind: 'transport', vendorId: vendor.id })
    const releaseId = await authorize(await repossessedOrder('MOVE-REL'), { kind: 'release' })

    const listed = await moves()
    expect(listed.status, JSON.stringify(listed.json)).toBe(200)
    expect(listed.json.moves).toEqual([
      expect.objectContaining({
        id: moveId,
        label: 'MOVE-1',
        vehicle: '2019 Honda Accord',
        vendorName: 'Metro Transport',
        href: `/order/${movedOrder}`,
      }),
    ])

    // A release is not a move; bad input says what is wrong.
    expect((await complete(releaseId)).status).toBe(404)
    expect((await complete(moveId, { ...HAND_OVER, idLast4: '12' })).status).toBe(400)
    expect((await complete('not-a-uuid')).status).toBe(404)

    const results = await Promise.all([complete(moveId), complete(moveId)])
    expect(results.map((result) => result.status).sort()).toEqual([200, 409])
    const done = results.find((result) => result.status === 200)
    expect(done?.json.moves).toEqual([])
    const conflict = results.find((result) => result.status === 409)
    expect(conflict?.json.error.message).toBe('This vehicle has already left the lot.')

    const timeline = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', movedOrder)
      .where('field', '=', 'vehicle_release')
      .execute()
    expect(timeline.map((row) => row.new_value)).toContain(
      "Transported: handed to Terry Transporter (Driver's license ending T123)",
    )
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `vehicle_release:${moveId}`)
      .execute()
    expect(audit.map((row) => row.action)).toContain('vehicle_release.completed')
    expect((await invoiceOfOrder(movedOrder)).storage_stop_event).toBe('transport')
  })

  it('is the Transport Manager screen’s: others are refused, other companies see nothing', async () => {
    const { t } = kitOf()
    for (const role of ['camera_driver', 'lot_manager', 'manager']) {
      const user = await t.createUser(role)
      expect((await t.request('GET', '/api/transport/moves', { cookie: user.cookie })).status, role).toBe(403)
    }
    const postRecovery = await t.createUser('post_recovery_manager')
    expect((await t.request('GET', '/api/transport/moves', { cookie: postRecovery.cookie })).status).toBe(200)
    const other = await t.createCompany('Other Moves Co')
    const stranger = await t.createUser('transport_manager', other)
    const seen = await t.request('GET', '/api/transport/moves', { cookie: stranger.cookie })
    expect(seen.json.moves).toEqual([])
  })

  it('lists a page of moves oldest first and reaches every one page by page (issue 42)', async () => {
    const { t } = kitOf()
    const transport = await t.createUser('transport_manager')
    const many = TRANSPORT_MOVES_PAGE_SIZE * 2 + 3
    const orders = await t.db
      .insertInto('orders')
      .values(
        Array.from({ length: many + 2 }, (_, index) => ({
          company_id: t.companyId,
          order_number: `PAGED-${index}`,
          status: 'Repossessed',
        })),
      )
      .returning('id')
      .execute()
    const vendor = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Paged Transport', type: 'transporter' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const release = (index: number) => ({
      company_id: t.companyId,
      case_key: `order:${orders[index].id}`,
      order_id: orders[index].id,
      kind: 'transport' as const,
      vendor_id: vendor.id,
    })
    await t.db
      .insertInto('vehicle_releases')
      .values([
        // Ties on the moment: the id orders them.
        ...Array.from({ length: many }, (_, index) => ({
          ...release(index),
          authorized_at: new Date(Date.UTC(2026, 2, 1 + Math.floor(index / 3))),
        })),
        // Neither releases nor moves already handed over are listed.
        { ...release(many), kind: 'release' as const, vendor_id: null },
        { ...release(many + 1), status: 'completed' as const, completed_at: new Date() },
      ])
      .execute()
    const live = await t.db
      .selectFrom('vehicle_releases')
      .select('id')
      .where('company_id', '=', t.companyId)
      .where('kind', '=', 'transport')
      .where('status', '=', 'authorized')
      .orderBy('authorized_at')
      .orderBy('id')
      .execute()
    expect(live.length).toBeGreaterThanOrEqual(many)

    const first = await t.request('GET', '/api/transport/moves', { cookie: transport.cookie })
    expect(first.status, JSON.stringify(first.json)).toBe(200)
    expect(first.json).toMatchObject({ page: 1, hasMore: true, total: live.length })
    expect(first.json.moves).toHaveLength(TRANSPORT_MOVES_PAGE_SIZE)
    const listed: { id: string }[] = [...first.json.moves]
    let page = first.json
    while (page.hasMore) {
      page = (await t.request('GET', `/api/transport/moves?page=${page.page + 1}`, { cookie: transport.cookie })).json
      listed.push(...page.moves)
    }
    expect(listed.map((move) => move.id)).toEqual(live.map((row) => row.id))
    expect((await t.request('GET', '/api/transport/moves?page=0', { cookie: transport.cookie })).status).toBe(400)

    // The page is cut in the order of the moves' partial index (migration 057), not by sorting them all.
    await sql`analyze vehicle_releases`.execute(t.db)
    const indexes = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const [row] = await transportMovesPage(trx, t.companyId, { limit: 51, offset: 50 }).explain('json')
      const json = row['QUERY PLAN']
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
      return nodesOf(plan[0].Plan).flatMap((node) => (node['Index Name'] ? [node['Index Name']] : []))
    })
    expect(indexes).toContain('vehicle_releases_transport_moves_idx')
  })
})
