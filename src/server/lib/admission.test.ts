import { Hono } from 'hono'
import { describe, expect, it } from 'vitest'
import { admissionGate } from './admission'

/** An app whose handlers wait until released, recording when each began and ended. */
function gatedApp(limit: number) {
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
  const app = new Hono()
    .use('*', admissionGate(limit))
    .get('/:name', async (c) => {
      await held(c.req.param('name'))
      if (c.req.param('name').startsWith('fail')) throw new Error('refused')
      return c.text(c.req.param('name'))
    })
    .post('/:name', async (c) => {
      await held(c.req.param('name'))
      return c.text(c.req.param('name'))
    })
  app.onError((_, c) => c.text('failed', 500))
  const release = async (name: string) => {
    await settle()
    releases.get(name)?.()
  }
  return { app, events, release }
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 5))

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
    expect(await Promise.all(answers.map(async (answer) => (await answer).text()))).toEqual(['a', 'b', 'c', 'd'])
    expect(events.slice(4)).toEqual(['end a', 'start d', 'end c', 'end d'])
  })

  it('lets writes straight in while GET requests wait', async () => {
    const { app, events, release } = gatedApp(1)
    const first = app.request('/a')
    const write = app.request('/w', { method: 'POST' })
    const waiting = app.request('/b')
    await settle()
    expect(events).toEqual(['start a', 'start w'])
    await release('w')
    expect(await (await write).text()).toBe('w')
    await release('a')
    await release('b')
    expect([await (await first).text(), await (await waiting).text()]).toEqual(['a', 'b'])
  })

  it('hands a failed request’s turn on', async () => {
    const { app, events, release } = gatedApp(1)
    const failed = app.request('/fail')
    const next = app.request('/b')
    await release('fail')
    expect((await failed).status).toBe(500)
    await release('b')
    expect(await (await next).text()).toBe('b')
    expect(events).toEqual(['start fail', 'end fail', 'start b', 'end b'])
  })
})
