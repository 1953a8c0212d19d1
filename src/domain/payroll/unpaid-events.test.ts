import { describe, expect, it } from 'vitest'
import type { PayEventKind } from './pay-kinds'
import { earnsPay, myPayLines, noRuleApplied } from './unpaid-events'

// Issue 41: My Pay lists what earns pay; an event no rule prices is only counted there.

const line = (
  eventKey: string,
  values: Partial<{ kind: PayEventKind; ruleId: string | null; amountCents: number; heldCents: number }> = {},
) => ({ eventKey, kind: 'recovery' as PayEventKind, ruleId: 'rule-1', amountCents: 15_000, heldCents: 0, ...values })

describe('lines that earn pay, and events no rule pays', () => {
  it.each([
    ['a paid recovery', line('a'), true, false],
    ['pay held until the lender pays', line('a', { amountCents: 0, heldCents: 9_000 }), true, false],
    [
      'a chargeback takes money back',
      line('a', { kind: 'chargeback', ruleId: null, amountCents: -5_000 }),
      true,
      false,
    ],
    ['a close fee no rule covers', line('a', { kind: 'close_fee', ruleId: null, amountCents: 0 }), false, true],
    ['a rule that earns nothing', line('a', { amountCents: 0 }), false, false],
    ['an adjustment of nothing', line('a', { kind: 'adjustment', ruleId: null, amountCents: 0 }), false, false],
  ])('%s: earns pay %s, no rule %s', (_, candidate, earns, noRule) => {
    expect(earnsPay(candidate)).toBe(earns)
    expect(noRuleApplied(candidate)).toBe(noRule)
  })

  it('keeps the lines that earn pay and counts the other events once each', () => {
    const closeFees = Array.from({ length: 11 }, (_, index) =>
      line(`close:${index}`, { kind: 'close_fee', ruleId: null, amountCents: 0 }),
    )
    const recovery = line('recovery:1')
    // A split recovery where this person's own share is $0.00 still earns through the event.
    const split = [line('recovery:2', { amountCents: 0 }), line('recovery:2', { amountCents: 3_000 })]
    const result = myPayLines([...closeFees, recovery, ...split])
    expect(result.lines).toEqual([recovery, split[1]])
    expect(result.eventsWithoutPay).toBe(11)
    expect(myPayLines([])).toEqual({ lines: [], eventsWithoutPay: 0 })
  })
})
