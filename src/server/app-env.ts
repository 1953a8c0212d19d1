import type { Kysely } from 'kysely'
import type { Role } from '../domain/auth'
import type { Auth } from './auth/auth'
import type { Config } from './config'
import type { DB } from './db/schema'
import type { OrderSearchIndexer } from './features/search/order-search-indexer'
import type { FileStore } from './file-store/file-store'
import type { Mailer } from './integrations/mail/mailer'
import type { VinDecoder } from './integrations/vin/vin-decoder'
import type { Logger } from './lib/logger'
import type { CaseChangeHub } from './realtime/case-changes'
import type { NotificationHub } from './realtime/notification-changes'
import type { OrderChangeHub } from './realtime/order-changes'
import type { PayrollChangeHub } from './realtime/payroll-changes'

/** What every feature router is built from. */
export type AppDeps = {
  db: Kysely<DB>
  auth: Auth
  config: Config
  logger: Logger
  mailer: Mailer
  caseChanges: CaseChangeHub
  notificationChanges: NotificationHub
  orderChanges: OrderChangeHub
  payrollChanges: PayrollChangeHub
  /** Photos and documents (issue 20). */
  fileStore: FileStore
  vinDecoder: VinDecoder
  orderSearch: OrderSearchIndexer
}

/** The signed-in person as every service sees them: their account, profile, company and role. */
export type Viewer = {
  userId: string
  email: string
  profileId: string
  companyId: string
  role: Role
  rawRole: string
  mustChangePassword: boolean
  sessionId: string
  /** Set while an administrator views the product as this person. */
  impersonatorUserId: string | null
}

export type AppEnv = {
  Variables: {
    clientIp: string
    viewer: Viewer | null
    /** Set by the route's guard once who may call it was checked (src/server/auth/access-check.ts). */
    accessChecked?: true
  }
}
