import { describe, expect, it } from 'vitest'
import { loadPayEvents } from './event-sources'
import { payToday } from './pay-day'
import { onceComputed, setUpPayrollKit } from './payroll-test-kit'

// Issue 18: every source of pay the product records, percent rules over the case's invoices, and
// pay held until the lender pays (released into the period in review when it does).

const kitOf = setUpPayrollKit()
const WEEK_1 = '2026-04-06'
const WEEK_2 = '2026-04-13'
const WEEK_3 = '2026-04-20'

type Line = {
  profileId: string
  kind: string
  key: string
  amountCents: number
  heldCents: number
  explanation: string
}
const linesOf = async (start: string) => (await kitOf().api('GET', `/periods/${start}/lines`)).json.lines as Line[]

describe('Payroll: pay events from what the product records', () => {
  it('pays a recovery entered on the order detail, a team partner, RDN recoveries, close fees, keys and field visits', async () => {
    const { api, t, agent, partner, order, recovery } = kitOf()
    for (const body of [
      { kind: 'recovery', role: 'recovery_agent', basis: 'flat', rate: 10_000, partnerShareBp: 5_000 },
      { kind: 'close_fee', role: 'recovery_agent', basis: 'flat', rate: 2_000 },
      { kind: 'key', role: 'locksmith', basis: 'flat', rate: 3_000 },
      { kind: 'field_visit', role: 'recovery_agent', basis: 'flat', rate: 500 },
      { kind: 'transport', role: 'recovery_agent', basis: 'per_mile', rate: 150 },
    ])
      expect((await api('POST', '/rules', { ...body, effectiveFrom: '2026-01-01' })).status).toBe(201)

    // An order moved to Repossessed with the agent on it records the agent's completion (today).
    const today = await order({ order_number: 'PAY-TODAY' })
    await t.db.updateTable('orders').set({ status: 'Repossessed' }).where('id', '=', today).execute()
    await t.db.updateTable('orders').set({ status: 'Open' }).where('id', '=', today).execute()
    await t.db.updateTable('orders').set({ status: 'Repossessed' }).where('id', '=', today).execute()
    const completions = await t.db
      .selectFrom('repo_completions')
      .select('agent_id')
      .where('order_id', '=', today)
      .execute()
    expect(completions).toEqual([{ agent_id: agent.profileId }])
    const overview = (await api('GET', '/overview')).json
    expect(overview.current <= payToday()).toBe(true)
    const current = await linesOf(overview.current)
    expect(current.find((line) => line.key === `recovery:order:${today}`)).toMatchObject({ amountCents: 10_000 })

    // A two-person team: the second agent's completion makes them the partner, paid half.
    const team = await recovery('2026-04-07')
    await recovery('2026-04-07', partner, team, 20)
    // An RDN case repossessed by an agent the company mapped.
    await t.db
      .insertInto('rdn_agent_mappings')
      .values({ company_id: t.companyId, rdn_agent_id: 'RDN-PAY', profile_id: agent.profileId })
      .execute()
    await t.db
      .insertInto('rdn_cases')
      .values({
        company_id: t.companyId,
        case_id: 990_001,
        case_number: 'RDN-990001',
        status: 'Repossessed',
        assigned_agent_id: 'RDN-PAY',
        time_marked_repossessed: '2026-04-08T15:00:00Z',
      })
      .execute()
    // An approved close fee, keys made by a locksmith, two Agent Updates on one case in a day.
    const closed = await order()
    await t.db
      .insertInto('fee_requests')
      .values({
        company_id: t.companyId,
        case_key: `order:${closed}`,
        order_id: closed,
        fee_type: 'CLOSE_FEE',
        amount_cents: 5_000,
        status: 'approved',
        source: 'manual',
        decided_at: '2026-04-09T16:00:00Z',
      })
      .execute()
    const locksmith = await t.createUser('locksmith')
    await t.db
      .insertInto('key_jobs')
      .values({
        company_id: t.companyId,
        order_id: closed,
        state: 'key_made',
        updated_by: locksmith.profileId,
        updated_at: '2026-04-09T16:00:00Z',
      })
      .execute()
    for (const at of ['2026-04-10T14:00:00Z', '2026-04-10T20:00:00Z'])
      await t.db
        .insertInto('case_timeline')
        .values({
          company_id: t.companyId,
          order_id: closed,
          kind: 'note',
          note_type: 'Agent Update',
          body: 'Drove by, no vehicle',
          actor_profile_id: agent.profileId,
          source: 'person',
          created_at: at,
        })
        .execute()
    const logged = await api('POST', '/entries', {
      kind: 'transport',
      profileId: agent.profileId,
      occurredOn: '2026-04-10',
      miles: 42,
      orderId: closed,
    })
    expect(logged.status, JSON.stringify(logged.json)).toBe(201)

    const lines = await linesOf(WEEK_1)
    const byKey = new Map(lines.map((line) => [line.key, line]))
    expect(byKey.get(`recovery:order:${team}`)).toMatchObject({ profileId: agent.profileId, amountCents: 5_000 })
    expect(byKey.get(`recovery:order:${team}:partner`)).toMatchObject({
      profileId: partner.profileId,
      amountCents: 5_000,
    })
    const rdn = lines.find((line) => line.key.startsWith('recovery:rdn:'))
    expect(rdn).toMatchObject({ profileId: agent.profileId, amountCents: 10_000 })
    expect(lines.filter((line) => line.kind === 'close_fee')).toEqual([expect.objectContaining({ amountCents: 2_000 })])
    expect(lines.filter((line) => line.kind === 'key')).toEqual([
      expect.objectContaining({ profileId: locksmith.profileId, amountCents: 3_000 }),
    ])
    expect(lines.filter((line) => line.kind === 'field_visit')).toEqual([expect.objectContaining({ amountCents: 500 })])
    expect(lines.find((line) => line.kind === 'transport')).toMatchObject({
      amountCents: 6_300,
      explanation: 'Transport: 42 mi × $1.50 (role rule)',
    })
    const rdnView = (await api('GET', `/periods/${WEEK_1}/lines`)).json.lines.find((line: Line) =>
      line.key.startsWith('recovery:rdn:'),
    )
    expect(rdnView.caseHref).toBe('/cases/990001')

    // One person's events are read for that person (issue 42): their own and those they share.
    const week = { from: WEEK_1, to: '2026-04-12' }
    const keysOf = async (people: string[]) =>
      (await loadPayEvents(t.db, t.companyId, week, [], people)).map((event) => event.key).sort()
    expect(await keysOf([partner.profileId])).toEqual([`recovery:order:${team}`])
    expect(await keysOf([locksmith.profileId])).toEqual([`key:${closed}`])
    const everyone = await keysOf([agent.profileId, partner.profileId, locksmith.profileId])
    expect(everyone).toEqual((await loadPayEvents(t.db, t.companyId, week, [])).map((event) => event.key).sort())
    // And My Pay shows each of them what the Payroll screen shows for them.
    for (const person of [agent, partner, locksmith]) {
      const mine = await t.request('GET', `/api/my-pay?period=${WEEK_1}`, { cookie: person.cookie })
      expect(mine.json.lines.map((line: Line) => [line.key, line.amountCents])).toEqual(
        lines.filter((line) => line.profileId === person.profileId).map((line) => [line.key, line.amountCents]),
      )
    }
  })

  it('pays a percent of the billed lines but storage, held until the lender pays, then released', async () => {
    const { api, t, order, recovery, driver } = kitOf()
    const created = await api('POST', '/rules', {
      kind: 'find',
      profileId: driver.profileId,
      basis: 'percent_billed',
      rate: 1_000,
      holdback: true,
      effectiveFrom: '2026-01-01',
    })
    expect(created.status, JSON.stringify(created.json)).toBe(201)
    const held = await order()
    await kitOf().find('2026-04-14', held)
    await recovery('2026-04-14', kitOf().agent, held)
    const invoiceId = await kitOf().invoice(held, 'sent', [
      ['INVOLUNTARY_REPO', 35_000],
      ['STORAGE', 10_000],
    ])
    const week2 = await linesOf(WEEK_2)
    const find = week2.find((line) => line.kind === 'find')
    expect(find).toMatchObject({ amountCents: 0, heldCents: 3_500 })
    expect(find?.explanation).toBe(
      'Camera find: 10 % of $350.00 billed (not STORAGE) (personal rule); held until the lender pays',
    )
    expect((await api('POST', `/periods/${WEEK_2}/approve`)).status).toBe(200)

    // The lender pays in week 3: the held pay is released there, once.
    await t.db.updateTable('invoices').set({ status: 'paid', paid_cents: 45_000 }).where('id', '=', invoiceId).execute()
    await t.db
      .insertInto('invoice_payments')
      .values({ company_id: t.companyId, invoice_id: invoiceId, received_on: '2026-04-21', amount_cents: 45_000 })
      .execute()
    const week3 = await linesOf(WEEK_3)
    const released = week3.filter((line) => line.key.startsWith('release:'))
    expect(released).toEqual([
      expect.objectContaining({ profileId: driver.profileId, amountCents: 3_500, heldCents: 0 }),
    ])
    expect(released[0].explanation).toMatch(/^Released: the lender paid on Apr 21, 2026/)
    expect((await api('POST', `/periods/${WEEK_3}/approve`)).status).toBe(200)
    // Week 2 cannot be reopened now: week 3 paid out what it held.
    const reopen = await api('POST', `/periods/${WEEK_2}/reopen`)
    expect(reopen.status).toBe(409)
    expect(reopen.json.error.message).toBe(
      'A later period already released pay this period held; correct it with an adjustment instead.',
    )
    expect((await api('POST', `/periods/${WEEK_2}/lock`)).status).toBe(200)
    expect((await linesOf('2026-04-27')).some((line) => line.key.startsWith('release:'))).toBe(false)
    expect((await api('POST', `/periods/${WEEK_3}/reopen`)).status).toBe(200)
  })

  it('changes the cadence only after the stored periods, and keeps removable entries removable', async () => {
    const { api, agent } = kitOf()
    const early = await api('PUT', '/settings', { cadence: 'biweekly', anchor: '2026-04-13' })
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe(
      'Periods up to Apr 20, 2026 are approved or locked; start the new cadence on Apr 20, 2026 or later.',
    )
    const later = await api('PUT', '/settings', { cadence: 'biweekly', anchor: '2026-04-20' })
    expect(later.status, JSON.stringify(later.json)).toBe(200)
    expect(later.json).toMatchObject({ cadence: 'biweekly', anchor: '2026-04-20', firstUnfrozenDay: '2026-04-20' })
    const period = (await api('GET', '/periods/2026-04-20')).json.period
    expect(period).toMatchObject({ start: '2026-04-20', end: '2026-05-03' })
    const entry = await api('POST', '/entries', {
      kind: 'adjustment',
      profileId: agent.profileId,
      occurredOn: '2026-04-22',
      amountCents: -2_500,
      note: 'Advance repaid',
    })
    expect(entry.status, JSON.stringify(entry.json)).toBe(201)
    const listed = (await api('GET', '/entries?period=2026-04-20')).json.entries
    expect(listed).toEqual([expect.objectContaining({ id: entry.json.entry.id, amountCents: -2_500, frozen: false })])
    expect((await api('DELETE', `/entries/${entry.json.entry.id}`)).status).toBe(200)
    expect((await api('GET', '/entries?period=2026-04-20')).json.entries).toEqual([])
  })

  it('records vendor costs against the case and counts them in the margin', async () => {
    const { api, t, order } = kitOf()
    const vendor = await t.db
      .insertInto('vendors')
      .values({ company_id: t.companyId, name: 'Pop-A-Lock', type: 'locksmith' })
      .returning('id')
      .executeTakeFirstOrThrow()
    const orderId = await order()
    const bad = await api('POST', '/vendor-costs', {
      vendorId: vendor.id,
      kind: 'keys',
      incurredOn: '2026-04-22',
      amountCents: 0,
    })
    expect(bad.status).toBe(400)
    const cost = await api('POST', '/vendor-costs', {
      vendorId: vendor.id,
      kind: 'keys',
      incurredOn: '2026-04-22',
      amountCents: 12_500,
      orderId,
    })
    expect(cost.status, JSON.stringify(cost.json)).toBe(201)
    const view = (await onceComputed(() => api('GET', '/accounting?period=2026-04-20'))).json
    expect(view.vendorCosts).toEqual([
      expect.objectContaining({ vendorName: 'Pop-A-Lock', amountCents: 12_500, caseHref: `/order/${orderId}` }),
    ])
    expect(view.totals.vendorCostsCents).toBe(12_500)
    expect(view.totals.collectedCents).toBe(45_000)
    expect((await api('DELETE', `/vendor-costs/${cost.json.id}`)).status).toBe(200)
  })
})
