import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatRepossessedAt, momentOfInput } from '../../../domain/cases/repossession'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import type { TestApp } from '../../test/harness'
import { createTestApp } from '../../test/harness'
import { syncRdnCases } from '../cases/sync'
import { createImportRunner, paste } from '../import/import-fixtures'
import { loadPayEvents } from '../payroll/event-sources'

// Issue 41: the move to Repossessed stamps when (now, or the moment given) on every path; a
// correction needs a reason and lands on the timeline; storage accrues from the moment. A moment is
// a true instant, read (and its day taken) on the agency's clock, America/Chicago.

const MINUTE = 60_000
const DAY = 86_400_000

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
let clientId: string
let serial = 0

beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Ally Financial', lienholder_name: 'Ally Bank', client_code: 'ALLY' })
    .returning('id')
    .executeTakeFirstOrThrow()
  clientId = client.id
  // The rate card of the issue: $350 a recovery, storage $25 a day after 1 free day.
  const card = await t.request('POST', '/api/fees/rate-cards', { cookie: manager.cookie, body: { clientId } })
  const version = await t.request('POST', `/api/fees/rate-cards/${card.json.rateCard.id}/versions`, {
    cookie: manager.cookie,
    body: {
      effectiveFrom: '2020-01-01',
      storage: { freeDays: 1, dailyCents: 2_500, capCents: null },
      rows: [{ feeType: 'Involuntary Repossession', basis: 'flat', amountCents: 35_000, daysToInvoice: 30 }],
    },
  })
  expect(version.status, JSON.stringify(version.json)).toBe(201)
})
afterAll(() => t?.close())

async function openOrder() {
  serial += 1
  return t.db
    .insertInto('orders')
    .values({
      company_id: t.companyId,
      order_number: `RM-${serial}`,
      case_number: `RM-${serial}`,
      client_id: clientId,
      status: 'Open',
      priority: 'medium',
      recovery_state: 'AL',
    })
    .returning(['id', 'updated_at'])
    .executeTakeFirstOrThrow()
}

const momentOf = async (orderId: string) =>
  t.db
    .selectFrom('orders')
    .select(['repossessed_at', 'recovery_date', 'recovery_time'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow()

const edit = (order: { id: string; updated_at: Date }, changes: Record<string, unknown>, cookie = manager.cookie) =>
  t.request('PATCH', `/api/orders/${order.id}`, {
    cookie,
    body: { expectedUpdatedAt: order.updated_at.toISOString(), changes },
  })

const correct = (path: string, body: unknown, cookie = manager.cookie) =>
  t.request('PUT', `/api/repossession/cases/${path}`, { cookie, body })

const near = (moment: Date | null, expected: number) =>
  expect(Math.abs((moment?.getTime() ?? 0) - expected)).toBeLessThan(MINUTE)

describe('the move to Repossessed stamps the repossession moment', () => {
  it('on the order edit: now, or the moment the person gives, the old day and clock following it', async () => {
    const stamped = await openOrder()
    const before = Date.now()
    const saved = await edit(stamped, { status: 'Repossessed' })
    expect(saved.status, JSON.stringify(saved.json)).toBe(200)
    const now = await momentOf(stamped.id)
    near(now.repossessed_at, before)
    expect(now.recovery_date).toBe(agencyDayOf(now.repossessed_at as Date))
    const detail = await t.request('GET', `/api/orders/${stamped.id}`, { cookie: manager.cookie })
    expect(new Date(detail.json.order.repossessed_at).getTime()).toBe(now.repossessed_at?.getTime())

    const given = await openOrder()
    // 3:05 PM in Alabama (UTC-6 before the spring change) is 21:05Z.
    const answered = await edit(given, { status: 'Repossessed', repossessed_at: '2026-03-04T21:05:00Z' })
    expect(answered.status, JSON.stringify(answered.json)).toBe(200)
    expect(await momentOf(given.id)).toEqual({
      repossessed_at: new Date('2026-03-04T21:05:00Z'),
      recovery_date: '2026-03-04',
      recovery_time: '3:05 PM',
    })
  })

  it('refuses a moment in the future, not a real date, or without the move, naming the field', async () => {
    const order = await openOrder()
    for (const [changes, message] of [
      [{ status: 'Repossessed', repossessed_at: new Date(Date.now() + DAY).toISOString() }, 'future'],
      [{ status: 'Repossessed', repossessed_at: '2026-02-30T10:00:00Z' }, 'real date'],
      [{ repossessed_at: '2026-02-03T10:00:00Z' }, 'move to Repossessed'],
    ] as const) {
      const refused = await edit(order, changes)
      expect(refused.status).toBe(400)
      expect(refused.json.error.field).toBe('changes.repossessed_at')
      expect(refused.json.error.message).toContain(message)
    }
    expect((await momentOf(order.id)).repossessed_at).toBeNull()
  })

  it('on an import, an RDN sync and any other writer', async () => {
    const admin = await t.createUser('admin')
    const runImport = createImportRunner(t, admin)
    const before = Date.now()
    const imported = await runImport(paste({ case: 'RM-IMP-1', status: 'Repossessed' }))
    expect(imported.done, JSON.stringify(imported.events)).toMatchObject({ type: 'done', imported: 1 })
    const importedOrder = await t.db
      .selectFrom('orders')
      .select(['repossessed_at', 'recovery_date'])
      .where('case_number', '=', 'RM-IMP-1')
      .executeTakeFirstOrThrow()
    near(importedOrder.repossessed_at, before)

    await syncRdnCases(t.db, t.companyId, [
      { case_id: 8_100_001, status: 'Repossessed', lender_name: 'Ally Financial' },
      { case_id: 8_100_002, status: 'Repossessed', lender_name: 'Ally Financial', repo_date: '2026-05-06' },
      { case_id: 8_100_003, status: 'Open', lender_name: 'Ally Financial' },
    ])
    const cases = await t.db
      .selectFrom('rdn_cases')
      .select(['case_id', 'time_marked_repossessed', 'repo_date'])
      .where('case_id', 'in', [8_100_001, 8_100_002, 8_100_003])
      .orderBy('case_id')
      .execute()
    near(cases[0].time_marked_repossessed, before)
    expect(cases[0].repo_date).toBe(agencyDayOf(cases[0].time_marked_repossessed as Date))
    // A repo day alone is its midnight in Alabama (UTC-5 in summer).
    expect(cases[1]).toMatchObject({
      time_marked_repossessed: new Date('2026-05-06T05:00:00Z'),
      repo_date: '2026-05-06',
    })
    expect(cases[2]).toMatchObject({ time_marked_repossessed: null, repo_date: null })
    // The sync moving the open case on later stamps it then.
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 8_100_003, status: 'Repossessed', lender_name: 'Ally Financial' },
    ])
    const moved = await t.db
      .selectFrom('rdn_cases')
      .select('time_marked_repossessed')
      .where('case_id', '=', 8_100_003)
      .executeTakeFirstOrThrow()
    near(moved.time_marked_repossessed, before)

    // Any other writer (a dashboard, a script): the database stamps it all the same.
    const other = await openOrder()
    await t.db.updateTable('orders').set({ status: 'Repossessed' }).where('id', '=', other.id).execute()
    near((await momentOf(other.id)).repossessed_at, before)
  })
})

describe('correcting the repossession moment', () => {
  it('needs a reason and a real past moment, and lands on the timeline and the audit log', async () => {
    const order = await openOrder()
    await edit(order, { status: 'Repossessed' })
    const stamped = (await momentOf(order.id)).repossessed_at as Date
    for (const [body, field] of [
      [{ repossessedAt: '2026-03-01T09:30:00Z', reason: '   ' }, 'reason'],
      [{ repossessedAt: '2026-03-01T09:30:00Z' }, 'reason'],
      [{ repossessedAt: new Date(Date.now() + DAY).toISOString(), reason: 'Late entry' }, 'repossessedAt'],
      [{ repossessedAt: '2026-13-01T09:30:00Z', reason: 'Late entry' }, 'repossessedAt'],
    ] as const) {
      const refused = await correct(`orders/${order.id}`, body)
      expect(refused.status, JSON.stringify(body)).toBe(400)
      expect(refused.json.error.field).toBe(field)
    }
    const agent = await t.createUser('recovery_agent')
    expect(
      (await correct(`orders/${order.id}`, { repossessedAt: '2026-03-01T09:30:00Z', reason: 'x' }, agent.cookie))
        .status,
    ).toBe(403)
    const outsider = await t.createUser('manager', await t.createCompany('Other Agency'))
    const elsewhere = await correct(
      `orders/${order.id}`,
      { repossessedAt: '2026-03-01T09:30:00Z', reason: 'x' },
      outsider.cookie,
    )
    expect(elsewhere.status).toBe(404)
    const open = await openOrder()
    expect((await correct(`orders/${open.id}`, { repossessedAt: '2026-03-01T09:30:00Z', reason: 'x' })).status).toBe(
      409,
    )

    const corrected = await correct(`orders/${order.id}`, {
      repossessedAt: '2026-03-01T09:30:00Z',
      reason: 'Agent entered it the next morning',
    })
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200)
    expect(await momentOf(order.id)).toEqual({
      repossessed_at: new Date('2026-03-01T09:30:00Z'),
      recovery_date: '2026-03-01',
      recovery_time: '3:30 AM',
    })
    const timeline = await t.request('GET', `/api/timeline/orders/${order.id}`, { cookie: manager.cookie })
    const texts = JSON.stringify(timeline.json.entries)
    expect(texts).toContain('Mar 01, 2026 3:30 AM')
    expect(texts).toContain('Agent entered it the next morning')
    const event = await t.db
      .selectFrom('case_timeline')
      .select(['new_value', 'actor_profile_id', 'source'])
      .where('order_id', '=', order.id)
      .where('field', '=', 'repossession')
      .executeTakeFirstOrThrow()
    expect(event).toMatchObject({ actor_profile_id: manager.profileId, source: 'person' })
    const audit = await t.db
      .selectFrom('audit_log')
      .select(['action', 'detail'])
      .where('target', '=', `order:${order.id}`)
      .where('action', '=', 'case.repossession_corrected')
      .executeTakeFirstOrThrow()
    expect(audit.detail).toMatchObject({
      from: stamped.toISOString(),
      to: '2026-03-01T09:30:00.000Z',
      reason: 'Agent entered it the next morning',
    })
    // A second move (to Pending Close, not back to before recovery) keeps the moment.
    const current = await t.db
      .selectFrom('orders')
      .select(['id', 'updated_at'])
      .where('id', '=', order.id)
      .executeTakeFirstOrThrow()
    expect((await edit(current, { status: 'Pending Close' })).status).toBe(200)
    expect((await momentOf(order.id)).repossessed_at).toEqual(new Date('2026-03-01T09:30:00Z'))
  })

  it('corrects an RDN case the same way', async () => {
    await syncRdnCases(t.db, t.companyId, [
      { case_id: 8_100_010, status: 'Repossessed', lender_name: 'Ally Financial' },
    ])
    const corrected = await correct('rdn/8100010', {
      repossessedAt: '2026-04-02T22:15:00Z',
      reason: 'Per the tow sheet',
    })
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200)
    const row = await t.db
      .selectFrom('rdn_cases')
      .select(['id', 'time_marked_repossessed', 'repo_date'])
      .where('case_id', '=', 8_100_010)
      .executeTakeFirstOrThrow()
    expect(row).toMatchObject({ time_marked_repossessed: new Date('2026-04-02T22:15:00Z'), repo_date: '2026-04-02' })
    const event = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('rdn_case_id', '=', row.id)
      .where('field', '=', 'repossession')
      .executeTakeFirstOrThrow()
    expect(event.new_value).toContain('Apr 02, 2026 5:15 PM')
    expect(event.new_value).toContain('Per the tow sheet')
    expect((await correct('rdn/99999999', { repossessedAt: '2026-04-02T22:15:00Z', reason: 'x' })).status).toBe(404)
  })
})

describe('storage accrues from the repossession moment', () => {
  it('on Price this case, the draft invoice, its document and the redemption quote ($25/day after 1 free day)', async () => {
    const order = await openOrder()
    // Four days ago, two minutes short: four started days, three billed.
    const moment = new Date(Date.now() - 4 * DAY + 2 * MINUTE)
    moment.setUTCSeconds(0, 0)
    const moved = await edit(order, { status: 'Repossessed', repossessed_at: moment.toISOString() })
    expect(moved.status, JSON.stringify(moved.json)).toBe(200)

    const price = await t.request('GET', `/api/fees/price/orders/${order.id}`, { cookie: manager.cookie })
    expect(price.status, JSON.stringify(price.json)).toBe(200)
    const priceLines = price.json.price.lines.map((line: Record<string, unknown>) => [
      line.feeType,
      line.quantity,
      line.amountCents,
    ])
    expect(priceLines).toContainEqual(['STORAGE', 3, 7_500])
    expect(price.json.price.warning).toBeNull()

    const invoices = await t.request('GET', `/api/invoices/cases/orders/${order.id}`, { cookie: manager.cookie })
    expect(invoices.status, JSON.stringify(invoices.json)).toBe(200)
    const detail = (await t.request('GET', `/api/invoices/${invoices.json.invoices[0].id}`, { cookie: manager.cookie }))
      .json.invoice
    expect(
      detail.lines.map((line: Record<string, unknown>) => [line.fee_name, line.quantity, line.billed_cents]),
    ).toEqual([
      ['Involuntary Repossession', 1, 35_000],
      ['Storage', 3, 7_500],
    ])
    expect(new Date(detail.repossessed_at).getTime()).toBe(moment.getTime())
    expect(new Date(detail.storage_started_at).getTime()).toBe(moment.getTime())
    const pdf = await t.request('GET', `/api/invoices/${detail.id}/pdf`, { cookie: manager.cookie })
    expect(pdf.status).toBe(200)

    const quote = await t.request('GET', `/api/redemptions/cases/orders/${order.id}/quote`, { cookie: manager.cookie })
    expect(quote.status, JSON.stringify(quote.json)).toBe(200)
    expect(quote.json.storage).toEqual({ days: 4, billableDays: 3, amountCents: 7_500 })

    // Corrected a day earlier: the quote and the price count from the corrected moment.
    const earlier = new Date(moment.getTime() - DAY)
    const corrected = await correct(`orders/${order.id}`, { repossessedAt: earlier.toISOString(), reason: 'Tow log' })
    expect(corrected.status, JSON.stringify(corrected.json)).toBe(200)
    const requoted = await t.request('GET', `/api/redemptions/cases/orders/${order.id}/quote`, {
      cookie: manager.cookie,
    })
    expect(requoted.json.storage).toEqual({ days: 5, billableDays: 4, amountCents: 10_000 })
    const redrafted = (await t.request('GET', `/api/invoices/${detail.id}`, { cookie: manager.cookie })).json.invoice
    expect(new Date(redrafted.repossessed_at).getTime()).toBe(earlier.getTime())
    expect(
      redrafted.lines.map((line: Record<string, unknown>) => [line.fee_name, line.quantity, line.billed_cents]),
    ).toEqual([
      ['Involuntary Repossession', 1, 35_000],
      ['Storage', 4, 10_000],
    ])
    const repriced = await t.request('GET', `/api/fees/price/orders/${order.id}`, { cookie: manager.cookie })
    expect(
      repriced.json.price.lines.map((line: Record<string, unknown>) => [line.feeType, line.quantity, line.amountCents]),
    ).toContainEqual(['STORAGE', 4, 10_000])
  })
})

describe("the moment is read on the agency's clock, one day everywhere", () => {
  it('an order stamped at 11:06 PM in Alabama (05:06Z the next day) is Nov 26 on its screen, its recovery date and its pay line', async () => {
    const agent = await t.createUser('recovery_agent')
    const order = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: 'RM-LATE',
        case_number: 'RM-LATE',
        client_id: clientId,
        status: 'Open',
        priority: 'medium',
        assigned_agent_id: agent.profileId,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    // What a person types in the datetime-local field, on the agency's clock.
    const moment = momentOfInput('2026-11-26T23:06')
    expect(moment).toBe('2026-11-27T05:06:00.000Z')
    await t.db
      .updateTable('orders')
      .set({ status: 'Repossessed', repossessed_at: moment })
      .where('id', '=', order.id)
      .execute()

    expect(await momentOf(order.id)).toEqual({
      repossessed_at: new Date('2026-11-27T05:06:00Z'),
      recovery_date: '2026-11-26',
      recovery_time: '11:06 PM',
    })
    const detail = await t.request('GET', `/api/orders/${order.id}`, { cookie: manager.cookie })
    expect(detail.status).toBe(200)
    expect(formatRepossessedAt(detail.json.order.repossessed_at)).toBe('Nov 26, 2026 11:06 PM')
    expect(detail.json.order.recovery_date).toBe('2026-11-26')

    const events = await loadPayEvents(t.db, t.companyId, { from: '2026-11-20', to: '2026-11-30' })
    const pay = events.find((event) => event.key === `recovery:order:${order.id}`)
    expect(pay).toMatchObject({ kind: 'recovery', profileId: agent.profileId, occurredOn: '2026-11-26' })
  })

  it('an RDN case marked repossessed then too: its repo date is the same day', async () => {
    await syncRdnCases(t.db, t.companyId, [
      {
        case_id: 8_100_020,
        status: 'Repossessed',
        lender_name: 'Ally Financial',
        time_marked_repossessed: '2026-11-27T05:06:00Z',
      },
    ])
    const row = await t.db
      .selectFrom('rdn_cases')
      .select(['time_marked_repossessed', 'repo_date'])
      .where('case_id', '=', 8_100_020)
      .executeTakeFirstOrThrow()
    expect(row).toEqual({ time_marked_repossessed: new Date('2026-11-27T05:06:00Z'), repo_date: '2026-11-26' })
    expect(formatRepossessedAt(row.time_marked_repossessed)).toBe('Nov 26, 2026 11:06 PM')
  })
})
