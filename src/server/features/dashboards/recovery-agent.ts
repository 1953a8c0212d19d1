import type { Kysely } from 'kysely'
import {
  CASE_ITEM_COLUMNS,
  caseWorkItem,
  ORDER_ITEM_COLUMNS,
  orderWorkItem,
  type WorkItem,
} from '../../../domain/dashboards/work-item'
import { addDays, type Day, localDayOf, startOfLocalDay, startOfWeek } from '../../../domain/formats/calendar-days'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { zipCentre } from '../../integrations/geocoding/offline-zip-geocoder'
import { OPEN_WORK, openWorkOf } from '../../queries/agent-work-sql'
import { notStoppedSql } from '../../queries/assignable-work-sql'
import { updateMarks } from '../assignments/update-clocks'
import { viewerRdnIds } from './people'

/** More than this many open assignments is more than a day's work: the rest waits for the next ones. */
const ASSIGNMENT_LIMIT = 200

/** A work item with the centre of its ZIP, so the browser can put the nearest first. */
const located = (item: WorkItem) => ({ ...item, coordinates: zipCentre(item.zip) })

/**
 * The recovery agent's day: their open work (domain/agent-work) among orders (assigned to them)
 * and RDN cases (their RDN agent ids), with how many that is in all, and what they recovered since Monday, midnight where they are.
 * A stopped case (on hold) stays counted as open work but leaves the list: it is not to be recovered (issue 44).
 */
export async function getRecoveryAgentDashboard(db: Kysely<DB>, viewer: Viewer, today: Day, offsetMinutes: number) {
  const weekStart = startOfWeek(today)
  const rdnIds = await viewerRdnIds(db, viewer)
  const [orders, cases, completedOrders, repossessedCases, openCount] = await Promise.all([
    db
      .selectFrom('orders')
      .select(ORDER_ITEM_COLUMNS)
      .where('company_id', '=', viewer.companyId)
      .where('assigned_agent_id', '=', viewer.profileId)
      .where('status', 'in', OPEN_WORK)
      .where(notStoppedSql('status'))
      .orderBy('order_date', 'desc')
      .limit(ASSIGNMENT_LIMIT + 1)
      .execute(),
    rdnIds.length === 0
      ? []
      : db
          .selectFrom('rdn_cases')
          .select(CASE_ITEM_COLUMNS)
          .where('company_id', '=', viewer.companyId)
          .where('assigned_agent_id', 'in', rdnIds)
          .where('status', 'in', OPEN_WORK)
          .where(notStoppedSql('status'))
          .orderBy('order_date', 'desc')
          .limit(ASSIGNMENT_LIMIT + 1)
          .execute(),
    db
      .selectFrom('repo_completions')
      .innerJoin('orders', 'orders.id', 'repo_completions.order_id')
      .select(ORDER_ITEM_COLUMNS.map((column) => `orders.${column}` as const))
      .select('repo_completions.completed_at')
      .where('repo_completions.company_id', '=', viewer.companyId)
      .where('repo_completions.agent_id', '=', viewer.profileId)
      .where('repo_completions.completed_at', '>=', startOfLocalDay(weekStart, offsetMinutes))
      .where('repo_completions.completed_at', '<', startOfLocalDay(addDays(today, 1), offsetMinutes))
      .orderBy('repo_completions.completed_at', 'desc')
      .execute(),
    rdnIds.length === 0
      ? []
      : db
          .selectFrom('rdn_cases')
          .select([...CASE_ITEM_COLUMNS, 'repo_date'])
          .where('company_id', '=', viewer.companyId)
          .where('assigned_agent_id', 'in', rdnIds)
          .where('repo_date', '>=', weekStart)
          .where('repo_date', '<=', today)
          .orderBy('repo_date', 'desc')
          .execute(),
    // The board's count of the same work, however many the list below holds.
    openWorkOf(db, viewer.companyId, viewer.profileId, rdnIds),
  ])
  const openOrders = orders.slice(0, ASSIGNMENT_LIMIT)
  const openCases = cases.slice(0, ASSIGNMENT_LIMIT)
  // Issue 19's clock: the cases whose client's update cadence has passed since the agent's last word.
  const marks = await updateMarks(
    db,
    viewer.companyId,
    openOrders.map((row) => row.id),
    openCases.map((row) => row.case_id),
  )
  const noMark = { updateDue: false, updateDueAt: null }
  const assignments = [...openOrders.map(orderWorkItem), ...openCases.map(caseWorkItem)].map((item) => ({
    ...located(item),
    ...(marks.get(`${item.kind}:${item.id}`) ?? noMark),
  }))
  const recovered = [
    ...completedOrders.map((row) => ({
      ...orderWorkItem(row),
      recoveredOn: localDayOf(row.completed_at, offsetMinutes),
    })),
    ...repossessedCases.map((row) => ({ ...caseWorkItem(row), recoveredOn: row.repo_date as string })),
  ].sort((a, b) => b.recoveredOn.localeCompare(a.recoveredOn))
  return {
    today,
    weekStart,
    assignments,
    openCount,
    assignmentsTruncated: orders.length > ASSIGNMENT_LIMIT || cases.length > ASSIGNMENT_LIMIT,
    recovered,
  }
}
