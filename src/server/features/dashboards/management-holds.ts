import type { Kysely } from 'kysely'
import { agencyMidnightOf } from '../../../domain/formats/agency-time'
import type { Day } from '../../../domain/formats/calendar-days'
import type { DB } from '../../db/schema'
import { countRecoveriesAfterHold, listHoldCollisions } from '../../queries/recoveries-after-hold'

const MONTHS = 12
const LISTED = 50

/** The first day of the month `months` before `today`'s. */
const monthsBack = (today: Day, months: number): Day => {
  const [year, month] = today.split('-').map(Number)
  const first = new Date(Date.UTC(year, month - 1 - months, 1))
  return first.toISOString().slice(0, 10)
}

/**
 * Recoveries after a hold over the last twelve agency months (expected 0): per client and month,
 * each exception with its times, and the holds that arrived after a recovery (flagged for the client).
 */
export async function recoveriesAfterHold(db: Kysely<DB>, companyId: string, today: Day) {
  const since = agencyMidnightOf(monthsBack(today, MONTHS - 1))
  const [byClientMonth, exceptions, arrivedAfterRecovery] = await Promise.all([
    countRecoveriesAfterHold(db, companyId, since),
    listHoldCollisions(db, companyId, 'recovered_after_hold', { since, limit: LISTED }),
    listHoldCollisions(db, companyId, 'arrived_after_recovery', { since, limit: LISTED }),
  ])
  const thisMonth = today.slice(0, 7)
  return {
    since: monthsBack(today, MONTHS - 1),
    thisMonth: byClientMonth.filter((row) => row.month === thisMonth).reduce((sum, row) => sum + row.count, 0),
    total: byClientMonth.reduce((sum, row) => sum + row.count, 0),
    byClientMonth,
    exceptions,
    arrivedAfterRecovery,
  }
}
