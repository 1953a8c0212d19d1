import type { Listen } from '../db/connect'
import { CASES_CHANNEL } from '../db/migrations/005-case-change-notify'
import type { Logger } from '../lib/logger'
import { createTopicHub, type TopicHub } from './hub'

/** Changes to a company's RDN cases, keyed by company id; each message is the statement's operation. */
export type CaseChangeHub = TopicHub

export function createCaseChangeHub(listen: Listen, logger: Logger): Promise<CaseChangeHub> {
  return createTopicHub(listen, logger, CASES_CHANNEL, (message) => {
    const { companyId, op } = message as { companyId: string; op: string }
    return { key: companyId, data: op }
  })
}
