import { Hono } from 'hono'
import { HTTPException } from 'hono/http-exception'
import { secureHeaders } from 'hono/secure-headers'
import type { AppDeps, AppEnv } from './app-env'
import { requireSignInFirst } from './auth/require-sign-in'
import { authRoutes } from './auth/routes'
import { viewerMiddleware } from './auth/viewer'
import { POOL_SIZE } from './db/connect'
import { BULK_STATEMENT_LIMIT_MS } from './db/statement-context'
import { accountRoutes } from './features/account/routes'
import { agentMappingRoutes } from './features/agent-mapping/routes'
import { assignmentRoutes } from './features/assignments/routes'
import { auditLogRoutes } from './features/audit-log/routes'
import { caseRoutes } from './features/cases/routes'
import { clientRoutes } from './features/clients/routes'
import { companyRoutes } from './features/company/routes'
import { complianceRoutes, publicSignatureRoutes } from './features/compliance/routes'
import { conditionReportRoutes } from './features/condition-reports/routes'
import { dashboardRoutes } from './features/dashboards/routes'
import { exportRoutes } from './features/exports/routes'
import { feeRoutes } from './features/fees/routes'
import { fileRoutes } from './features/files/routes'
import { geocodeRoutes } from './features/geocode/routes'
import { healthRoutes } from './features/health/routes'
import { recoveryActRoutes } from './features/holds/routes'
import { impersonationRoutes } from './features/impersonation/routes'
import { importRoutes } from './features/import/routes'
import { apiKeyRoutes, syncRoutes } from './features/integrations/routes'
import { invoiceRoutes } from './features/invoices/routes'
import { mapRoutes } from './features/map/routes'
import { marketRoutes } from './features/markets/routes'
import { notificationRoutes } from './features/notifications/routes'
import { orderListRoutes } from './features/order-list/routes'
import { orderRoutes } from './features/orders/routes'
import { myPayRoutes, payrollRoutes } from './features/payroll/routes'
import { avatarRoutes, profileRoutes } from './features/profile/routes'
import { propertyRoutes } from './features/property/routes'
import { redemptionRoutes } from './features/redemptions/routes'
import { transportMoveRoutes } from './features/redemptions/transport-routes'
import { repossessionRoutes } from './features/repossession/routes'
import { searchRoutes } from './features/search/routes'
import { subStatusRoutes } from './features/sub-statuses/routes'
import { timelineRoutes } from './features/timeline/routes'
import { userRoutes } from './features/users/routes'
import { vehicleRoutes } from './features/vehicles/routes'
import { vendorRoutes } from './features/vendors/routes'
import { admissionGate, CLIENT_CLOSED_REQUEST } from './http/admission'
import { AppError } from './http/app-error'
import { limitBodiesByDefault } from './http/body-limit'
import { clientIpMiddleware } from './http/client-ip'
import { compressJson } from './http/compress-json'
import { DATABASE_UNREACHABLE_MESSAGE, isDatabaseUnreachable } from './http/database-unreachable'
import { sameOriginMiddleware } from './http/same-origin'
import {
  allowStatementsLonger,
  isStatementCancelled,
  limitStatements,
  STATEMENT_TIMEOUT_MESSAGE,
} from './http/statement-limits'
import { serveWebApp } from './http/static-web'
import { rejectUnstorableText } from './http/unstorable-text'
import { realtimeRoutes } from './realtime/routes'

/** Composes the Hono app from the feature routers; `webDistDir` serves the built web app. */
export function createApp(deps: AppDeps, options: { webDistDir?: string } = {}) {
  const app = new Hono<AppEnv>()

  app.use(
    '*',
    secureHeaders({
      contentSecurityPolicy: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        // The map's street tiles, when MAP_TILES_URL is set, are images from its origin.
        imgSrc: [
          "'self'",
          'data:',
          'blob:',
          ...(deps.config.mapTilesUrl ? [new URL(deps.config.mapTilesUrl).origin] : []),
        ],
        connectSrc: ["'self'"],
        fontSrc: ["'self'", 'data:'],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
      strictTransportSecurity: deps.config.baseUrl.startsWith('https://')
        ? 'max-age=31536000; includeSubDomains'
        : false,
      referrerPolicy: 'same-origin',
      // A route's own policy stands (a served file's 'sandbox', issue 41): these are the defaults.
      overwrite: false,
    }),
  )
  app.use('*', clientIpMiddleware(deps.config.trustedProxies))
  app.use('/api/*', compressJson())
  app.use('/api/*', sameOriginMiddleware(deps))
  app.use('/api/*', async (c, next) => {
    await next()
    // On the answer's own headers: c.header would copy the answer, body and all, into a new one.
    if (!c.res.headers.has('Cache-Control')) c.res.headers.set('Cache-Control', 'no-store')
  })

  // Every statement of a request has a time limit; a GET's stop when its client leaves (docs/decisions/032).
  app.use('/api/*', limitStatements(deps.config.statementTimeoutMs))
  // An export reads a list of any length, a batch at a time, while the client takes the file; an
  // import writes its batches, and Clear All Data deletes every order of the company at once.
  const bulkLimitMs = Math.max(BULK_STATEMENT_LIMIT_MS, deps.config.statementTimeoutMs)
  app.use('/api/exports/*', allowStatementsLonger(bulkLimitMs))
  app.use('/api/import/*', allowStatementsLonger(bulkLimitMs))
  app.route('/api/health', healthRoutes(deps))
  // As many GET requests at once as the pool has connections (docs/decisions/030); the health
  // check before it, so a load balancer's probe does not wait behind a crowd.
  app.use('/api/*', admissionGate(POOL_SIZE))
  app.use('/api/auth/*', limitBodiesByDefault(), rejectUnstorableText())
  app.route('/api/auth', authRoutes(deps))
  app.use('/api/*', viewerMiddleware(deps))
  // Sign-in before anything reads the request's input (a body's size and text included).
  app.use('/api/*', requireSignInFirst)
  app.use('/api/*', limitBodiesByDefault(), rejectUnstorableText())
  const api = app
    .route('/api', accountRoutes(deps))
    .route('/api/users', userRoutes(deps))
    .route('/api/search', searchRoutes(deps))
    .route('/api/impersonation', impersonationRoutes(deps))
    .route('/api/profile', profileRoutes(deps))
    .route('/api/avatars', avatarRoutes(deps))
    .route('/api/cases', caseRoutes(deps))
    .route('/api/events', realtimeRoutes(deps))
    .route('/api/integrations/api-keys', apiKeyRoutes(deps))
    .route('/api/sync', syncRoutes(deps))
    .route('/api/vehicles', vehicleRoutes(deps))
    .route('/api/geocode', geocodeRoutes(deps))
    .route('/api/orders-list', orderListRoutes(deps))
    .route('/api/orders', orderRoutes(deps))
    .route('/api/import', importRoutes(deps))
    .route('/api/compliance', complianceRoutes(deps))
    .route('/api/clients', clientRoutes(deps))
    .route('/api/company', companyRoutes(deps))
    .route('/api/fees', feeRoutes(deps))
    .route('/api/invoices', invoiceRoutes(deps))
    .route('/api/payroll', payrollRoutes(deps))
    .route('/api/my-pay', myPayRoutes(deps))
    .route('/api/files', fileRoutes(deps))
    .route('/api/condition-reports', conditionReportRoutes(deps))
    .route('/api/redemptions', redemptionRoutes(deps))
    .route('/api/repossession', repossessionRoutes(deps))
    .route('/api/recovery', recoveryActRoutes(deps))
    .route('/api/transport', transportMoveRoutes(deps))
    .route('/api/property', propertyRoutes(deps))
    .route('/api/map', mapRoutes(deps))
    .route('/api/assignments', assignmentRoutes(deps))
    .route('/api/agent-mappings', agentMappingRoutes(deps))
    .route('/api/markets', marketRoutes(deps))
    .route('/api/sub-statuses', subStatusRoutes(deps))
    .route('/api/vendors', vendorRoutes(deps))
    .route('/api/dashboards', dashboardRoutes(deps))
    .route('/api/timeline', timelineRoutes(deps))
    .route('/api/notifications', notificationRoutes(deps))
    .route('/api/exports', exportRoutes(deps))
    .route('/api/audit-log', auditLogRoutes(deps))
    .route('/api/public/signatures', publicSignatureRoutes(deps))
  app.all('/api/*', (c) => c.json({ error: { code: 'not_found', message: 'No such API route.' } }, 404))

  if (options.webDistDir) serveWebApp(app, options.webDistDir)

  app.onError((error, c) => {
    if (error instanceof AppError) return c.json(error.toJSON(), error.status)
    // A unique constraint hit by two requests at once (each checked first, both inserted).
    if ((error as { code?: unknown }).code === '23505') {
      return c.json({ error: { code: 'conflict', message: 'That already exists; reload and try again.' } }, 409)
    }
    if (error instanceof HTTPException) {
      const status = error.status
      const message = status === 400 ? 'The request body is not valid JSON.' : error.message || 'Request refused.'
      return c.json({ error: { code: status === 400 ? 'bad_request' : 'error', message } }, status)
    }
    // A statement stopped: its client left (nobody reads the answer; logged as nginx's 499), or it
    // ran past its limit (the person is told, as the web shows any refusal).
    if (isStatementCancelled(error)) {
      if (c.req.raw.signal.aborted) {
        deps.logger.info(
          { path: c.req.path, method: c.req.method, status: CLIENT_CLOSED_REQUEST },
          'Client left; statement cancelled',
        )
        return new Response(null, { status: CLIENT_CLOSED_REQUEST })
      }
      deps.logger.warn({ err: error, path: c.req.path, method: c.req.method }, 'Statement past its time limit')
      const body = {
        ...new AppError('unavailable', STATEMENT_TIMEOUT_MESSAGE).toJSON(),
        message: STATEMENT_TIMEOUT_MESSAGE,
      }
      return c.json(body, 503)
    }
    // A database outage is not a bug of ours: say so, and when to come back (the web retries later).
    if (isDatabaseUnreachable(error)) {
      deps.logger.warn({ err: error, path: c.req.path, method: c.req.method }, 'Database unreachable')
      c.header('Retry-After', '5')
      // `message` at the top too: better-auth's client (the sign-in screen) reads it there.
      const body = {
        ...new AppError('unavailable', DATABASE_UNREACHABLE_MESSAGE).toJSON(),
        message: DATABASE_UNREACHABLE_MESSAGE,
      }
      return c.json(body, 503)
    }
    deps.logger.error({ err: error, path: c.req.path, method: c.req.method }, 'Unhandled error')
    return c.json({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } }, 500)
  })

  return api
}

export type AppType = ReturnType<typeof createApp>
