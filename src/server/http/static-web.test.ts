import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { Hono } from 'hono'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { precompressDir } from '../../../scripts/precompress'
import type { AppEnv } from '../app-env'
import { serveWebApp } from './static-web'

// The built app goes out compressed when the browser takes it (issue 21), from the copies the
// build writes beside each file; a client that takes neither gets the file as it is.

const script = `export const screens = ${JSON.stringify(Array.from({ length: 200 }, (_, index) => `Screen ${index}`))}\n`
let dist: string
let app: Hono<AppEnv>
beforeAll(async () => {
  dist = fs.mkdtempSync(path.join(os.tmpdir(), 'recovery-desk-web-'))
  fs.mkdirSync(path.join(dist, 'assets'))
  fs.writeFileSync(path.join(dist, 'index.html'), '<!doctype html><div id="root"></div>')
  fs.writeFileSync(path.join(dist, 'assets', 'app-abc123.js'), script)
  await precompressDir(dist)
  app = new Hono<AppEnv>()
  serveWebApp(app, dist)
})
afterAll(() => fs.rmSync(dist, { recursive: true, force: true }))

const get = (url: string, acceptEncoding?: string) =>
  app.request(url, { headers: acceptEncoding ? { 'accept-encoding': acceptEncoding } : {} })

describe('the built web app', () => {
  it('sends Brotli when accepted, else gzip, each cached for a year and varying by encoding', async () => {
    const brotli = await get('/assets/app-abc123.js', 'gzip, deflate, br')
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotli.headers.get('vary')).toMatch(/accept-encoding/i)
    expect(brotli.headers.get('cache-control')).toBe('public, max-age=31536000, immutable')
    expect(brotli.headers.get('content-type')).toMatch(/javascript/)
    const body = Buffer.from(await brotli.arrayBuffer())
    expect(body.length).toBeLessThan(script.length / 3)
    const { brotliDecompressSync } = await import('node:zlib')
    expect(brotliDecompressSync(body).toString()).toBe(script)

    const gzip = await get('/assets/app-abc123.js', 'gzip')
    expect(gzip.headers.get('content-encoding')).toBe('gzip')
  })

  it('sends the file as it is to a client that takes no compression', async () => {
    const plain = await get('/assets/app-abc123.js')
    expect(plain.headers.get('content-encoding')).toBeNull()
    expect(await plain.text()).toBe(script)
  })

  it('answers a client route, and an asset that is not there, with index.html, never cached', async () => {
    for (const url of ['/dashboard/orders', '/assets/gone-000000.js']) {
      const page = await get(url, 'br')
      expect(page.headers.get('cache-control')).toBe('no-cache')
      expect(await page.text()).toContain('<div id="root">')
    }
  })
})
