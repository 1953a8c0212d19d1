import { describe, expect, it } from 'vitest'
import { dueOn } from './payment-terms'

describe('an invoice falls due its client’s terms after it was sent (issue 41)', () => {
  it.each([
    ['2026-11-26', 30, '2026-12-26'],
    ['2026-12-15', 30, '2027-01-14'],
    ['2028-02-15', 15, '2028-03-01'],
    ['2027-02-15', 15, '2027-03-02'],
    ['2026-11-26', 0, '2026-11-26'],
    [null, 30, null],
  ])('sent %s on %i days is due %s', (sent, terms, due) => {
    expect(dueOn(sent, terms)).toBe(due)
  })
})
