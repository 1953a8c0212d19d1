import type { Listen } from '../db/connect'
import { PAYROLL_CHANNEL } from '../db/migrations/032-payroll'
import type { Logger } from '../lib/logger'
import { createTopicHub, type TopicHub } from './hub'

/**
 * Changes that move a company's pay (recoveries, finds, rules, invoices, ...), keyed by company id:
 * the first day they can move ('YYYY-MM-DD', migration 062), or PAY_CHANGED_ANY_DAY.
 */
export type PayrollChangeHub = TopicHub

/** A change that may move pay on any day. */
export const PAY_CHANGED_ANY_DAY = 'changed'

export function createPayrollChangeHub(listen: Listen, logger: Logger): Promise<PayrollChangeHub> {
  return createTopicHub(listen, logger, PAYROLL_CHANNEL, (message) => {
    const { companyId, fromDay } = message as { companyId: string; fromDay?: string }
    return { key: companyId, data: fromDay ?? PAY_CHANGED_ANY_DAY }
  })
}
