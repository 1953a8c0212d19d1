import path from 'node:path'
import type { AppDeps } from './app-env'
import { createAuth } from './auth/auth'
import { resolveAuthSecret } from './auth/auth-secret'
import type { Config } from './config'
import { connectDatabase, type Database, type DatabaseTarget } from './db/connect'
import { migrateToLatest } from './db/migrate'
import { BACKGROUND_STATEMENT_LIMIT_MS, NO_STATEMENT_LIMIT, withStatementLimit } from './db/statement-context'
import { createOrderSearchIndexer } from './features/search/order-search-indexer'
import { createDiskStore } from './file-store/disk-store'
import { createS3Store } from './file-store/s3-store'
import { createMailer } from './integrations/mail/mailer'
import { passwordResetMail, setPasswordLink } from './integrations/mail/templates'
import { createVinDecoder } from './integrations/vin/vin-decoder'
import type { Logger } from './lib/logger'
import { createCaseChangeHub } from './realtime/case-changes'
import { createNotificationHub } from './realtime/notification-changes'
import { createOrderChangeHub } from './realtime/order-changes'
import { createPayrollChangeHub } from './realtime/payroll-changes'

export type Runtime = { deps: AppDeps; database: Database; close: () => Promise<void> }

export function databaseTargetFromConfig(config: Config): DatabaseTarget {
  return config.databaseUrl
    ? { kind: 'postgres', url: config.databaseUrl }
    : { kind: 'pglite', dataDir: config.dataDir }
}

/** Opens and migrates the database and builds every service the app is composed from. */
export async function createRuntime(
  config: Config,
  logger: Logger,
  target = databaseTargetFromConfig(config),
): Promise<Runtime> {
  // Connections start with a request's limit; a statement outside any request or job (this
  // start-up's, a test's set-up) has a job's.
  const database = await connectDatabase(target, (error) => logger.error({ err: error }, 'Database connection lost'), {
    connectionLimitMs: config.statementTimeoutMs,
    outsideContextLimitMs: Math.max(BACKGROUND_STATEMENT_LIMIT_MS, config.statementTimeoutMs),
  })
  try {
    const applied = await withStatementLimit(NO_STATEMENT_LIMIT, () => migrateToLatest(database.db))
    if (applied.length > 0) logger.info({ migrations: applied }, 'Database migrated')
    const secret = await resolveAuthSecret(database.db, config.authSecret)
    const mailer = createMailer({ db: database.db, smtpUrl: config.smtpUrl, from: config.mailFrom, logger })
    const auth = createAuth({
      db: database.db,
      config,
      logger,
      secret,
      sendResetPassword: async ({ user, token }) => {
        await mailer.send({ to: user.email, ...passwordResetMail(setPasswordLink(config.baseUrl, token)) })
      },
    })
    const caseChanges = await createCaseChangeHub(database.listen, logger)
    const notificationChanges = await createNotificationHub(database.listen, logger)
    const orderChanges = await createOrderChangeHub(database.listen, logger)
    const payrollChanges = await createPayrollChangeHub(database.listen, logger)
    const fileStore = config.s3 ? createS3Store(config.s3) : createDiskStore(path.join(config.dataDir, 'files'))
    const vinDecoder = createVinDecoder({ cacheDir: path.join(config.dataDir, 'cache'), logger })
    const orderSearch = createOrderSearchIndexer(database.db, logger)
    const close = async () => {
      await orderSearch.close()
      await vinDecoder.close()
      await caseChanges.close()
      await notificationChanges.close()
      await orderChanges.close()
      await payrollChanges.close()
      await database.close()
    }
    return {
      deps: {
        db: database.db,
        auth,
        config,
        logger,
        mailer,
        caseChanges,
        notificationChanges,
        orderChanges,
        payrollChanges,
        fileStore,
        vinDecoder,
        orderSearch,
      },
      database,
      close,
    }
  } catch (error) {
    await database.close()
    throw error
  }
}
