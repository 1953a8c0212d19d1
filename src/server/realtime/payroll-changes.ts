import type { Listen } from '../db/connect'
import { PAYROLL_CHANNEL } from '../db/migrations/032-payroll'
import type { Logger } from '../lib/logger'
import { createTopicHub, type TopicHub } from './hub'

/** Changes that move a company's pay (recoveries, finds, rules, invoices, ...), keyed by company id. */
export type PayrollChangeHub = TopicHub

export function createPayrollChangeHub(listen: Listen, logger: Logger): Promise<PayrollChangeHub> {
  return createTopicHub(listen, logger, PAYROLL_CHANNEL, (message) => {
    const { companyId } = message as { companyId: string }
    return { key: companyId, data: 'changed' }
  })
}
