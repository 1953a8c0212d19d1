import { describe, expect, it } from 'vitest'
import { agencyToday } from '../../../domain/formats/agency-time'
import { csvRows, download } from '../exports/export-test-helpers'
import { agent, assignedOrder, editOrder, manager, setUpHoldsApp, t } from './holds-test-kit'

// Issue 44 item 5: a recovery while a hold was in place (expected never) counted per client and
// month on the management dashboard and listed with its times; holds that came after a recovery apart.

setUpHoldsApp()

/** A recovery mirrored from elsewhere (the sync, an import): not a person's move, so the row trigger lets it pass. */
const recoveredElsewhere = (orderId: string) =>
  t.db.updateTable('orders').set({ status: 'Repossessed' }).where('id', '=', orderId).execute()

type Listed = {
  caseNumber: string
  reason: string | null
  placedBy: string | null
  placedAt: string
  recoveredAt: string
}

describe('recoveries after a hold', () => {
  it('counts and lists recoveries that came while a hold was in place, and holds that came after a recovery', async () => {
    const recoveredWhileHeld = await assignedOrder()
    expect((await editOrder(recoveredWhileHeld, { status: 'On Hold', hold_reason: 'Bankruptcy filed' })).status).toBe(
      200,
    )
    await recoveredElsewhere(recoveredWhileHeld.id)

    const heldThenLifted = await assignedOrder()
    await editOrder(heldThenLifted, { status: 'On Hold', hold_reason: 'Payment promised' })
    await editOrder(heldThenLifted, { status: 'Open' })
    await recoveredElsewhere(heldThenLifted.id)

    const heldAfter = await assignedOrder()
    expect(
      (
        await t.request('POST', `/api/recovery/cases/orders/${heldAfter.id}/on-hook`, {
          cookie: agent.cookie,
          body: {},
        })
      ).status,
    ).toBe(201)
    const late = await editOrder(heldAfter, { status: 'On Hold', hold_reason: 'Lender recalled' })
    expect(late.json).toMatchObject({ hold_arrived_after_recovery: true })

    const today = agencyToday()
    const response = await t.request('GET', `/api/dashboards/management?today=${today}`, { cookie: manager.cookie })
    expect(response.status).toBe(200)
    const figure = (response.json as { recoveriesAfterHold: Record<string, unknown> }).recoveriesAfterHold as {
      thisMonth: number
      byClientMonth: Array<{ client: string; month: string; count: number }>
      exceptions: Listed[]
      arrivedAfterRecovery: Listed[]
    }
    expect(figure.thisMonth).toBe(1)
    expect(figure.byClientMonth).toEqual([{ client: 'Ally Financial', month: today.slice(0, 7), count: 1 }])
    expect(figure.exceptions).toEqual([
      expect.objectContaining({
        caseNumber: recoveredWhileHeld.case_number,
        reason: 'Bankruptcy filed',
        placedBy: 'Test manager',
        source: 'person',
      }),
    ])
    expect(new Date(figure.exceptions[0].placedAt).getTime()).toBeLessThan(
      new Date(figure.exceptions[0].recoveredAt).getTime(),
    )
    expect(figure.arrivedAfterRecovery).toEqual([
      expect.objectContaining({
        caseNumber: heldAfter.case_number,
        reason: 'Lender recalled',
        placedBy: 'Test manager',
      }),
    ])

    const file = await download(t, '/api/exports/management-recoveries-after-hold', manager.cookie)
    expect(file.status).toBe(200)
    const [header, ...rows] = csvRows(file.text)
    const column = (name: string) => rows.map((row) => row[header.indexOf(name)])
    expect(column('Kind')).toEqual(['Recovered after hold', 'Hold arrived after recovery'])
    expect(column('Case Number')).toEqual([recoveredWhileHeld.case_number, heldAfter.case_number])
    expect(column('Reason')).toEqual(['Bankruptcy filed', 'Lender recalled'])
  })

  it('is a management figure: another company sees none of it', async () => {
    const elsewhere = await t.createUser('manager', await t.createCompany('Elsewhere Recovery'))
    const response = await t.request('GET', `/api/dashboards/management?today=${agencyToday()}`, {
      cookie: elsewhere.cookie,
    })
    expect(response.json).toMatchObject({
      recoveriesAfterHold: { thisMonth: 0, byClientMonth: [], exceptions: [], arrivedAfterRecovery: [] },
    })
  })
})
