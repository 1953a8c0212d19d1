import { describe, expect, it, vi } from 'vitest'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import { createLogger } from '../../lib/logger'
import type { TopicHub } from '../../realtime/hub'
import { createPeriodCache } from './period-cache'

const logger = createLogger('silent', false)

// Decision 019: a computed period is kept until a change to the company's pay sources arrives.

function fakeHub() {
  const subscribers = new Map<string, Array<(data: string) => void>>()
  const hub: TopicHub = {
    subscribe: (key, subscriber) => {
      subscribers.set(key, [...(subscribers.get(key) ?? []), subscriber])
      return () => {}
    },
    close: async () => {},
  }
  const send = (key: string, data = 'changed') => {
    for (const subscriber of subscribers.get(key) ?? []) subscriber(data)
  }
  return { hub, send }
}

const lines = (n: number) => [{ key: `line-${n}` }] as unknown as PeriodLine[]
/** The week starting on a Monday of March 2026 ('2026-03-02', ...). */
const week = (start: string) => ({ start, end: `2026-03-${String(Number(start.slice(8)) + 6).padStart(2, '0')}` })
const P = week('2026-03-02')

describe('the computed-period cache', () => {
  it('computes a period once, again after a change names the company', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    let runs = 0
    const compute = vi.fn(async () => lines(++runs))
    expect(await cache.get('a', P, compute)).toEqual(lines(1))
    expect(await cache.get('a', P, compute)).toEqual(lines(1))
    expect(compute).toHaveBeenCalledTimes(1)
    payroll.send('a')
    expect(await cache.get('a', P, compute)).toEqual(lines(2))
    // Another company's change keeps this one; a reconnect drops everything; so does this instance's own write.
    payroll.send('b')
    expect(await cache.get('a', P, compute)).toEqual(lines(2))
    payroll.send('a', 'RECONNECTED')
    expect(await cache.get('a', P, compute)).toEqual(lines(3))
    cache.invalidate('a')
    expect(await cache.get('a', P, compute)).toEqual(lines(4))
  })

  it('never keeps a period computed while a change arrived, and ages entries out after ten minutes', async () => {
    const payroll = fakeHub()
    let clock = 0
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger }, () => clock)
    await cache.get('a', P, async () => lines(0))
    cache.invalidate('a')
    const stale = cache.get('a', P, async () => {
      payroll.send('a')
      return lines(1)
    })
    expect(await stale).toEqual(lines(1))
    expect(await cache.get('a', P, async () => lines(2))).toEqual(lines(2))
    clock = 599_999
    expect(await cache.get('a', P, async () => lines(3))).toEqual(lines(2))
    clock = 600_001
    expect(await cache.get('a', P, async () => lines(4))).toEqual(lines(4))
  })

  it('answers a read with the periods kept and computes the others in the background, once, for the next read (issue 42)', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    const [P1, P2, P3] = ['2026-03-02', '2026-03-09', '2026-03-16'].map(week)
    await cache.get('a', P1, async () => lines(1))
    let finish = () => {}
    const compute = vi.fn(
      (missing: string[]) =>
        new Promise<PeriodLine[][]>((resolve) => {
          finish = () => resolve(missing.map((_, index) => lines(10 + index)))
        }),
    )
    // The read does not wait for the computation: p2 and p3 are not there yet, and asked again, not computed twice.
    expect(await cache.keptOrStarted('a', [P1, P2, P3], compute, 5)).toEqual([lines(1), null, null])
    expect(await cache.keptOrStarted('a', [P1, P2, P3], compute, 5)).toEqual([lines(1), null, null])
    expect(compute).toHaveBeenCalledTimes(1)
    expect(compute).toHaveBeenCalledWith([P2.start, P3.start])
    finish()
    await vi.waitFor(async () =>
      expect(await cache.keptOrStarted('a', [P1, P2, P3], compute, 5)).toEqual([lines(1), lines(10), lines(11)]),
    )
    expect(compute).toHaveBeenCalledTimes(1)
  })

  it('keeps no period computed in the background while a change arrived, and tries again after a failure', async () => {
    const payroll = fakeHub()
    const errors: unknown[] = []
    const cache = createPeriodCache({
      payrollChanges: payroll.hub,
      logger: { ...logger, error: (detail: unknown) => errors.push(detail) } as typeof logger,
    })
    const changedMeanwhile = vi.fn(async (missing: string[]) => {
      payroll.send('a')
      return missing.map(() => lines(1))
    })
    expect(await cache.keptOrStarted('a', [P], changedMeanwhile, 50)).toEqual([null])
    const failing = vi.fn(async (): Promise<PeriodLine[][]> => {
      throw new Error('database gone')
    })
    expect(await cache.keptOrStarted('a', [P], failing, 50)).toEqual([null])
    expect(errors).toHaveLength(1)
    expect(await cache.keptOrStarted('a', [P], async () => [lines(2)], 50)).toEqual([lines(2)])
  })

  it('drops only the periods a change can reach: those ending on or after the first day it moves (migration 062)', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    const weeks = ['2026-03-02', '2026-03-09', '2026-03-16'].map(week)
    let runs = 0
    const compute = async (missing: string[]) => missing.map(() => lines(++runs))
    const read = () => cache.keptOrStarted('a', weeks, compute, 1_000)
    expect(await read()).toEqual([lines(1), lines(2), lines(3)])
    // An Agent Update of Tuesday of the second week: the first week stays, the others are computed again.
    payroll.send('a', '2026-03-10')
    expect(await read()).toEqual([lines(1), lines(4), lines(5)])
    // The last day of the first week reaches it; a day after every period reaches none.
    payroll.send('a', '2026-03-08')
    expect(await read()).toEqual([lines(6), lines(7), lines(8)])
    payroll.send('a', '2026-03-23')
    expect(await read()).toEqual([lines(6), lines(7), lines(8)])
    // A change that names no day reaches them all.
    payroll.send('a', 'changed')
    expect(await read()).toEqual([lines(9), lines(10), lines(11)])
  })

  it('keeps what a computation found for the periods a change that came meanwhile does not reach', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    const weeks = ['2026-03-02', '2026-03-09'].map(week)
    const changedMeanwhile = async (missing: string[]) => {
      payroll.send('a', '2026-03-12')
      return missing.map((_, index) => lines(index + 1))
    }
    await cache.keptOrStarted('a', weeks, changedMeanwhile, 1_000)
    expect(await cache.keptOrStarted('a', weeks, async () => [lines(3)], 1_000)).toEqual([lines(1), lines(3)])
  })
})
