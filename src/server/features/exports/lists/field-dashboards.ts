import { sql } from 'kysely'
import type { z } from 'zod'
import { cameraLookoutQuerySchema, recoveryAgentQuerySchema } from '../../../../domain/dashboards/inputs'
import { caseWorkItem, formatAddress, orderWorkItem } from '../../../../domain/dashboards/work-item'
import { OPEN_STATUS } from '../../../../domain/dashboards/work-statuses'
import { agencyOffsetMinutes } from '../../../../domain/formats/agency-time'
import { addDays, localDayOf, startOfLocalDay, startOfWeek } from '../../../../domain/formats/calendar-days'
import { OPEN_WORK } from '../../../queries/agent-work-sql'
import { caseFilters } from '../../../queries/case-filters'
import { containsPattern } from '../../../queries/like-pattern'
import { viewerMarkets, viewerRdnIds } from '../../../queries/viewer-scope'
import { concatBatches, mapBatches } from '../keyset'
import { defineExportList } from '../list-definition'
import { companyOrders, listRecoveries, workCaseBatches, workOrderBatches, workSort } from '../sources/work'
import {
  extraColumn,
  type NoFilters,
  noFilters,
  ORDER_DATE_COLUMN,
  UPDATED_COLUMN,
  WORK_COLUMNS,
  type WorkRow,
} from './work-columns'

const none = async function* (): AsyncGenerator<WorkRow[]> {}

/** By order date, missing ones last (the dashboards' order). */
const byOrderDate = (table: 'rdn_cases' | 'orders', dir: 'asc' | 'desc') =>
  workSort(sql.ref(`${table}.order_date`), 'date', dir)

/** The management dashboard's stale cases: every unfinished case without an update for 48 hours, oldest first. */
export const managementStaleExport = defineExportList<NoFilters, WorkRow>({
  name: 'management-stale',
  title: 'Stale cases',
  screen: 'Management Dashboard',
  query: noFilters,
  rows: ({ deps, viewer, batchSize }) =>
    mapBatches(
      workCaseBatches(
        deps.db,
        caseFilters(viewer.companyId, { stale: true }),
        workSort(sql.ref('rdn_cases.updated_at'), 'timestamptz', 'asc', false),
        batchSize,
      ),
      (rows): WorkRow[] => rows.map(caseWorkItem),
    ),
  columns: [...WORK_COLUMNS, { ...UPDATED_COLUMN, header: 'Last Update' }],
})

/** The field manager's unassigned open orders of their markets (an administrator's: all), oldest order first. */
export const fieldManagerUnassignedExport = defineExportList<NoFilters, WorkRow>({
  name: 'field-manager-unassigned',
  title: 'Unassigned orders',
  screen: 'Field Manager',
  query: noFilters,
  rows: async function* ({ deps, viewer, batchSize }) {
    const markets = await viewerMarkets(deps.db, viewer)
    if (markets?.length === 0) return
    yield* mapBatches(
      workOrderBatches(
        deps.db,
        companyOrders(viewer.companyId, OPEN_WORK, (eb) => [
          eb('orders.assigned_agent_id', 'is', null),
          ...(markets ? [eb('orders.detected_market', 'in', markets)] : []),
        ]),
        byOrderDate('orders', 'asc'),
        batchSize,
      ),
      (rows): WorkRow[] => rows.map((row) => ({ ...orderWorkItem(row), orderDate: row.order_date })),
    )
  },
  columns: [...WORK_COLUMNS, ORDER_DATE_COLUMN, UPDATED_COLUMN],
})

/** The recovery agent's open work (domain/agent-work): orders assigned to them and RDN cases of their RDN agent ids, newest order first: all of them. */
export const recoveryAgentAssignmentsExport = defineExportList<NoFilters, WorkRow>({
  name: 'recovery-agent-assignments',
  title: 'My assignments',
  screen: 'Recovery Agent',
  query: noFilters,
  rows: async function* ({ deps, viewer, batchSize }) {
    const rdnIds = await viewerRdnIds(deps.db, viewer)
    yield* concatBatches<WorkRow>(
      () =>
        mapBatches(
          workOrderBatches(
            deps.db,
            companyOrders(viewer.companyId, OPEN_WORK, (eb) => [eb('orders.assigned_agent_id', '=', viewer.profileId)]),
            byOrderDate('orders', 'desc'),
            batchSize,
          ),
          (rows) => rows.map((row) => ({ ...orderWorkItem(row), orderDate: row.order_date })),
        ),
      () =>
        rdnIds.length === 0
          ? none()
          : mapBatches(
              workCaseBatches(
                deps.db,
                (eb) =>
                  eb.and([
                    eb('rdn_cases.company_id', '=', viewer.companyId),
                    eb('rdn_cases.assigned_agent_id', 'in', rdnIds),
                    eb('rdn_cases.status', 'in', OPEN_WORK),
                  ]),
                byOrderDate('rdn_cases', 'desc'),
                batchSize,
              ),
              (rows) => rows.map((row) => ({ ...caseWorkItem(row), orderDate: row.order_date })),
            ),
    )
  },
  columns: [...WORK_COLUMNS, ORDER_DATE_COLUMN, UPDATED_COLUMN],
})

/** What the recovery agent recovered this week (from Monday, midnight where they are), newest first. */
export const recoveryAgentRecoveredExport = defineExportList<z.infer<typeof recoveryAgentQuerySchema>, WorkRow>({
  name: 'recovery-agent-recovered',
  title: 'Recovered this week',
  screen: 'Recovery Agent',
  query: recoveryAgentQuerySchema,
  rows: async function* ({ deps, viewer, query }) {
    const offset = query.offset ?? agencyOffsetMinutes()
    const today = query.today ?? localDayOf(new Date(), offset)
    const weekStart = startOfWeek(today)
    const rdnIds = await viewerRdnIds(deps.db, viewer)
    const { orders, cases } = await listRecoveries(deps.db, viewer.companyId, viewer.profileId, rdnIds, {
      from: startOfLocalDay(weekStart, offset),
      to: startOfLocalDay(addDays(today, 1), offset),
      fromDay: weekStart,
      toDay: today,
    })
    const rows: WorkRow[] = [
      ...orders.map((row) => ({ ...orderWorkItem(row), recoveredOn: localDayOf(row.completed_at, offset) })),
      ...cases.map((row) => ({ ...caseWorkItem(row), recoveredOn: row.repo_date })),
    ].sort((a, b) => String(b.recoveredOn).localeCompare(String(a.recoveredOn)))
    if (rows.length) yield rows
  },
  columns: [...WORK_COLUMNS, extraColumn('Recovered On', 'recoveredOn', 'date')],
})

/** A plate as letters and digits only, upper-cased (as the lookout matches it). */
const plateKey = (plate: string) => plate.toUpperCase().replace(/[^A-Z0-9]/g, '')

/** The camera car driver's lookout: open orders of their market(s), newest first, narrowed by a plate fragment. */
export const cameraDriverLookoutExport = defineExportList<z.infer<typeof cameraLookoutQuerySchema>, WorkRow>({
  name: 'camera-driver-lookout',
  title: 'Lookout',
  screen: 'Camera Car Driver',
  query: cameraLookoutQuerySchema,
  rows: async function* ({ deps, viewer, query, batchSize }) {
    const markets = await viewerMarkets(deps.db, viewer)
    if (markets?.length === 0) return
    const fragment = query.plate ? plateKey(query.plate) : ''
    yield* mapBatches(
      workOrderBatches(
        deps.db,
        companyOrders(viewer.companyId, OPEN_STATUS, (eb) => [
          ...(markets ? [eb('orders.detected_market', 'in', markets)] : []),
          ...(fragment
            ? [
                eb(
                  sql`regexp_replace(upper(coalesce(orders.license_plate, '')), '[^A-Z0-9]', '', 'g')`,
                  'like',
                  containsPattern(fragment),
                ),
              ]
            : []),
        ]),
        byOrderDate('orders', 'desc'),
        batchSize,
      ),
      (rows): WorkRow[] =>
        rows.map((row) => ({
          ...orderWorkItem(row),
          orderDate: row.order_date,
          area:
            formatAddress(null, row.last_known_city, row.last_known_state, row.last_known_zip) ??
            formatAddress(null, row.borrower_city, row.borrower_state, row.borrower_zip),
          lastSpottedLocation: row.last_spotted_location,
          lastSpottedAt: row.last_spotted_at,
        })),
    )
  },
  columns: [
    ...WORK_COLUMNS,
    extraColumn('Area', 'area', 'text', 24),
    ORDER_DATE_COLUMN,
    extraColumn('Last Spotted', 'lastSpottedLocation', 'text', 24),
    extraColumn('Last Spotted At', 'lastSpottedAt', 'timestamp'),
  ],
})
