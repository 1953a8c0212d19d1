import { sql } from 'kysely'
import { describe, expect, it, vi } from 'vitest'
import { onceComputed, setUpPayrollKit } from './payroll-test-kit'

// Issue 18: rules priced into a period, approved and locked, late work carried forward, and each
// person's own My Pay. Weeks run Monday to Sunday from the default anchor (2024-01-01).

const kitOf = setUpPayrollKit()
const WEEK_A = '2026-03-02'
const WEEK_B = '2026-03-09'
const WEEK_C = '2026-03-16'

const rule = (values: Record<string, unknown>) => ({
  kind: 'recovery',
  role: 'recovery_agent',
  basis: 'flat',
  rate: 15_000,
  effectiveFrom: '2026-01-01',
  ...values,
})

describe('Payroll: rules, periods, My Pay', () => {
  it('refuses bad rules with the reason', async () => {
    const { api } = kitOf()
    const negative = await api('POST', '/rules', rule({ rate: -5 }))
    expect(negative.status).toBe(400)
    expect(JSON.stringify(negative.json)).toContain('The rate cannot be negative.')
    const split = await api('POST', '/rules', rule({ finderShareBp: 6_000, partnerShareBp: 5_000 }))
    expect(split.status).toBe(400)
    expect(JSON.stringify(split.json)).toContain('A split cannot be over 100 %.')
    const both = await api('POST', '/rules', rule({ profileId: kitOf().agent.profileId }))
    expect(both.status).toBe(400)
  })

  it('prices recoveries with a finder split and a volume tier, and finds, per person', async () => {
    const { api, recovery, find, order, agent, driver } = kitOf()
    const created = await api('POST', '/rules', rule({ finderShareBp: 2_000, tierAfter: 2, tierRate: 20_000 }))
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    expect(created.json.rule).toMatchObject({
      kind: 'recovery',
      rate: 15_000,
      finderShareBp: 2_000,
      excludedFeeTypes: ['STORAGE'],
    })
    const overlap = await api('POST', '/rules', rule({ effectiveFrom: '2026-02-01', rate: 1 }))
    expect(overlap.status).toBe(409)
    expect(overlap.json.error.message).toContain(
      'Another rule for the same role and event is in effect from Jan 01, 2026',
    )
    expect((await api('POST', '/rules', rule({ kind: 'find', role: 'camera_driver', rate: 2_500 }))).status).toBe(201)

    const found = await order()
    await find('2026-03-02', found)
    await recovery('2026-03-03', agent, found)
    await recovery('2026-03-04')
    await recovery('2026-03-05')
    const view = await api('GET', `/periods/${WEEK_A}`)
    expect(view.status, JSON.stringify(view.json)).toBe(200)
    expect(view.json.period).toMatchObject({ start: WEEK_A, end: '2026-03-08', status: 'review' })
    const agentRow = view.json.people.find((row: { profileId: string }) => row.profileId === agent.profileId)
    const driverRow = view.json.people.find((row: { profileId: string }) => row.profileId === driver.profileId)
    // $150 less the finder's 20 %, then $150, then the tier rate of $200 for the third.
    expect(agentRow).toMatchObject({ events: 3, earnedCents: 12_000 + 15_000 + 20_000, totalCents: 47_000 })
    // The find ($25) and the finder's split ($30).
    expect(driverRow).toMatchObject({ events: 2, totalCents: 2_500 + 3_000 })
    expect(view.json).not.toHaveProperty('lines')
    const driverLines = (await api('GET', `/periods/${WEEK_A}/lines?person=${driver.profileId}`)).json.lines
    expect(driverLines.map((line: { kind: string }) => line.kind).sort()).toEqual(['find', 'recovery'])
    const lines = (await api('GET', `/periods/${WEEK_A}/lines`)).json.lines
    const split = lines.find((line: { key: string }) => line.key.endsWith(':finder'))
    expect(split).toMatchObject({ caseLabel: 'PAY-1', caseHref: `/order/${found}`, amountCents: 3_000 })
    expect(split.explanation).toBe("20 % split as finder of Test recovery_agent's $150.00 recovery")
    const tier = lines.find((line: { amountCents: number }) => line.amountCents === 20_000)
    expect(tier.explanation).toContain('tier rate after 2 this period (#3)')
  })

  it('approves and locks a period; a locked period never changes and late work lands in the next', async () => {
    const { api, recovery, agent, t } = kitOf()
    const before = (await api('GET', `/periods/${WEEK_A}`)).json
    expect((await api('POST', `/periods/${WEEK_A}/lock`)).status).toBe(409)
    const approved = await api('POST', `/periods/${WEEK_A}/approve`)
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(approved.json.period).toMatchObject({ status: 'approved', approvedBy: 'Test manager' })
    expect(approved.json.totals).toEqual(before.totals)
    const locked = await api('POST', `/periods/${WEEK_A}/lock`)
    expect(locked.json.period.status).toBe('locked')
    expect((await api('POST', `/periods/${WEEK_A}/reopen`)).status).toBe(409)
    const entry = await api('POST', '/entries', {
      kind: 'adjustment',
      profileId: agent.profileId,
      occurredOn: '2026-03-04',
      amountCents: 1_000,
      note: 'Fuel',
    })
    expect(entry.status).toBe(409)
    expect(entry.json.error.message).toBe(
      'The pay period of Mar 04, 2026 is locked; date the correction in the period from Mar 09, 2026 or later.',
    )
    // Not even a stray statement changes a locked line.
    await expect(
      sql`update pay_lines set amount_cents = 1 where company_id = ${t.companyId}`.execute(t.db),
    ).rejects.toThrow(/not edited/)

    // A rule change later does not reprice the locked week; a recovery recorded late for it is paid next week.
    const rules = (await api('GET', '/rules')).json.rules
    const agentRule = rules.find((candidate: { kind: string }) => candidate.kind === 'recovery')
    expect((await api('POST', `/rules/${agentRule.id}/end`, { effectiveTo: '2026-03-06' })).status).toBe(200)
    expect((await api('POST', '/rules', rule({ rate: 9_000, effectiveFrom: '2026-03-07' }))).status).toBe(201)
    await recovery('2026-03-06')
    await recovery('2026-03-10')
    expect((await api('GET', `/periods/${WEEK_A}`)).json.totals).toEqual(before.totals)
    const next = (await api('GET', `/periods/${WEEK_B}/lines`)).json
    const late = next.lines.find((line: { carriedFrom: string | null }) => line.carriedFrom === WEEK_A)
    expect(late).toMatchObject({ occurredOn: '2026-03-06', amountCents: 15_000 })
    const onTime = next.lines.find((line: { occurredOn: string }) => line.occurredOn === '2026-03-10')
    expect(onTime).toMatchObject({ amountCents: 9_000, carriedFrom: null })
  })

  it('keeps chargebacks on their case and exports the period for a payroll provider', async () => {
    const { api, agent, order, t } = kitOf()
    const noCase = await api('POST', '/entries', {
      kind: 'chargeback',
      profileId: agent.profileId,
      occurredOn: '2026-03-11',
      amountCents: 5_000,
      reason: 'Damage',
    })
    expect(noCase.status).toBe(400)
    const orderId = await order()
    const chargeback = await api('POST', '/entries', {
      kind: 'chargeback',
      profileId: agent.profileId,
      occurredOn: '2026-03-11',
      amountCents: 5_000,
      reason: 'Damage',
      orderId,
    })
    expect(chargeback.status, JSON.stringify(chargeback.json)).toBe(201)
    expect(chargeback.json.entry).toMatchObject({ amountCents: -5_000, caseHref: `/order/${orderId}`, frozen: false })
    const timeline = await t.db
      .selectFrom('case_timeline')
      .select('new_value')
      .where('order_id', '=', orderId)
      .where('field', '=', 'pay_entry')
      .execute()
    expect(timeline.map((row) => row.new_value)).toEqual(['Chargeback -$50.00 for Test recovery_agent: Damage'])
    const view = (await api('GET', `/periods/${WEEK_B}`)).json
    const row = view.people.find((person: { profileId: string }) => person.profileId === agent.profileId)
    expect(row).toMatchObject({ earnedCents: 24_000, chargedBackCents: 5_000, totalCents: 19_000 })

    const csv = await t.request('GET', `/api/payroll/periods/${WEEK_B}/export.csv`, { cookie: kitOf().manager.cookie })
    expect(csv.headers.get('content-type')).toContain('text/csv')
    expect(csv.headers.get('content-disposition')).toContain(`payroll-${WEEK_B}-to-2026-03-15.csv`)
    expect(String(csv.json)).toContain('Chargeback')
    expect(String(csv.json)).toContain('-50.00')
  })

  it('shows each person only their own pay', async () => {
    const { t, agent, driver, manager } = kitOf()
    const own = await t.request('GET', `/api/my-pay?period=${WEEK_A}`, { cookie: agent.cookie })
    expect(own.status, JSON.stringify(own.json)).toBe(200)
    expect(own.json.period).toMatchObject({ start: WEEK_A, status: 'locked' })
    expect(own.json.lines.every((line: { profileId: string }) => line.profileId === agent.profileId)).toBe(true)
    expect(own.json.lines).toHaveLength(3)
    const other = await t.request('GET', `/api/my-pay/${driver.profileId}`, { cookie: agent.cookie })
    expect(other.status).toBe(403)
    expect(other.json.error.message).toBe('You can see only your own pay.')
    expect((await t.request('GET', `/api/my-pay/${agent.profileId}`, { cookie: manager.cookie })).status).toBe(200)
    expect((await t.request('GET', '/api/payroll/overview', { cookie: agent.cookie })).status).toBe(403)
  })

  it('totals a year of locked periods for 1099s and reports accounting per client and market', async () => {
    const { api, agent } = kitOf()
    const yearly = (await api('GET', '/yearly?year=2026')).json
    expect(yearly.thresholdCents).toBe(200_000)
    expect(yearly.people.find((row: { profileId: string }) => row.profileId === agent.profileId)).toMatchObject({
      paidCents: 47_000,
      periods: 1,
      reportable: false,
    })
    const csv = await kitOf().t.request('GET', '/api/payroll/yearly.csv?year=2026', { cookie: kitOf().manager.cookie })
    expect(csv.headers.get('content-disposition')).toContain('pay-2026-1099.csv')
    expect(String(csv.json)).toContain(`2026,Test recovery_agent,${agent.profileId},Recovery Agent,470.00,1,No`)
    expect((await api('GET', '/yearly?year=1999')).status).toBe(400)
    const accounting = await onceComputed(() => api('GET', `/accounting?period=${WEEK_A}`))
    expect(accounting.status, JSON.stringify(accounting.json)).toBe(200)
    expect(accounting.json.rows).toEqual([
      expect.objectContaining({
        client: 'Westlake Financial',
        market: 'Mobile',
        paidToPeopleCents: 52_500,
        marginCents: -52_500,
      }),
    ])
    expect(accounting.json.chart).toHaveLength(12)
    expect((await api('GET', '/periods/2026-03-17')).status).toBe(404)
  })
  it('shows work recorded anywhere at once, though computed periods are kept (decision 019)', async () => {
    const { api, recovery, t, agent } = kitOf()
    const total = async () => (await api('GET', `/periods/${WEEK_C}`)).json.totals.totalCents as number
    const before = await total()
    expect(await total()).toBe(before)
    // A recovery written straight to the database, as another server instance would.
    await recovery('2026-03-17')
    await vi.waitFor(async () => expect(await total()).toBe(before + 9_000), { timeout: 2_000, interval: 20 })
    await t.db.updateTable('profiles').set({ role: 'camera_driver' }).where('id', '=', agent.profileId).execute()
    await vi.waitFor(async () => expect(await total()).toBe(before), { timeout: 2_000, interval: 20 })
    await t.db.updateTable('profiles').set({ role: 'recovery_agent' }).where('id', '=', agent.profileId).execute()
    // An order renamed: its lines carry the new label (what pay reads of an order notifies).
    const recovered = await recovery('2026-03-18')
    const label = async () =>
      (
        (await api('GET', `/periods/${WEEK_C}/lines`)).json.lines as Array<{ caseHref: string; caseLabel: string }>
      ).find((line) => line.caseHref === `/order/${recovered}`)?.caseLabel
    await vi.waitFor(async () => expect(await label()).toMatch(/^PAY-/), { timeout: 2_000, interval: 20 })
    await t.db.updateTable('orders').set({ order_number: 'RENAMED-1' }).where('id', '=', recovered).execute()
    await vi.waitFor(async () => expect(await label()).toBe('RENAMED-1'), { timeout: 2_000, interval: 20 })
  })
})
