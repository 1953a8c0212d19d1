import path from 'node:path'
import { serve } from '@hono/node-server'
import { createApp } from './app'
import { bootstrapFirstCompany } from './auth/bootstrap'
import { loadConfigOrExit } from './config'
import { exitWhenDataDirInUse } from './db/data-dir-lock'
import { asBackgroundJob } from './db/statement-context'
import { seedDemo } from './demo/seed'
import { startInvoiceDrafting } from './features/invoices/drafting-schedule'
import { startStaleCheck } from './features/notifications/stale-check'
import { createLogger } from './lib/logger'
import { createRuntime } from './runtime'

const config = loadConfigOrExit()
const logger = createLogger(config.logLevel, config.env === 'development' && process.stdout.isTTY)

const runtime = await exitWhenDataDirInUse(() => createRuntime(config, logger))

// The demo company comes first, so the demo database needs no bootstrap administrator.
if (config.demo) await asBackgroundJob(() => seedDemo(runtime.deps.db, logger, config.baseUrl))
const first = await bootstrapFirstCompany(runtime.deps.db, { email: config.adminEmail, password: config.adminPassword })
if (first) {
  const passwordLine = first.generated
    ? `  Password: ${first.password}   (generated; shown only this once)`
    : '  Password: the value of ADMIN_PASSWORD'
  console.log(
    `\nFirst start: created the administrator account\n  E-mail:   ${first.email}\n${passwordLine}\n  A new password must be chosen at first sign-in.\n`,
  )
}
const app = createApp(runtime.deps, { webDistDir: path.resolve('dist/web') })
// Several instances may each run it: the notifications' dedupe key makes a second run a no-op.
// Started as background jobs: their timers run each round under a job's statement limit.
const staleCheck = asBackgroundJob(() => startStaleCheck(runtime.deps.db, logger, config.staleCheckMinutes))
// Woken by the database as soon as a case is queued for its draft (issue 42), from any instance.
const invoiceDrafting = await asBackgroundJob(() =>
  startInvoiceDrafting(runtime.deps.db, logger, { listen: runtime.database.listen }),
)
const server = serve({ fetch: app.fetch, port: config.port, hostname: config.host }, (info) => {
  logger.info({ port: info.port, database: runtime.database.kind }, 'Server listening')
  console.log(`Recovery Desk is running at ${config.baseUrl}`)
})

let stopping = false
async function shutdown(signal: string) {
  if (stopping) return
  stopping = true
  logger.info({ signal }, 'Shutting down')
  const forceExit = setTimeout(() => process.exit(1), 10_000)
  forceExit.unref()
  server.close()
  await staleCheck.stop()
  await invoiceDrafting.stop()
  await runtime.close()
  process.exit(0)
}
process.on('SIGTERM', () => void shutdown('SIGTERM'))
process.on('SIGINT', () => void shutdown('SIGINT'))
