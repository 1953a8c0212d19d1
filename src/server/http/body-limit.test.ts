import net, { type AddressInfo } from 'node:net'
import { setTimeout as sleep } from 'node:timers/promises'
import { serve } from '@hono/node-server'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp } from '../test/harness'

/**
 * A keep-alive HTTP/1.1 client kept to its rules: it reuses the connection unless the answer says
 * `Connection: close`. It sends its body slowly, as over a real network, after the answer came.
 */
async function exchange(port: number, socket: net.Socket | null, head: string, body = Buffer.alloc(0)) {
  const connection = socket ?? net.connect(port, '127.0.0.1')
  if (connection.destroyed || connection.readableEnded) throw new Error('the server closed the kept-alive connection')
  const answer = new Promise<string>((resolve, reject) => {
    let text = ''
    const onData = (chunk: Buffer) => {
      text += chunk
      const end = text.indexOf('\r\n\r\n')
      const length = /content-length: (\d+)/i.exec(text)
      if (end >= 0 && length && text.length >= end + 4 + Number(length[1])) {
        connection.off('data', onData)
        resolve(text)
      }
    }
    connection.on('data', onData)
    connection.once('error', reject)
    connection.once('close', () => reject(new Error(`the server closed the connection; got: ${text}`)))
  })
  connection.write(head)
  const first = body.subarray(0, 64 * 1024)
  connection.write(first)
  const text = await answer
  for (let start = first.length; start < body.length; start += 100 * 1024) {
    await sleep(100)
    if (!connection.destroyed) connection.write(body.subarray(start, start + 100 * 1024))
  }
  connection.removeAllListeners('close')
  connection.removeAllListeners('error')
  connection.on('error', () => undefined)
  const status = Number(text.split(' ')[1])
  const reusable = !/\r\nconnection: close\r\n/i.test(text)
  if (!reusable) connection.destroy()
  return { status, text, next: reusable ? connection : null }
}

describe('a body refused for its size', () => {
  let t: Awaited<ReturnType<typeof createTestApp>>
  let server: ReturnType<typeof serve>
  let port: number
  beforeAll(async () => {
    t = await createTestApp()
    server = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((resolve) => server.once('listening', resolve))
    port = (server.address() as AddressInfo).port
  })
  afterAll(async () => {
    server.close()
    await t.close()
  })

  it('is answered so that a keep-alive client sending slowly gets its next request through', async () => {
    // Over 1 MB, so no check before the routes reads it either: the route's limit answers at once.
    const body = Buffer.alloc(2 * 1024 * 1024, 0x20)
    const refused = await exchange(
      port,
      null,
      `POST /api/public/signatures/some-token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${body.length}\r\n\r\n`,
      body,
    )
    expect(refused.status).toBe(413)
    const next = await exchange(port, refused.next, 'GET /api/health HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')
    expect(next.status).toBe(200)
    next.next?.destroy()
  })

  it('is a 413 that closes its connection, so the next request on a keep-alive connection succeeds', async () => {
    // fetch (undici) keeps connections alive and reuses them: the client that lost its next request.
    const base = `http://127.0.0.1:${port}`
    expect((await fetch(`${base}/api/health`)).status).toBe(200)
    // Larger than the server reads through after an answer, as a 100 MB paste would be.
    const refused = await fetch(`${base}/api/public/signatures/some-token`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: Buffer.alloc(80 * 1024 * 1024, 0x20),
    })
    expect(refused.status).toBe(413)
    expect(refused.headers.get('connection')).toBe('close')
    expect((await refused.json()).error).toEqual({
      code: 'payload_too_large',
      message: 'The signature image is too large.',
      field: 'signatureImage',
    })
    for (let attempt = 0; attempt < 3; attempt++) {
      expect((await fetch(`${base}/api/health`)).status).toBe(200)
    }
  })
})
