import { describe, expect, it } from 'vitest'
import { paidDays } from './case-fees-repository'
import { setUpPayrollKit } from './payroll-test-kit'

// Issue 18: what goes wrong in a real agency: work re-marked after it was paid, a recovery set by
// mistake and undone, a second agent named later, rules ended into each other, impossible dates,
// and one person's pay read from My Pay and from the Payroll screen alike.

const kitOf = setUpPayrollKit()
const WEEK_1 = '2026-05-04'
const WEEK_2 = '2026-05-11'

type Line = { key: string; profileId: string; amountCents: number; kind: string; heldCents: number }
const linesOf = async (start: string) => (await kitOf().api('GET', `/periods/${start}/lines`)).json.lines as Line[]

describe('Payroll corrections', () => {
  it('refuses impossible dates, huge tiers and rules ended into one another', async () => {
    const { api, agent } = kitOf()
    const base = { kind: 'recovery', role: 'recovery_agent', basis: 'flat', rate: 10_000 }
    expect((await api('POST', '/rules', { ...base, effectiveFrom: '2026-02-31' })).status).toBe(400)
    expect((await api('POST', '/rules', { ...base, effectiveFrom: '0000-01-01' })).status).toBe(400)
    expect(
      (await api('POST', '/rules', { ...base, effectiveFrom: '2026-01-01', tierAfter: 3e9, tierRate: 1 })).status,
    ).toBe(400)
    const entry = {
      kind: 'adjustment',
      profileId: agent.profileId,
      occurredOn: '2026-04-31',
      amountCents: 100,
      note: 'x',
    }
    expect((await api('POST', '/entries', entry)).status).toBe(400)

    const first = await api('POST', '/rules', {
      ...base,
      partnerShareBp: 5_000,
      finderShareBp: 2_000,
      tierAfter: 1,
      tierRate: 20_000,
      effectiveFrom: '2026-01-01',
      effectiveTo: '2026-04-30',
    })
    expect(first.status, JSON.stringify(first.json)).toBe(201)
    const second = await api('POST', '/rules', {
      ...base,
      partnerShareBp: 5_000,
      finderShareBp: 2_000,
      tierAfter: 1,
      tierRate: 20_000,
      effectiveFrom: '2026-05-01',
    })
    expect(second.status, JSON.stringify(second.json)).toBe(201)
    const extended = await api('POST', `/rules/${first.json.rule.id}/end`, { effectiveTo: '2026-05-31' })
    expect(extended.status).toBe(409)
    expect(extended.json.error.message).toContain('in effect from May 01, 2026')
    // The end day makes the clash: the reason stands beside that field.
    expect(extended.json.error.field).toBe('effectiveTo')
    expect(
      (
        await api('POST', '/rules', {
          kind: 'key',
          role: 'locksmith',
          basis: 'flat',
          rate: 3_000,
          effectiveFrom: '2026-01-01',
        })
      ).status,
    ).toBe(201)
  })

  it('pays a named team partner, and one person the same on My Pay as on the Payroll screen', async () => {
    const { api, t, agent, partner, driver, recovery, find, order } = kitOf()
    await recovery('2026-05-05')
    const shared = await order()
    await find('2026-05-05', shared)
    await recovery('2026-05-06', agent, shared)
    const named = await api('POST', '/entries', {
      kind: 'team_partner',
      profileId: partner.profileId,
      occurredOn: '2026-05-06',
      orderId: shared,
    })
    expect(named.status, JSON.stringify(named.json)).toBe(201)
    const lines = await linesOf(WEEK_1)
    const byKey = new Map(lines.map((line) => [line.key, line]))
    // The second recovery of the week earns the tier rate ($200): 20 % to the finder, 50 % to the partner.
    expect(byKey.get(`recovery:order:${shared}:finder`)).toMatchObject({
      profileId: driver.profileId,
      amountCents: 4_000,
    })
    expect(byKey.get(`recovery:order:${shared}:partner`)).toMatchObject({
      profileId: partner.profileId,
      amountCents: 10_000,
    })
    expect(byKey.get(`recovery:order:${shared}`)).toMatchObject({ profileId: agent.profileId, amountCents: 6_000 })
    expect(lines.some((line) => line.kind === 'team_partner')).toBe(false)
    for (const person of [driver, partner]) {
      const mine = await t.request('GET', `/api/my-pay?period=${WEEK_1}`, { cookie: person.cookie })
      const screen = lines.filter((line) => line.profileId === person.profileId)
      // My Pay lists what earns pay; an event no rule pays (the driver's find) is only counted there (issue 41).
      const earning = screen.filter((line) => line.amountCents !== 0 || line.heldCents !== 0)
      expect(mine.json.lines.map((line: Line) => [line.key, line.amountCents])).toEqual(
        earning.map((line) => [line.key, line.amountCents]),
      )
      expect(mine.json.eventsWithoutPay).toBe(screen.length - earning.length)
    }
  })

  it('pays keys made once, whoever marks them again later', async () => {
    const { api, t, order } = kitOf()
    const locksmith = await t.createUser('locksmith')
    const other = await t.createUser('locksmith')
    const keyed = await order()
    await t.db
      .insertInto('key_jobs')
      .values({
        company_id: t.companyId,
        order_id: keyed,
        state: 'key_made',
        updated_by: locksmith.profileId,
        updated_at: '2026-05-07T15:00:00Z',
      })
      .execute()
    expect((await api('POST', `/periods/${WEEK_1}/approve`)).status).toBe(200)
    await t.db
      .updateTable('key_jobs')
      .set({ updated_by: other.profileId, updated_at: '2026-05-12T15:00:00Z' })
      .where('order_id', '=', keyed)
      .execute()
    expect((await linesOf(WEEK_2)).filter((line) => line.kind === 'key')).toEqual([])
    expect((await api('POST', `/periods/${WEEK_2}/approve`)).status).toBe(200)
    expect((await api('POST', `/periods/${WEEK_2}/reopen`)).status).toBe(200)
  })

  it('takes back a recovery set by mistake, unless a stored period already pays it', async () => {
    const { api, t, order, agent } = kitOf()
    const setStatus = (id: string, status: string) =>
      t.db.updateTable('orders').set({ status }).where('id', '=', id).execute()
    const completions = async (id: string) =>
      (await t.db.selectFrom('repo_completions').select('agent_id').where('order_id', '=', id).execute()).length
    const mistake = await order()
    await setStatus(mistake, 'Repossessed')
    expect(await completions(mistake)).toBe(1)
    await setStatus(mistake, 'Open')
    expect(await completions(mistake)).toBe(0)
    // Moving on after the recovery (to Completed) keeps it.
    await setStatus(mistake, 'Repossessed')
    await setStatus(mistake, 'Completed')
    expect(await completions(mistake)).toBe(1)
    // Paid by an approved period, a recovery stays recorded: a chargeback corrects it.
    const overview = (await api('GET', '/overview')).json
    const paid = await order()
    await setStatus(paid, 'Repossessed')
    expect((await api('POST', `/periods/${overview.current}/approve`)).status).toBe(200)
    await setStatus(paid, 'Open')
    expect(await completions(paid)).toBe(1)
    expect((await api('POST', `/periods/${overview.current}/reopen`)).status).toBe(200)
    expect(agent.profileId).toBeTruthy()
  })
  it('counts a case settled once its newest invoice is paid, or short-paid and written off', async () => {
    const { t, order } = kitOf()
    const invoice = async (orderId: string, status: string, paidCents: number, revisionOf: string | null = null) =>
      (
        await t.db
          .insertInto('invoices')
          .values({
            company_id: t.companyId,
            number: `INV-${Math.random().toString(36).slice(2, 10)}`,
            case_key: `order:${orderId}`,
            order_id: orderId,
            status: status as 'paid',
            case_label: 'case',
            billed_cents: 10_000,
            paid_cents: paidCents,
            revision: revisionOf ? 2 : 1,
            revision_of: revisionOf,
          })
          .returning('id')
          .executeTakeFirstOrThrow()
      ).id
    const pay = (invoiceId: string, day: string, cents: number) =>
      t.db
        .insertInto('invoice_payments')
        .values({ company_id: t.companyId, invoice_id: invoiceId, received_on: day, amount_cents: cents })
        .execute()
    const resubmitted = await order()
    const first = await invoice(resubmitted, 'written_off', 0)
    await pay(await invoice(resubmitted, 'paid', 10_000, first), '2026-05-20', 10_000)
    const shortPaid = await order()
    await pay(await invoice(shortPaid, 'written_off', 6_000), '2026-05-21', 6_000)
    const open = await order()
    await invoice(open, 'sent', 0)
    const days = await paidDays(t.db, t.companyId, [`order:${resubmitted}`, `order:${shortPaid}`, `order:${open}`])
    expect(Object.fromEntries(days)).toEqual({
      [`order:${resubmitted}`]: '2026-05-20',
      [`order:${shortPaid}`]: '2026-05-21',
    })
  })
})
