import { afterAll, beforeAll, expect, vi } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'

// What the payroll tests share: an app with a manager, two recovery agents and a camera car
// driver, a client, and a way to record recoveries and finds at a chosen moment.

type User = Awaited<ReturnType<TestApp['createUser']>>

async function setUpPayroll() {
  const t = await createTestApp()
  const manager = await t.createUser('manager')
  const agent = await t.createUser('recovery_agent')
  const partner = await t.createUser('recovery_agent')
  const driver = await t.createUser('camera_driver')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Westlake Financial', client_code: 'WEST' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const api = (method: string, path: string, body?: unknown, who: User = manager) =>
    t.request(method, `/api/payroll${path}`, { cookie: who.cookie, body })

  let orders = 0
  /** An order of the client with the agent on it. */
  async function order(values: Record<string, unknown> = {}) {
    orders += 1
    const row = await t.db
      .insertInto('orders')
      .values({
        company_id: t.companyId,
        order_number: `PAY-${orders}`,
        case_number: `PAY-${orders}`,
        client_id: client.id,
        status: 'Open',
        repo_type: 'Involuntary',
        detected_market: 'Mobile',
        assigned_agent_id: agent.profileId,
        ...values,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    return row.id
  }

  /** A recovery recorded on a day (at noon in Alabama unless said), by the agent unless said. */
  async function recovery(day: string, who: User = agent, orderId?: string, utcHour = 18) {
    const id = orderId ?? (await order())
    await t.db
      .insertInto('repo_completions')
      .values({
        company_id: t.companyId,
        order_id: id,
        agent_id: who.profileId,
        completed_at: `${day}T${utcHour}:00:00Z`,
      })
      .execute()
    return id
  }

  async function find(day: string, orderId: string, who: User = driver) {
    await t.db
      .insertInto('ccd_finds')
      .values({ company_id: t.companyId, order_id: orderId, driver_id: who.profileId, found_at: `${day}T17:00:00Z` })
      .execute()
  }

  /** An invoice of an order with its fee lines (STORAGE a storage line), paid `paidCents` on each line when given. */
  async function invoice(orderId: string, status: string, lines: Array<[string, number]>, paidCents = 0) {
    const billed = lines.reduce((sum, [, cents]) => sum + cents, 0)
    const row = await t.db
      .insertInto('invoices')
      .values({
        company_id: t.companyId,
        number: `INV-${orderId.slice(0, 8)}`,
        case_key: `order:${orderId}`,
        order_id: orderId,
        status: status as 'sent',
        case_label: 'case',
        billed_cents: billed,
        paid_cents: paidCents,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
    await t.db
      .insertInto('invoice_lines')
      .values(
        lines.map(([feeType, cents], position) => ({
          company_id: t.companyId,
          invoice_id: row.id,
          position,
          kind: feeType === 'STORAGE' ? ('storage' as const) : ('fee' as const),
          fee_type: feeType,
          quantity: 1,
          unit_cents: cents,
          billed_cents: cents,
          paid_cents: paidCents ? cents : 0,
        })),
      )
      .execute()
    return row.id
  }

  return { t, manager, agent, partner, driver, clientId: client.id, api, order, recovery, find, invoice }
}

export type PayrollKit = Awaited<ReturnType<typeof setUpPayroll>>

/** A test file's own app, set up before its tests and closed after. */
export function setUpPayrollKit() {
  let kit: PayrollKit | undefined
  beforeAll(async () => {
    kit = await setUpPayroll()
  })
  afterAll(() => kit?.t.close())
  return () => {
    if (!kit) throw new Error('The payroll kit is set up in beforeAll')
    return kit
  }
}

/**
 * Sets the agency's today for the periods (payToday reads the clock): only Date is faked, so the
 * database and the timers run as ever. `hourUtc` 18 is noon in Alabama. Undo with `realToday()`.
 */
export function setToday(day: string, hourUtc = 18) {
  vi.useFakeTimers({ toFake: ['Date'] })
  vi.setSystemTime(new Date(`${day}T${String(hourUtc).padStart(2, '0')}:00:00Z`))
}

export const realToday = () => vi.useRealTimers()

type Answer = { status: number; json: { payComputing?: boolean; chart?: { payComputing: boolean }[] } }

/**
 * Reads the Accounting view until its pay is computed for every period it shows: a read answers
 * with the periods kept and computes the others in the background (issue 42).
 */
export async function onceComputed<T extends Answer>(read: () => Promise<T>): Promise<T> {
  let answer = await read()
  await vi.waitFor(
    async () => {
      answer = await read()
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      expect(answer.json.payComputing || answer.json.chart?.some((period) => period.payComputing)).toBe(false)
    },
    { timeout: 20_000, interval: 50 },
  )
  return answer
}
