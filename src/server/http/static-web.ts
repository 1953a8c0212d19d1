import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * every other GET so each client route of SPEC.md section 2 loads on refresh.
 */
export function serveWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = path.join(distDir, 'index.html')
  const root = path.relative(process.cwd(), distDir) || '.'
  // serveStatic's onFound runs after its response is made, too late for a header of it (the
  // year-long cache was never sent): it marks the request, and the header is set on the way out.
  const servedAssets = new WeakSet<Context>()
  app.use('/assets/*', async (c, next) => {
    await next()
    // On the answer's own headers: c.header would copy the answer, body and all, into a new one.
    if (servedAssets.has(c)) c.res.headers.set('Cache-Control', 'public, max-age=31536000, immutable')
  })
  // The build writes a .br and .gz beside each text file (scripts/precompress.ts).
  app.use('/assets/*', serveStatic({ root, precompressed: true, onFound: (_path, c) => void servedAssets.add(c) }))
  app.use('*', serveStatic({ root, precompressed: true }))
  app.get('*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built. Run `npm run build`.', 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(fs.readFileSync(indexPath, 'utf8'))
  })
}
