import { sql } from 'kysely'
import type { z } from 'zod'
import { DIRECT_DROP, DIRECT_DROP_LOCATIONS, mapStorageLocation } from '../../../../domain/cases/storage-location'
import { dashboardDayQuerySchema } from '../../../../domain/dashboards/inputs'
import { KEY_JOB_LABELS, KEY_JOB_STATES, type KeyJobState } from '../../../../domain/dashboards/key-jobs'
import { caseWorkItem, formatAddress, orderWorkItem } from '../../../../domain/dashboards/work-item'
import {
  AUCTION_STATUS,
  OFFICE_TRANSFER_STATUS,
  PENDING_CLOSE_STATUS,
  REPOSSESSED_STATUS,
} from '../../../../domain/dashboards/work-statuses'
import { postRecoveryExportQuerySchema } from '../../../../domain/exports/dashboard-lists'
import { agencyDayOf, agencyToday } from '../../../../domain/formats/agency-time'
import { type Day, daysBetween } from '../../../../domain/formats/calendar-days'
import { type CaseFilters, caseFilters } from '../../../queries/case-filters'
import { decodeVin } from '../../vehicles/service'
import { concatBatches, mapBatches } from '../keyset'
import { defineExportList } from '../list-definition'
import {
  companyOrders,
  listMarketLots,
  listRedemptionPieces,
  workCaseBatches,
  workOrderBatches,
  workSort,
} from '../sources/work'
import { extraColumn, type NoFilters, noFilters, UPDATED_COLUMN, WORK_COLUMNS, type WorkRow } from './work-columns'

const NO_LOT = 'No lot recorded'

/** The day a case came into storage, as the lot dashboard sorts by it (migration 038's index; see dashboards/storage.ts). */
const caseStoredSince = sql`coalesce(rdn_cases.repo_date, (rdn_cases.time_marked_repossessed at time zone 'UTC')::date)`

/** The lot manager's repossessed vehicles: RDN cases by storage lot, then orders, longest in storage first. */
export const lotVehiclesExport = defineExportList<z.infer<typeof dashboardDayQuerySchema>, WorkRow>({
  name: 'lot-vehicles',
  title: 'Vehicles in storage',
  screen: 'Lot Manager',
  query: dashboardDayQuerySchema,
  rows: ({ deps, viewer, query, batchSize }) => {
    const today: Day = query.today ?? agencyToday()
    const daysSince = (day: string | null) => (day ? daysBetween(day, today) : null)
    return concatBatches<WorkRow>(
      () =>
        mapBatches(
          workCaseBatches(
            deps.db,
            caseFilters(viewer.companyId, { status: [REPOSSESSED_STATUS] }),
            workSort(caseStoredSince, 'date', 'asc'),
            batchSize,
          ),
          (rows) =>
            rows.map((row) => {
              const since =
                row.repo_date ?? (row.time_marked_repossessed ? agencyDayOf(row.time_marked_repossessed) : null)
              return {
                ...caseWorkItem(row),
                lot: mapStorageLocation(REPOSSESSED_STATUS, row.storage_location_name) ?? NO_LOT,
                storedSince: since,
                daysInStorage: daysSince(since),
                keysObtained: null,
              }
            }),
        ),
      () =>
        mapBatches(
          workOrderBatches(
            deps.db,
            companyOrders(viewer.companyId, REPOSSESSED_STATUS),
            workSort(sql.ref('orders.recovery_date'), 'date', 'asc'),
            batchSize,
          ),
          (rows) =>
            rows.map((row) => ({
              ...orderWorkItem(row),
              lot: NO_LOT,
              storedSince: row.recovery_date,
              daysInStorage: daysSince(row.recovery_date),
              keysObtained: row.keys_obtained,
            })),
        ),
    )
  },
  columns: [
    ...WORK_COLUMNS,
    extraColumn('Lot', 'lot', 'text', 20),
    extraColumn('In Storage Since', 'storedSince', 'date'),
    extraColumn('Days in Storage', 'daysInStorage', 'number', 10),
    extraColumn('Keys Obtained', 'keysObtained', 'boolean', 10),
  ],
})

const isKeyJobState = (state: string | null): state is KeyJobState =>
  state !== null && (KEY_JOB_STATES as readonly string[]).includes(state)

/** The key manager's and locksmith's list: repossessed orders without keys, with key type (VIN decoding) and locksmith job. */
export const keysVehiclesExport = defineExportList<NoFilters, WorkRow>({
  name: 'keys-vehicles',
  title: 'Vehicles without keys',
  screen: ['Key Manager', 'Locksmith'],
  query: noFilters,
  rows: ({ deps, viewer, batchSize }) =>
    mapBatches(
      workOrderBatches(
        deps.db,
        companyOrders(viewer.companyId, REPOSSESSED_STATUS, (eb) => [eb('orders.keys_obtained', '=', false)]),
        workSort(sql.ref('orders.recovery_date'), 'date', 'asc'),
        batchSize,
      ),
      async (rows) => {
        const vehicles: WorkRow[] = []
        // One at a time, as the dashboard does: decodes are cached, and a cold one is work in the decoder's thread.
        for (const row of rows) {
          const decoded = row.vin ? await decodeVin(deps, row.vin) : null
          vehicles.push({
            ...orderWorkItem(row),
            recoveryDate: row.recovery_date,
            keyType: decoded?.vehicleInfo?.keyType ?? null,
            job: KEY_JOB_LABELS[isKeyJobState(row.job_state) ? row.job_state : 'needed'],
          })
        }
        return vehicles
      },
    ),
  columns: [
    ...WORK_COLUMNS,
    extraColumn('Recovery Date', 'recoveryDate', 'date'),
    extraColumn('Key Type', 'keyType', 'text', 18),
    extraColumn('Locksmith Job', 'job', 'text', 18),
  ],
})

/** The transport manager's moves: Direct Drop cases, auction and transfer cases, then moving orders. */
export const transportMovesExport = defineExportList<NoFilters, WorkRow>({
  name: 'transport-moves',
  title: 'Moves',
  screen: 'Transport Manager',
  query: noFilters,
  rows: async function* ({ deps, viewer, batchSize }) {
    const companyId = viewer.companyId
    const lots = await listMarketLots(deps.db, companyId)
    const lotOf = (market: string | null) => {
      const lot = lots.find((candidate) => candidate.market === market)
      if (!lot) return null
      return lot.address ? `${lot.name} (${lot.address})` : lot.name
    }
    const directDropNames = DIRECT_DROP_LOCATIONS.map((name) => name.toLowerCase())
    const waiting = (status: string, move: string) => () =>
      mapBatches(
        workCaseBatches(
          deps.db,
          caseFilters(companyId, { status: [status] }),
          workSort(sql.ref('rdn_cases.updated_at'), 'timestamptz', 'asc', false),
          batchSize,
        ),
        (rows) =>
          rows.map((row) => ({
            ...caseWorkItem(row),
            move,
            from:
              row.storage_location_name?.trim() ||
              formatAddress(row.recovery_address, row.recovery_city, row.recovery_state, row.recovery_zip),
            to: status === AUCTION_STATUS ? 'Auction' : lotOf(row.detected_market),
          })),
      )
    yield* concatBatches<WorkRow>(
      () =>
        mapBatches(
          workCaseBatches(
            deps.db,
            (eb) =>
              eb.and([
                caseFilters(companyId, { status: [REPOSSESSED_STATUS] })(eb),
                eb(sql<string>`lower(trim(rdn_cases.storage_location_name))`, 'in', directDropNames),
              ]),
            workSort(sql.ref('rdn_cases.repo_date'), 'date', 'asc'),
            batchSize,
          ),
          (rows) =>
            rows.map((row) => ({
              ...caseWorkItem(row),
              move: DIRECT_DROP,
              from: formatAddress(row.recovery_address, row.recovery_city, row.recovery_state, row.recovery_zip),
              to: row.storage_location_name,
            })),
        ),
      waiting(AUCTION_STATUS, 'Auction'),
      waiting(OFFICE_TRANSFER_STATUS, 'Transfer'),
      () =>
        mapBatches(
          workOrderBatches(
            deps.db,
            companyOrders(companyId, [AUCTION_STATUS, OFFICE_TRANSFER_STATUS]),
            workSort(sql.ref('orders.updated_at'), 'timestamptz', 'asc', false),
            batchSize,
          ),
          (rows) =>
            rows.map((row) => {
              const from =
                formatAddress(row.recovery_location, row.recovery_city, row.recovery_state, row.recovery_zip) ??
                lotOf(row.detected_market)
              const auction = row.status === AUCTION_STATUS
              return {
                ...orderWorkItem(row),
                move: auction ? 'Auction' : 'Transfer',
                from,
                to: auction ? 'Auction' : lotOf(row.detected_market),
              }
            }),
        ),
    )
  },
  columns: [
    extraColumn('Move', 'move', 'text', 12),
    ...WORK_COLUMNS,
    extraColumn('From', 'from', 'text', 32),
    extraColumn('To', 'to', 'text', 32),
    UPDATED_COLUMN,
  ],
})

const postRecoveryQuery = postRecoveryExportQuerySchema

/** One of the post-recovery manager's lists: repossessed, pending close, or redemptions in progress; newest first. */
export const postRecoveryExport = defineExportList<z.infer<typeof postRecoveryQuery>, WorkRow>({
  name: 'post-recovery',
  title: 'Post recovery',
  screen: 'Post Recovery Manager',
  query: postRecoveryQuery,
  rows: async function* ({ deps, viewer, query, batchSize }) {
    const companyId = viewer.companyId
    let filters: CaseFilters = { status: [REPOSSESSED_STATUS] }
    let column = 'repo_date'
    if (query.section === 'pending-close') {
      filters = { status: [PENDING_CLOSE_STATUS] }
      column = 'updated_at'
    } else if (query.section === 'redemptions') {
      const statuses = [REPOSSESSED_STATUS, PENDING_CLOSE_STATUS]
      const pieces = await listRedemptionPieces(deps.db, companyId, statuses)
      if (pieces.length === 0) return
      filters = { status: statuses, substatus: pieces }
      column = 'updated_at'
    }
    yield* mapBatches(
      workCaseBatches(
        deps.db,
        caseFilters(companyId, filters),
        workSort(
          sql.ref(`rdn_cases.${column}`),
          column === 'repo_date' ? 'date' : 'timestamptz',
          'desc',
          column === 'repo_date',
        ),
        batchSize,
      ),
      (rows): WorkRow[] =>
        rows.map((row) => ({ ...caseWorkItem(row), repoDate: row.repo_date, substatus: row.substatus })),
    )
  },
  columns: [
    ...WORK_COLUMNS,
    extraColumn('Repo Date', 'repoDate', 'date'),
    extraColumn('Sub-Status', 'substatus', 'text', 28),
    UPDATED_COLUMN,
  ],
})
