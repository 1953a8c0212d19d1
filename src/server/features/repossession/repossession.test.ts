import { describe, expect, it } from 'vitest'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import { syncRdnCases } from '../cases/sync'
import { createImportRunner, paste } from '../import/import-fixtures'
import {
  correct,
  DAY,
  edit,
  manager,
  momentOf,
  near,
  openOrder,
  setUpRepossessionApp,
  t,
} from './repossession-test-kit'

setUpRepossessionApp()

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
