import { describe, expect, it } from 'vitest'
import { formatRepossessedAt, momentOfInput } from '../../../domain/cases/repossession'
import { syncRdnCases } from '../cases/sync'
import { draftQueuedInvoices } from '../invoices/drafting'
import { loadPayEvents } from '../payroll/event-sources'
import {
  clientId,
  correct,
  DAY,
  edit,
  MINUTE,
  manager,
  momentOf,
  openOrder,
  setUpRepossessionApp,
  t,
} from './repossession-test-kit'

setUpRepossessionApp()

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

    // The draft, once the background drafting ran.
    await draftQueuedInvoices(t.db, t.companyId)
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

    const events = await loadPayEvents(t.db, t.companyId, { from: '2026-11-20', to: '2026-11-30' }, [])
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
