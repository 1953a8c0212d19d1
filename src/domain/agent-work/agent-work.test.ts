import { describe, expect, it } from 'vitest'
import { averageDaysToRecovery, daysToRecovery, type RecoveryDays } from './days-to-recovery'
import { isOpenWork, OPEN_WORK_MEANING, OPEN_WORK_STATUSES } from './open-work'

describe('open work (issue 41: one meaning of open)', () => {
  it.each([
    ['Open', true],
    ['Need Info', true],
    ['On Hold', true],
    ['Pending On Hold', true],
    ['Repossessed', false],
    ['Pending Close', false],
    ['Closed', false],
    ['Completed', false],
    ['Charged Off', false],
    ['Auction', false],
    ['', false],
    [null, false],
  ])('%s is open work: %s', (status, open) => {
    expect(isOpenWork(status)).toBe(open)
  })

  it('says what it counts', () => {
    expect(OPEN_WORK_STATUSES).toHaveLength(4)
    expect(OPEN_WORK_MEANING).toBe('Open, Need Info, On Hold or Pending On Hold')
  })
})

describe('days to recovery (issue 41)', () => {
  const days = (over: Partial<RecoveryDays>): RecoveryDays => ({
    assignedOn: '2026-03-02',
    orderedOn: '2026-02-20',
    recoveredOn: '2026-03-09',
    ...over,
  })
  it.each([
    ['from the assignment', days({}), 7],
    ['the same day is 0', days({ recoveredOn: '2026-03-02' }), 0],
    ['never assigned: from the order date', days({ assignedOn: null }), 17],
    ['a stamp later than the recovery (backfilled): from the order date', days({ assignedOn: '2026-05-01' }), 17],
    ['not recovered: not timed', days({ recoveredOn: null }), null],
    ['nothing before the recovery: not timed', days({ assignedOn: null, orderedOn: '2026-04-01' }), null],
    ['across a month end', days({ assignedOn: '2026-01-30', recoveredOn: '2026-03-01' }), 30],
  ])('%s', (_name, input, expected) => {
    expect(daysToRecovery(input)).toBe(expected)
  })

  it.each([
    ['nothing timed', 0, 0, null],
    ['all the same day', 0, 85, 0],
    ['85 recoveries over 10 days each', 850, 85, 10],
    ['a mean under half a day is still 1, not 0', 3, 85, 1],
    ['rounded to whole days', 25, 10, 3],
  ])('average: %s', (_name, total, timed, expected) => {
    expect(averageDaysToRecovery(total, timed)).toBe(expected)
  })
})
