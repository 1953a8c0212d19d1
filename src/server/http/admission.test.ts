import { Hono } from 'hono'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { admissionGate } from './admission'

/**
 * An app whose handlers wait until released, recording when each began and ended. Waits run out
 * after a minute unless told: long enough for a busy machine, where the suite runs beside others.
 */
function gatedApp(limit: number, maxWaitMs = 60_000) {
  const events: string[] = []
  const releases = new Map<string, () => void>()
  const held = (name: string) =>
    new Promise<void>((resolve) => {
      events.push(`start ${name}`)
      releases.set(name, () => {
        events.push(`end ${name}`)
        resolve()
      })
    })
  const app = new Hono().use('*', admissionGate(limit, maxWaitMs)).on(['GET', 'POST'], '/:name', async (c) => {
    await held(c.req.param('name'))
    // Not an Error: Hono hands it on rather than to onError, so it passes through the gate.
    if (c.req.param('name') === 'throws') throw 'refused'
    return c.text(c.req.param('name'))
  })
  const release = async (name: string) => {
    await settle()
    releases.get(name)?.()
  }
  return { app, events, release, finish: (name: string) => releases.get(name)?.() }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 5))
const texts = (answers: (Response | Promise<Response>)[]) =>
  Promise.all(answers.map(async (answer) => (await answer).text()))

afterEach(() => {
  vi.useRealTimers()
})

describe('admission gate', () => {
  it('works on at most `limit` GET requests at once; the next in line starts when one ends', async () => {
    const { app, events, release } = gatedApp(2)
    const answers = ['a', 'b', 'c', 'd'].map((name) => app.request(`/${name}`))
    await settle()
    expect(events).toEqual(['start a', 'start b'])
    await release('b')
    await settle()
    expect(events).toEqual(['start a', 'start b', 'end b', 'start c'])
    await release('a')
    await release('c')
    await release('d')
    expect(await texts(answers)).toEqual(['a', 'b', 'c', 'd'])
    expect(events.slice(4)).toEqual(['end a', 'start d', 'end c', 'end d'])
  })

  it('counts HEAD requests with GET, and lets writes straight in', async () => {
    const { app, events, release } = gatedApp(1)
    const first = app.request('/a', { method: 'HEAD' })
    const write = app.request('/w', { method: 'POST' })
    const waiting = app.request('/b')
    await settle()
    expect(events).toEqual(['start a', 'start w'])
    await release('w')
    expect(await (await write).text()).toBe('w')
    await release('a')
    await release('b')
    expect((await first).status).toBe(200)
    expect(await (await waiting).text()).toBe('b')
  })

  it('hands the turn of a request that threw on', async () => {
    const { app, events, release } = gatedApp(1)
    const failed = app.request('/throws')
    const next = app.request('/b')
    await release('throws')
    await expect(failed).rejects.toBe('refused')
    await release('b')
    expect(await (await next).text()).toBe('b')
    expect(events).toEqual(['start throws', 'end throws', 'start b', 'end b'])
  })

  it('does no work for a request whose client left while it waited, and hands its turn on', async () => {
    const { app, events, release } = gatedApp(1)
    const first = app.request('/a')
    const leaving = new AbortController()
    const gone = app.request('/b', { signal: leaving.signal })
    const next = app.request('/c')
    await settle()
    leaving.abort()
    await release('a')
    await settle()
    expect((await gone).status).toBe(499)
    await release('c')
    expect(await texts([first, next])).toEqual(['a', 'c'])
    expect(events).toEqual(['start a', 'end a', 'start c', 'end c'])
  })

  it('lets a request in once it has waited `maxWaitMs`, beside the others, without a turn to hand on', async () => {
    vi.useFakeTimers()
    const { app, events, finish } = gatedApp(1, 1000)
    const answers = ['a', 'b'].map((name) => app.request(`/${name}`))
    await vi.advanceTimersByTimeAsync(999)
    expect(events).toEqual(['start a'])
    await vi.advanceTimersByTimeAsync(1)
    expect(events).toEqual(['start a', 'start b'])
    // Still one turn: c waits; b ending (it had none) lets nobody in, a ending does.
    answers.push(app.request('/c'))
    await vi.advanceTimersByTimeAsync(0)
    finish('b')
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['start a', 'start b', 'end b'])
    finish('a')
    await vi.advanceTimersByTimeAsync(0)
    expect(events).toEqual(['start a', 'start b', 'end b', 'end a', 'start c'])
    finish('c')
    await vi.advanceTimersByTimeAsync(0)
    expect(await texts(answers)).toEqual(['a', 'b', 'c'])
  })
})
