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

describe('the computed-period cache', () => {
  it('computes a period once, again after a change names the company', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    let runs = 0
    const compute = vi.fn(async () => lines(++runs))
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(1))
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(1))
    expect(compute).toHaveBeenCalledTimes(1)
    payroll.send('a')
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(2))
    // Another company's change keeps this one; a reconnect drops everything; so does this instance's own write.
    payroll.send('b')
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(2))
    payroll.send('a', 'RECONNECTED')
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(3))
    cache.invalidate('a')
    expect(await cache.get('a', '2026-03-02', compute)).toEqual(lines(4))
  })

  it('never keeps a period computed while a change arrived, and ages entries out after a minute', async () => {
    const payroll = fakeHub()
    let clock = 0
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger }, () => clock)
    await cache.get('a', 'p', async () => lines(0))
    cache.invalidate('a')
    const stale = cache.get('a', 'p', async () => {
      payroll.send('a')
      return lines(1)
    })
    expect(await stale).toEqual(lines(1))
    expect(await cache.get('a', 'p', async () => lines(2))).toEqual(lines(2))
    clock = 59_999
    expect(await cache.get('a', 'p', async () => lines(3))).toEqual(lines(2))
    clock = 60_001
    expect(await cache.get('a', 'p', async () => lines(4))).toEqual(lines(4))
  })

  it('answers a read with the periods kept and computes the others in the background, once, for the next read (issue 42)', async () => {
    const payroll = fakeHub()
    const cache = createPeriodCache({ payrollChanges: payroll.hub, logger })
    await cache.get('a', 'p1', async () => lines(1))
    let finish = () => {}
    const compute = vi.fn(
      (missing: string[]) =>
        new Promise<PeriodLine[][]>((resolve) => {
          finish = () => resolve(missing.map((_, index) => lines(10 + index)))
        }),
    )
    // The read does not wait for the computation: p2 and p3 are not there yet, and asked again, not computed twice.
    expect(await cache.keptOrStarted('a', ['p1', 'p2', 'p3'], compute, 5)).toEqual([lines(1), null, null])
    expect(await cache.keptOrStarted('a', ['p1', 'p2', 'p3'], compute, 5)).toEqual([lines(1), null, null])
    expect(compute).toHaveBeenCalledTimes(1)
    expect(compute).toHaveBeenCalledWith(['p2', 'p3'])
    finish()
    await vi.waitFor(async () =>
      expect(await cache.keptOrStarted('a', ['p1', 'p2', 'p3'], compute, 5)).toEqual([lines(1), lines(10), lines(11)]),
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
    expect(await cache.keptOrStarted('a', ['p'], changedMeanwhile, 50)).toEqual([null])
    const failing = vi.fn(async (): Promise<PeriodLine[][]> => {
      throw new Error('database gone')
    })
    expect(await cache.keptOrStarted('a', ['p'], failing, 50)).toEqual([null])
    expect(errors).toHaveLength(1)
    expect(await cache.keptOrStarted('a', ['p'], async () => [lines(2)], 50)).toEqual([lines(2)])
  })
})
