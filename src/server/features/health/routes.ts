import { Hono } from 'hono'
import type { AppDeps, AppEnv } from '../../app-env'
import { databaseAnswers } from './service'

/** Liveness and readiness in one: the database must answer. */
export function healthRoutes(deps: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) =>
    (await databaseAnswers(deps))
      ? c.json({ status: 'ok', database: 'ok' })
      : c.json({ status: 'error', database: 'unavailable' }, 503),
  )
}
