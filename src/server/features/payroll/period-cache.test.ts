import { describe, expect, it, vi } from 'vitest'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import type { TopicHub } from '../../realtime/hub'
import { createPeriodCache } from './period-cache'

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
    const cache = createPeriodCache({ payrollChanges: payroll.hub })
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
    const cache = createPeriodCache({ payrollChanges: payroll.hub }, () => clock)
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
})
