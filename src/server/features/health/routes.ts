import { Hono } from 'hono'
import { sql } from 'kysely'
import type { AppDeps, AppEnv } from '../../app-env'

/** Liveness and readiness in one: the database must answer. */
export function healthRoutes({ db, logger }: AppDeps) {
  return new Hono<AppEnv>().get('/', async (c) => {
    try {
      await sql`select 1`.execute(db)
      return c.json({ status: 'ok', database: 'ok' })
    } catch (error) {
      logger.error({ err: error }, 'Health check: database did not answer')
      return c.json({ status: 'error', database: 'unavailable' }, 503)
    }
  })
}
