import { describe, expect, it } from 'vitest'
import { disposalProblem, propertyStage } from './redemption'

// Issue 20: held property is disposed of only after its hold, against a notice sent in time.

describe('disposalProblem', () => {
  const notices = [{ id: 'n1', sentOn: '2026-08-05' }]
  it.each([
    ['2026-09-30', 'n1', { message: 'Property is held until Sep 30, 2026: it cannot be disposed of before.' }],
    ['2026-10-01', 'n2', { message: 'Choose a notice sent for this property.', field: 'noticeId' }],
    ['2026-10-01', 'n1', null],
  ])('on %s with notice %s: %o', (today, noticeId, problem) => {
    expect(disposalProblem({ today, holdUntil: '2026-09-30', notices, noticeId })).toEqual(problem)
  })
  it('refuses a notice sent after the hold ended', () => {
    expect(
      disposalProblem({
        today: '2026-10-10',
        holdUntil: '2026-09-30',
        notices: [{ id: 'late', sentOn: '2026-10-02' }],
        noticeId: 'late',
      }),
    ).toEqual({ message: 'The notice was sent after the hold ended: send a new one and wait.', field: 'noticeId' })
  })
})

describe('propertyStage', () => {
  const base = { heldItems: 2, holdUntil: '2026-09-30', noticeDue: '2026-08-11', today: '2026-09-01' }
  it.each([
    [{ ...base, heldItems: 0, lastNoticeOn: null }, 'closed'],
    [{ ...base, lastNoticeOn: null }, 'notice due'],
    [{ ...base, lastNoticeOn: '2026-08-05' }, 'held'],
    [{ ...base, today: '2026-10-01', lastNoticeOn: '2026-08-05' }, 'ready to dispose'],
    [{ ...base, today: '2026-10-01', lastNoticeOn: '2026-10-01' }, 'held'],
  ] as const)('%o is %s', (row, stage) => {
    expect(propertyStage(row)).toBe(stage)
  })
})
