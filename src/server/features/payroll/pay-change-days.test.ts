import { describe, expect, it, vi } from 'vitest'
import { PAY_CHANGED_ANY_DAY } from '../../realtime/payroll-changes'
import { setUpPayrollKit } from './payroll-test-kit'

// Migration 062 (issue 42): the changes most frequent at scale name the first day they can move
// pay (the UTC day before their earliest moment), so the periods before it stay kept; others name none.

const kitOf = setUpPayrollKit()

/** What the company's pay changes say while `change` runs, once the database has sent them. */
async function messagesOf(change: () => Promise<unknown>): Promise<string[]> {
  const { t } = kitOf()
  const messages: string[] = []
  const stop = t.deps.payrollChanges.subscribe(t.companyId, (data) => messages.push(data))
  try {
    await change()
    await vi.waitFor(() => expect(messages.length).toBeGreaterThan(0))
    // Anything else the statement sent arrives with it.
    await new Promise((resolve) => setTimeout(resolve, 50))
    return messages
  } finally {
    stop()
  }
}

describe('pay changes from a day (migration 062)', () => {
  it("names an Agent Update's day, a recovery's first completion and an RDN case's repossession moment", async () => {
    const { t, order, recovery, partner, agent } = kitOf()
    const orderId = await order()
    const visit = (at: string) =>
      t.db
        .insertInto('case_timeline')
        .values({
          company_id: t.companyId,
          order_id: orderId,
          kind: 'note',
          note_type: 'Agent Update',
          body: 'Drove by',
          actor_profile_id: agent.profileId,
          source: 'person',
          created_at: at,
        })
        .execute()
    expect(await messagesOf(() => visit('2026-05-13T15:00:00Z'))).toEqual(['2026-05-12'])

    // A team partner's completion days later moves the recovery of the first one's day.
    expect(await messagesOf(() => recovery('2026-05-04', agent, orderId))).toEqual(['2026-05-03'])
    expect(await messagesOf(() => recovery('2026-05-20', partner, orderId))).toEqual(['2026-05-03'])

    const insert = () =>
      t.db
        .insertInto('rdn_cases')
        .values({ company_id: t.companyId, case_id: 8_620_001, time_marked_repossessed: '2026-06-10T12:00:00Z' })
        .returning('id')
        .executeTakeFirstOrThrow()
    let rdnCase = { id: '' }
    expect(
      await messagesOf(async () => {
        rdnCase = await insert()
      }),
    ).toEqual(['2026-06-09'])
    const update = (values: { time_marked_repossessed?: string; order_type?: string }) =>
      t.db.updateTable('rdn_cases').set(values).where('id', '=', rdnCase.id).execute()
    // Marked repossessed earlier or later: from the earlier of the two.
    expect(await messagesOf(() => update({ time_marked_repossessed: '2026-06-20T12:00:00Z' }))).toEqual(['2026-06-09'])
    // Its order type prices every event of the case, whatever its day.
    expect(await messagesOf(() => update({ order_type: 'Involuntary' }))).toEqual([PAY_CHANGED_ANY_DAY])
    expect(await messagesOf(() => t.db.deleteFrom('rdn_cases').where('id', '=', rdnCase.id).execute())).toEqual([
      PAY_CHANGED_ANY_DAY,
    ])
  })

  it('names no day for changes that may move any period, such as a manual entry', async () => {
    const { api, agent } = kitOf()
    const entry = await messagesOf(async () => {
      const created = await api('POST', '/entries', {
        kind: 'adjustment',
        profileId: agent.profileId,
        occurredOn: '2026-05-14',
        amountCents: 1_000,
        reason: 'Fuel',
        note: 'Fuel for the tow truck',
      })
      expect(created.status, JSON.stringify(created.json)).toBe(201)
    })
    expect(entry).toContain(PAY_CHANGED_ANY_DAY)
  })
})
