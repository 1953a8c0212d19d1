import { afterEach, describe, expect, it } from 'vitest'
import { realToday, setToday, setUpPayrollKit } from './payroll-test-kit'

// Issue 41: a period is locked only once it is over (approving early warns with the days left),
// and a locked period is marked paid (pay date, reference, audited); My Pay says 'Paid' only then,
// and lists only the lines that earn pay. Weeks run Monday to Sunday.

const kitOf = setUpPayrollKit()
const WEEK_A = '2026-03-02' // to Sunday 2026-03-08
const WEEK_B = '2026-03-09' // to Sunday 2026-03-15

afterEach(realToday)

describe('Payroll period states: locked once over, then paid', () => {
  it('refuses to lock a period before it ends, naming the day; approving early warns with the days left', async () => {
    const { api, recovery } = kitOf()
    const rule = { kind: 'recovery', role: 'recovery_agent', basis: 'flat', rate: 15_000, effectiveFrom: '2026-01-01' }
    expect((await api('POST', '/rules', rule)).status).toBe(201)
    await recovery('2026-03-03')
    setToday('2026-03-05') // a Thursday
    const view = await api('GET', `/periods/${WEEK_A}`)
    expect(view.json.period).toMatchObject({
      status: 'review',
      daysLeft: '3 days left in this period',
      lockRefusal: 'This period ends Mar 08, 2026; it can be locked from Mar 09, 2026.',
    })
    const approved = await api('POST', `/periods/${WEEK_A}/approve`)
    expect(approved.status, JSON.stringify(approved.json)).toBe(200)
    expect(approved.json.period).toMatchObject({ status: 'approved', daysLeft: '3 days left in this period' })

    const early = await api('POST', `/periods/${WEEK_A}/lock`)
    expect(early.status).toBe(409)
    expect(early.json.error.message).toBe('This period ends Mar 08, 2026; it can be locked from Mar 09, 2026.')
    setToday('2026-03-08') // its last day
    expect((await api('POST', `/periods/${WEEK_A}/lock`)).status).toBe(409)
    expect((await api('GET', `/periods/${WEEK_A}`)).json.period.daysLeft).toBe('Today is the last day of this period')

    setToday('2026-03-09', 6) // 1 AM in Alabama, the Monday after
    const locked = await api('POST', `/periods/${WEEK_A}/lock`)
    expect(locked.status, JSON.stringify(locked.json)).toBe(200)
    expect(locked.json.period).toMatchObject({ status: 'locked', daysLeft: null, lockRefusal: null, payment: null })
  })

  it('marks a locked period paid with a pay date and reference: checked, audited, once', async () => {
    const { api, t, agent, manager } = kitOf()
    setToday('2026-03-12')
    const markPaid = (body: unknown, start = WEEK_A) => api('POST', `/periods/${start}/paid`, body)

    const approvedOnly = await api('POST', `/periods/${WEEK_B}/approve`)
    expect(approvedOnly.status).toBe(200)
    const notLocked = await markPaid({ paidOn: '2026-03-12', reference: 'ACH-1' }, WEEK_B)
    expect(notLocked.status).toBe(409)
    expect(notLocked.json.error.message).toBe('Lock the period before marking it paid.')

    const noReference = await markPaid({ paidOn: '2026-03-10' })
    expect(noReference.status).toBe(400)
    expect(noReference.json.error.field).toBe('reference')
    const blank = await markPaid({ paidOn: '2026-03-10', reference: '   ' })
    expect(blank.json.error).toMatchObject({ field: 'reference' })
    const noDay = await markPaid({ paidOn: '10/03/2026', reference: 'ACH-1' })
    expect(noDay.json.error).toMatchObject({ code: 'bad_request', field: 'paidOn' })
    const future = await markPaid({ paidOn: '2026-03-13', reference: 'ACH-1' })
    expect(future.status).toBe(400)
    expect(future.json.error).toMatchObject({
      field: 'paidOn',
      message: 'paidOn: The pay date cannot be in the future.',
    })
    const beforeEnd = await markPaid({ paidOn: '2026-03-07', reference: 'ACH-1' })
    expect(beforeEnd.json.error).toMatchObject({
      field: 'paidOn',
      message: 'paidOn: The pay date cannot be before the period ends (Mar 08, 2026).',
    })
    const byAgent = await t.request('POST', `/api/payroll/periods/${WEEK_A}/paid`, {
      cookie: agent.cookie,
      body: { paidOn: '2026-03-10', reference: 'ACH-1' },
    })
    expect(byAgent.status).toBe(403)

    const paid = await markPaid({ paidOn: '2026-03-10', reference: ' ACH-1 ' })
    expect(paid.status, JSON.stringify(paid.json)).toBe(200)
    expect(paid.json.period).toMatchObject({
      status: 'paid',
      payment: { paidOn: '2026-03-10', reference: 'ACH-1', markedBy: 'Test manager' },
    })
    // The same mark again (a retried request) changes nothing; another one is refused.
    expect((await markPaid({ paidOn: '2026-03-10', reference: 'ACH-1' })).status).toBe(200)
    const other = await markPaid({ paidOn: '2026-03-11', reference: 'ACH-2' })
    expect(other.status).toBe(409)
    expect(other.json.error.message).toBe('This period was already marked paid on Mar 10, 2026 (reference ACH-1).')
    const audits = await t.db
      .selectFrom('audit_log')
      .select(['detail', 'actor_user_id'])
      .where('company_id', '=', t.companyId)
      .where('action', '=', 'payroll.period.paid')
      .execute()
    expect(audits).toHaveLength(1)
    expect(audits[0].actor_user_id).toBe(manager.userId)
    expect(audits[0].detail).toMatchObject({ paidOn: '2026-03-10', reference: 'ACH-1', end: '2026-03-08' })

    expect((await api('POST', `/periods/${WEEK_A}/reopen`)).status).toBe(409)
    expect((await api('POST', `/periods/${WEEK_A}/lock`)).status).toBe(409)
    const overview = (await api('GET', '/overview')).json
    expect(overview.periods.find((period: { start: string }) => period.start === WEEK_A).status).toBe('paid')
    // Still counted for 1099s: a paid period is a locked one.
    const yearly = (await api('GET', '/yearly?year=2026')).json
    expect(yearly.people.find((row: { profileId: string }) => row.profileId === agent.profileId)).toMatchObject({
      paidCents: 15_000,
    })
  })

  it("shows My Pay's states: In review, Approved, Locked, and Paid only once marked paid", async () => {
    const { api, t, agent, recovery } = kitOf()
    setToday('2026-03-24')
    await recovery('2026-03-17')
    expect((await api('POST', '/periods/2026-03-16/approve')).status).toBe(200)
    expect((await api('POST', '/periods/2026-03-16/lock')).status).toBe(200)
    const pay = await t.request('GET', '/api/my-pay', { cookie: agent.cookie })
    expect(pay.status, JSON.stringify(pay.json)).toBe(200)
    const byStart = new Map(
      (pay.json.periods as Array<{ start: string }>).map((period) => [period.start, period] as const),
    )
    expect(byStart.get('2026-03-23')).toMatchObject({ status: 'review', approvedCents: 0, paidCents: 0 })
    expect(byStart.get('2026-03-16')).toMatchObject({
      status: 'locked',
      approvedCents: 15_000,
      paidCents: 0,
      paidOn: null,
    })
    expect(byStart.get(WEEK_B)).toMatchObject({ status: 'approved', paidCents: 0 })
    expect(byStart.get(WEEK_A)).toMatchObject({ status: 'paid', paidCents: 15_000, paidOn: '2026-03-10' })
  })

  it('lists in My Pay only the lines that earn pay; the Payroll screen keeps why and counts the events', async () => {
    const { api, t, driver, order, find } = kitOf()
    setToday('2026-03-31')
    // No rule pays a camera find in this company: each is a $0.00 line saying so.
    await find('2026-03-31', await order())
    await find('2026-03-31', await order())
    const own = await t.request('GET', '/api/my-pay?period=2026-03-30', { cookie: driver.cookie })
    expect(own.status, JSON.stringify(own.json)).toBe(200)
    expect(own.json.lines).toEqual([])
    expect(own.json.eventsWithoutPay).toBe(2)

    const view = (await api('GET', '/periods/2026-03-30')).json
    const row = view.people.find((person: { profileId: string }) => person.profileId === driver.profileId)
    expect(row).toMatchObject({ events: 2, totalCents: 0, eventsWithoutRule: 2 })
    const lines = (await api('GET', `/periods/2026-03-30/lines?person=${driver.profileId}`)).json.lines
    expect(lines.map((line: { explanation: string }) => line.explanation)).toEqual([
      'No pay rule for camera find on Mar 31, 2026',
      'No pay rule for camera find on Mar 31, 2026',
    ])
  })
})
