import { describe, expect, it, vi } from 'vitest'
import { batchedLoader } from './batched-loader'

const nextTurn = () => new Promise((resolve) => setImmediate(resolve))

/** A loader of numbers by name, recording each call's keys; `release` settles the loads waiting. */
function numbers(known: Record<string, number>) {
  const calls: string[][] = []
  let releases: (() => void)[] = []
  const loadMany = vi.fn(async (keys: string[]) => {
    calls.push(keys)
    await new Promise<void>((resolve) => releases.push(resolve))
    return new Map(keys.filter((key) => key in known).map((key) => [key, known[key]]))
  })
  const release = async () => {
    await nextTurn()
    for (const resolve of releases) resolve()
    releases = []
  }
  return { load: batchedLoader(loadMany, null), calls, release }
}

describe('a loader that reads the keys asked for in one turn together', () => {
  it('loads the keys asked in one turn in one call, each once, and gives each its own value', async () => {
    const { load, calls, release } = numbers({ a: 1, b: 2 })
    const asked = Promise.all([load('a'), load('b'), load('a'), load('gone')])
    await release()
    expect(await asked).toEqual([1, 2, 1, null])
    expect(calls).toEqual([['a', 'b', 'gone']])
  })

  it('shares a load in flight with a later ask of its key, and loads anew once it has settled', async () => {
    const { load, calls, release } = numbers({ a: 1, b: 2 })
    const first = load('a')
    await nextTurn()
    // Asked while the first load is in flight: shared for a, a call of its own for b.
    const [again, other] = [load('a'), load('b')]
    expect(again).toBe(first)
    await release()
    await release()
    expect([await first, await again, await other]).toEqual([1, 1, 2])
    expect(calls).toEqual([['a'], ['b']])

    const later = load('a')
    await release()
    expect(await later).toBe(1)
    expect(calls).toEqual([['a'], ['b'], ['a']])
  })

  it('fails every ask a failed load served, thrown or rejected, and loads anew for the next', async () => {
    for (const fails of [
      () => Promise.reject(new Error('connection lost')),
      () => {
        throw new Error('connection lost')
      },
    ]) {
      const loadMany = vi
        .fn<(keys: string[]) => Promise<Map<string, number>>>()
        .mockImplementationOnce(fails)
        .mockImplementation(async (keys) => new Map(keys.map((key) => [key, key.length])))
      const load = batchedLoader(loadMany, null)
      const outcomes = await Promise.allSettled([load('a'), load('bb')])
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['rejected', 'rejected'])
      expect(await Promise.all([load('a'), load('bb')])).toEqual([1, 2])
      expect(loadMany).toHaveBeenCalledTimes(2)
    }
  })

  it('loads while a test fakes the timers, without its clock being moved', async () => {
    vi.useFakeTimers()
    try {
      const load = batchedLoader(async (keys: string[]) => new Map(keys.map((key) => [key, key.length])), null)
      expect(await load('abc')).toBe(3)
    } finally {
      vi.useRealTimers()
    }
  })
})
