import fs from 'node:fs'
import path from 'node:path'
import { serveStatic } from '@hono/node-server/serve-static'
import type { Hono } from 'hono'
import type { AppEnv } from '../app-env'

/**
 * Serves the built web app: hashed assets cached for a year, and index.html (never cached) for
 * every other GET so each client route of SPEC.md section 2 loads on refresh.
 */
export function serveWebApp(app: Hono<AppEnv>, distDir: string): void {
  const indexPath = path.join(distDir, 'index.html')
  const root = path.relative(process.cwd(), distDir) || '.'
  app.use(
    '/assets/*',
    serveStatic({
      root,
      onFound: (_path, c) => {
        c.header('Cache-Control', 'public, max-age=31536000, immutable')
      },
    }),
  )
  app.use('*', serveStatic({ root }))
  app.get('*', (c) => {
    if (!fs.existsSync(indexPath)) {
      return c.text('The web app is not built. Run `npm run build`.', 503)
    }
    c.header('Cache-Control', 'no-cache')
    return c.html(fs.readFileSync(indexPath, 'utf8'))
  })
}
