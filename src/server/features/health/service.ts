import { sql } from 'kysely'
import type { AppDeps } from '../../app-env'

/** Whether the database answers a trivial statement; why not is logged, never sent. */
export async function databaseAnswers({ db, logger }: AppDeps) {
  try {
    await sql`select 1`.execute(db)
    return true
  } catch (error) {
    logger.error({ err: error }, 'Health check: database did not answer')
    return false
  }
}
