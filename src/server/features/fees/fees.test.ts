import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { agencyToday } from '../../../domain/formats/agency-time'
import { createTestApp, type TestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let clientId: string
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Ally Financial', client_code: 'ALLY' })
    .returning('id')
    .executeTakeFirstOrThrow()
  clientId = client.id
})
afterAll(() => t?.close())

const post = (path: string, body: unknown, cookie = manager.cookie) =>
  t.request('POST', `/api/fees${path}`, { cookie, body })
const get = (path: string, cookie = manager.cookie) => t.request('GET', `/api/fees${path}`, { cookie })

const rates = [
  { feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000, marketAmounts: { Mobile: 40_000 } },
  { feeType: 'Involuntary Repossession', orderType: 'Impound', basis: 'flat', amountCents: 25_000 },
  { feeType: 'Dolly Fee', basis: 'flat', amountCents: 7_500, needsApproval: true },
  { feeType: 'Close', basis: 'flat', amountCents: 5_000 },
  { feeType: 'STORAGE', basis: 'per_day', amountCents: 3_500, noPassOnStates: ['GA'] },
]

async function newCard(lienholderName?: string) {
  const made = await post('/rate-cards', { clientId, lienholderName })
  expect(made.status, JSON.stringify(made.json)).toBe(201)
  return made.json.rateCard.id as string
}

describe('Fee Schedules: the catalog and rate cards', () => {
  it('lists the fee catalog with categories, GL codes and aliases', async () => {
    const catalog = await get('/catalog')
    expect(catalog.status).toBe(200)
    expect(catalog.json.feeTypes).toContainEqual(
      expect.objectContaining({
        code: 'KEYS',
        name: 'Keys',
        category: 'Agent',
        aliases: expect.arrayContaining(['Keys Fee']),
      }),
    )
    expect(catalog.json.feeTypes).toHaveLength(19)
  })

  it('creates a card per client and lienholder, versions it by effective date, and closes the open one', async () => {
    const cardId = await newCard()
    expect((await post('/rate-cards', { clientId })).status).toBe(409)
    const first = await post(`/rate-cards/${cardId}/versions`, {
      effectiveFrom: '2026-01-01',
      storage: { freeDays: 2, dailyCents: 3_500, capCents: 60_000 },
      rows: rates,
    })
    expect(first.status, JSON.stringify(first.json)).toBe(201)
    const second = await post(`/rate-cards/${cardId}/versions`, {
      effectiveFrom: '2026-07-01',
      rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 37_500 }],
    })
    expect(second.status).toBe(201)
    const card = (await get(`/rate-cards/${cardId}`)).json.rateCard
    expect(card).toMatchObject({ client_name: 'Ally Financial', lienholder_name: null })
    expect(
      card.versions.map((v: { version: number; effectiveFrom: string; effectiveTo: string | null }) => [
        v.version,
        v.effectiveFrom,
        v.effectiveTo,
      ]),
    ).toEqual([
      [2, '2026-07-01', null],
      [1, '2026-01-01', '2026-06-30'],
    ])
    const v1 = card.versions[1]
    expect(v1.storage).toEqual({ freeDays: 2, dailyCents: 3_500, capCents: 60_000 })
    expect(v1.rows.find((row: { feeType: string; orderType: string | null }) => row.feeType === 'DOLLY')).toMatchObject(
      {
        amountCents: 7_500,
        needsApproval: true,
      },
    )
    expect(v1.rows[0].marketAmounts ?? {}).toBeTypeOf('object')
    // A version inside an earlier one is refused, naming the overlap.
    const overlapping = await post(`/rate-cards/${cardId}/versions`, {
      effectiveFrom: '2026-03-01',
      effectiveTo: '2026-03-31',
      rows: rates,
    })
    expect(overlapping.status).toBe(400)
    expect(overlapping.json.error).toMatchObject({ field: 'effectiveFrom' })
    expect(overlapping.json.error.message).toMatch(/overlap version 1 \(Jan 01, 2026 to Jun 30, 2026\)/)
    // A bounded version after the open one would leave a gap: refused, the open one left as it was.
    const bounded = await post(`/rate-cards/${cardId}/versions`, {
      effectiveFrom: '2027-01-01',
      effectiveTo: '2027-01-31',
      rows: rates,
    })
    expect(bounded.status).toBe(400)
    expect(bounded.json.error.message).toMatch(/overlap version 2 \(Jul 01, 2026 to open\)/)
    const audit = await t.db
      .selectFrom('audit_log')
      .select('action')
      .where('target', '=', `rate_card:${cardId}`)
      .orderBy('id')
      .execute()
    expect(audit.map((row) => row.action)).toEqual([
      'rate_card.created',
      'rate_card.version_added',
      'rate_card.version_added',
    ])
  })

  it.each([
    ['a negative amount', { rows: [{ feeType: 'Keys', basis: 'flat', amountCents: -5 }] }, 'rows.0.amountCents'],
    ['dollars, not cents', { rows: [{ feeType: 'Keys', basis: 'flat', amountCents: 50.25 }] }, 'rows.0.amountCents'],
    [
      'a min above the max',
      { rows: [{ feeType: 'Keys', basis: 'flat', amountCents: 500, minCents: 900, maxCents: 100 }] },
      'rows.0.minCents',
    ],
    ['an unknown fee type', { rows: [{ feeType: 'Bananas', basis: 'flat', amountCents: 5 }] }, 'rows.0.feeType'],
  ])('refuses %s with 400 naming the field', async (_, body, field) => {
    const cardId = (await get('/rate-cards')).json.rateCards[0].id
    const refused = await post(`/rate-cards/${cardId}/versions`, { effectiveFrom: '2030-01-01', ...body })
    expect(refused.status).toBe(400)
    expect(refused.json.error.field).toBe(field)
  })

  it("answers another company's card and client with 404, and only admin and manager", async () => {
    const other = await t.createCompany('Other Fees Co')
    const otherManager = await t.createUser('manager', other)
    const cardId = (await get('/rate-cards')).json.rateCards[0].id
    expect((await get(`/rate-cards/${cardId}`, otherManager.cookie)).status).toBe(404)
    expect(
      (await post(`/rate-cards/${cardId}/versions`, { effectiveFrom: '2031-01-01', rows: rates }, otherManager.cookie))
        .status,
    ).toBe(404)
    expect((await post('/rate-cards', { clientId }, otherManager.cookie)).status).toBe(404)
    expect((await get('/rate-cards', otherManager.cookie)).json.rateCards).toEqual([])
    const agent = await t.createUser('recovery_agent')
    expect((await get('/rate-cards', agent.cookie)).status).toBe(403)
    const admin = await t.createUser('admin')
    expect((await get('/rate-cards', admin.cookie)).status).toBe(200)
  })
})

describe('Price this case', () => {
  it('prices a repossessed order from the version in force on its repossession date, line by line', async () => {
    const order = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: 'PRICE-1',
        case_number: 'PRICE-1',
        client_id: clientId,
        status: 'Repossessed',
        recovery_date: '2026-05-10',
        detected_market: 'Mobile',
        recovery_state: 'GA',
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('order_sub_statuses')
      .values([
        { company_id: t.companyId, case_number: 'PRICE-1', sub_status_code: 'DOLLYS' },
        { company_id: t.companyId, case_number: 'PRICE-1', sub_status_code: 'CLOSE_FEE_DECLINED' },
      ])
      .execute()
    const price = (await get(`/price/orders/${order.id}`)).json.price
    expect(price).toMatchObject({
      card: { client_name: 'Ally Financial', lienholder_name: null },
      version: 1,
      day: '2026-05-10',
      reason: null,
      needsApproval: true,
    })
    const lines = price.lines.map((line: Record<string, unknown>) => [
      line.feeName,
      line.quantity,
      line.amountCents,
      line.needsApproval,
      line.debtorBillable,
    ])
    expect(lines[0]).toEqual(['Involuntary Repossession', 1, 40_000, false, true])
    expect(lines[1]).toEqual(['Dolly', 1, 7_500, true, true])
    // Storage from the repossession until now, two free days, capped at $600; not passed on in Georgia.
    expect(lines[2]).toEqual(['Storage', expect.any(Number), 60_000, false, false])
    expect(price.totalCents).toBe(107_500)
  })

  it('prices an order put in Repossessed without a date from the moment the move stamped (issue 41)', async () => {
    const order = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'PRICE-3', client_id: clientId, status: 'Repossessed' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const price = (await get(`/price/orders/${order.id}`)).json.price
    expect(price.warning).toBeNull()
    // The stamp's day is the agency's (Alabama's), not UTC's.
    expect(price.day).toBe(agencyToday())
  })

  it('says why when the client has no card, and 404s another company’s order', async () => {
    const order = await t.db
      .insertInto('orders')
      .values({ company_id: t.companyId, order_number: 'PRICE-2', status: 'Open' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const price = (await get(`/price/orders/${order.id}`)).json.price
    expect(price).toMatchObject({
      card: null,
      lines: [],
      totalCents: 0,
      reason: 'This case’s client has no rate card.',
    })
    const other = await t.createCompany('Other Price Co')
    const otherManager = await t.createUser('manager', other)
    expect((await get(`/price/orders/${order.id}`, otherManager.cookie)).status).toBe(404)
    expect((await get('/price/orders/not-a-uuid')).status).toBe(404)
  })

  it('prices an RDN case by its lender, repossession date and sub-statuses; 404 for a case id that is not one', async () => {
    await syncRdnCases(t.db, t.companyId, [
      {
        case_id: 9_100_001,
        status: 'Repossessed',
        lender_name: 'ALLY FINANCIAL',
        order_type: 'Repossession',
        repo_date: '2026-04-01',
        substatus: 'DOLLYS|CLOSE_FEE_DECLINED',
        recovery_state: 'AL',
      },
    ])
    const price = (await get('/price/cases/9100001')).json.price
    expect(price).toMatchObject({
      card: { client_name: 'Ally Financial' },
      version: 1,
      day: '2026-04-01',
      reason: null,
    })
    expect(
      price.lines.map((line: { feeName: string; amountCents: number }) => [line.feeName, line.amountCents]),
    ).toEqual([
      ['Involuntary Repossession', 35_000],
      ['Dolly', 7_500],
      ['Storage', 60_000],
    ])
    expect((await get('/price/cases/9100002')).status).toBe(404)
    expect((await get('/price/cases/abc')).status).toBe(404)
  })
})
