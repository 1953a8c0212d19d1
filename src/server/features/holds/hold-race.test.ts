import { describe, expect, it } from 'vitest'
import { assignedOrder, HOLD_STORY, holdOrder, holdsOf, onHook, orderStatus, setUpHoldsApp, t } from './holds-test-kit'

setUpHoldsApp()

// Issue 44 item 4: a hold and an On-Hook arriving together resolve in one order inside the database,
// never both taking effect unflagged.

describe('a hold and an On-Hook arriving together (issue 44)', () => {
  it('50 rounds: either Repossessed with the hold flagged arrived-after-recovery, or On Hold with the On-Hook refused; never both unflagged', async () => {
    const outcomes = { holdFirst: 0, onHookFirstFlagged: 0, onHookFirstHoldStale: 0 }
    for (let round = 0; round < 50; round++) {
      const order = await assignedOrder()
      // Each fired first in turn (PGlite runs one transaction at a time: the order they reach it decides).
      const [hold, hook] =
        round % 2 === 0
          ? await Promise.all([holdOrder(order), onHook(order.id)])
          : await Promise.all([onHook(order.id), holdOrder(order)]).then(([a, b]) => [b, a] as const)
      const { status } = await orderStatus(order.id)
      const holds = await holdsOf('order_id', order.id)
      const acts = await t.db.selectFrom('recovery_acts').select('id').where('order_id', '=', order.id).execute()
      const label = `round ${round}: hold ${hold.status} ${JSON.stringify(hold.json)}, On-Hook ${hook.status}`
      if (status === 'On Hold') {
        // The hold committed first: the On-Hook was refused with the story, nothing recovered.
        expect([hook.status, hold.status], label).toEqual([409, 200])
        expect(hook.json.error.message, label).toMatch(HOLD_STORY)
        expect(acts, label).toEqual([])
        expect(
          holds.map((h) => h.arrived_after_recovery),
          label,
        ).toEqual([false])
        outcomes.holdFirst += 1
      } else {
        expect(status, label).toBe('Repossessed')
        expect(hook.status, label).toBe(201)
        expect(acts, label).toHaveLength(1)
        if (hold.status === 200) {
          // The On-Hook committed first: the hold is kept, flagged as arrived after the recovery.
          expect(hold.json.hold_arrived_after_recovery, label).toBe(true)
          expect(
            holds.map((h) => h.arrived_after_recovery),
            label,
          ).toEqual([true])
          outcomes.onHookFirstFlagged += 1
        } else {
          // The office's save was refused as changed meanwhile (it read the order before the On-Hook):
          // the hold did not take effect, and its sender was told.
          expect(hold.status, label).toBe(409)
          expect(holds, label).toEqual([])
          outcomes.onHookFirstHoldStale += 1
        }
      }
    }
    console.info('hold vs On-Hook outcomes', outcomes)
    expect(outcomes.holdFirst + outcomes.onHookFirstFlagged + outcomes.onHookFirstHoldStale).toBe(50)
  })
})
