import { type Kysely, sql } from 'kysely'
import { DIRECT_DROP, DIRECT_DROP_LOCATIONS, mapStorageLocation } from '../../../domain/cases/storage-location'
import { VEHICLE_LIST_PAGE } from '../../../domain/dashboards/vehicle-list'
import {
  CASE_ITEM_COLUMNS,
  caseWorkItem,
  formatAddress,
  ORDER_ITEM_COLUMNS,
  orderWorkItem,
} from '../../../domain/dashboards/work-item'
import {
  AUCTION_STATUS,
  OFFICE_TRANSFER_STATUS,
  PENDING_CLOSE_STATUS,
  REPOSSESSED_STATUS,
} from '../../../domain/dashboards/work-statuses'
import { agencyDayOf } from '../../../domain/formats/agency-time'
import { type Day, daysBetween } from '../../../domain/formats/calendar-days'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { type CaseFilters, caseFilters, countCases } from '../../queries/case-filters'

const NO_LOT = 'No lot recorded'

/** Orders the transport manager moves (migration 061's orders_moving_idx holds them in their order). */
const MOVING_ORDER_STATUSES = [AUCTION_STATUS, OFFICE_TRANSFER_STATUS]

/** The day a case came into storage: its repo date, else the agency's day it was marked repossessed. */
const storedSince = (repoDate: string | null, marked: Date | null): Day | null =>
  repoDate ?? (marked ? agencyDayOf(marked) : null)

/**
 * storedSince in SQL, so the database reads cases longest in storage first (unknown last), as
 * migration 038's index holds it. Its fallback is never taken: migration 039's trigger fills
 * repo_date (the agency's day) whenever the moment is set.
 */
const caseStoredSince = sql<string>`coalesce(repo_date, (time_marked_repossessed at time zone 'UTC')::date)`

/**
 * The lot manager's yard: repossessed RDN cases by storage lot (SPEC.md section 5's mapping) and
 * repossessed orders, longest in storage first, with days in storage and keys (orders only
 * record keys). The first `limit` vehicles, beside the figures that count them all: 'Show more'
 * asks for more until the list reaches repossessed cases plus orders.
 */
export async function getLotDashboard(db: Kysely<DB>, viewer: Viewer, today: Day, limit = VEHICLE_LIST_PAGE) {
  const companyId = viewer.companyId
  const [repossessed, byLocation, cases, orders, orderCount] = await Promise.all([
    countCases(db, companyId, { status: [REPOSSESSED_STATUS] }),
    repossessedCasesByLot(db, companyId).execute(),
    db
      .selectFrom('rdn_cases')
      .select([...CASE_ITEM_COLUMNS, 'repo_date', 'time_marked_repossessed', 'storage_location_name'])
      .where(caseFilters(companyId, { status: [REPOSSESSED_STATUS] }))
      .orderBy(caseStoredSince, (order) => order.asc().nullsLast())
      .orderBy('case_id')
      .limit(limit)
      .execute(),
    repossessedOrdersPage(db, companyId, limit).execute(),
    db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<string>().as('count'))
      .where('company_id', '=', companyId)
      .where('status', '=', REPOSSESSED_STATUS)
      .executeTakeFirstOrThrow(),
  ])
  const lots = new Map<string, number>()
  for (const row of byLocation) {
    const lot = mapStorageLocation(REPOSSESSED_STATUS, row.storage_location_name) ?? NO_LOT
    lots.set(lot, (lots.get(lot) ?? 0) + Number(row.count))
  }
  const daysSince = (day: Day | null) => (day ? daysBetween(day, today) : null)
  const vehicles = [
    ...cases.map((row) => ({
      ...caseWorkItem(row),
      lot: mapStorageLocation(REPOSSESSED_STATUS, row.storage_location_name) ?? NO_LOT,
      daysInStorage: daysSince(storedSince(row.repo_date, row.time_marked_repossessed)),
      keysObtained: null,
    })),
    ...orders.map((row) => ({
      ...orderWorkItem(row),
      lot: NO_LOT,
      daysInStorage: daysSince(row.recovery_date),
      keysObtained: row.keys_obtained,
    })),
  ]
    // Stable: each part is already in this order, so the first `limit` are the same whatever the limit.
    .sort((a, b) => (b.daysInStorage ?? Number.MIN_SAFE_INTEGER) - (a.daysInStorage ?? Number.MIN_SAFE_INTEGER))
    .slice(0, limit)
  return {
    today,
    repossessedCases: repossessed,
    repossessedOrders: Number(orderCount.count),
    /** Every repossessed vehicle: what 'Show more' reaches. */
    vehiclesTotal: repossessed.count + Number(orderCount.count),
    lots: [...lots.entries()].map(([lot, count]) => ({ lot, count })).sort((a, b) => b.count - a.count),
    vehicles,
  }
}

/** Repossessed RDN cases per storage lot (migration 060's rdn_cases_status_storage_idx, read alone). */
export function repossessedCasesByLot(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('rdn_cases')
    .select((eb) => ['storage_location_name', eb.fn.countAll<string>().as('count')])
    .where(caseFilters(companyId, { status: [REPOSSESSED_STATUS] }))
    .groupBy('storage_location_name')
}

/** The first `limit` repossessed orders, longest in storage first (migration 060's orders_repossessed_storage_idx, read in order). */
export function repossessedOrdersPage(db: Kysely<DB>, companyId: string, limit: number) {
  return db
    .selectFrom('orders')
    .select([...ORDER_ITEM_COLUMNS, 'recovery_date', 'keys_obtained'])
    .where('company_id', '=', companyId)
    .where('status', '=', REPOSSESSED_STATUS)
    .orderBy('recovery_date', (order) => order.asc().nullsLast())
    .orderBy('id')
    .limit(limit)
}

/** The first `limit` orders to move, waiting longest first (migration 061's orders_moving_idx, read in order). */
export function movingOrdersPage(db: Kysely<DB>, companyId: string, limit: number) {
  return db
    .selectFrom('orders')
    .select([...ORDER_ITEM_COLUMNS, 'recovery_location', 'recovery_city', 'recovery_state', 'recovery_zip'])
    .where('company_id', '=', companyId)
    .where('status', 'in', MOVING_ORDER_STATUSES)
    .orderBy('updated_at', 'asc')
    .orderBy('id')
    .limit(limit)
}

/**
 * The transport manager's moves: Direct Drop cases from where they were recovered to the drop
 * location; auction and office-transfer vehicles (cases and orders) from where they are to the
 * auction or their market's lot.
 */
export async function getTransportDashboard(db: Kysely<DB>, viewer: Viewer, limit = VEHICLE_LIST_PAGE) {
  const companyId = viewer.companyId
  const directDropNames = DIRECT_DROP_LOCATIONS.map((name) => name.toLowerCase())
  const recoveryColumns = ['recovery_address', 'recovery_city', 'recovery_state', 'recovery_zip'] as const
  const directDropCases = db
    .selectFrom('rdn_cases')
    .where(caseFilters(companyId, { status: [REPOSSESSED_STATUS] }))
    .where(sql<string>`lower(trim(storage_location_name))`, 'in', directDropNames)
  // A status's cases, waiting longest first (a stable order, so 'Show more' only adds).
  const casesWaitingIn = (status: string) =>
    db
      .selectFrom('rdn_cases')
      .select([...CASE_ITEM_COLUMNS, ...recoveryColumns, 'storage_location_name'])
      .where(caseFilters(companyId, { status: [status] }))
      .orderBy('updated_at', 'asc')
      .orderBy('id')
      .limit(limit)
      .execute()
  const [
    directDrops,
    directDropCount,
    auctionCases,
    transferCases,
    auctionCount,
    transferCount,
    movingOrders,
    movingOrderCount,
    lots,
  ] = await Promise.all([
    directDropCases
      .select([...CASE_ITEM_COLUMNS, ...recoveryColumns, 'storage_location_name'])
      .orderBy('repo_date', 'asc')
      .orderBy('id')
      .limit(limit)
      .execute(),
    directDropCases.select((eb) => eb.fn.countAll<string>().as('count')).executeTakeFirstOrThrow(),
    casesWaitingIn(AUCTION_STATUS),
    casesWaitingIn(OFFICE_TRANSFER_STATUS),
    countCases(db, companyId, { status: [AUCTION_STATUS] }),
    countCases(db, companyId, { status: [OFFICE_TRANSFER_STATUS] }),
    movingOrdersPage(db, companyId, limit).execute(),
    // Counted as the database keeps them (migration 021), not by reading every such order.
    db
      .selectFrom('order_counts')
      .select((eb) => eb.fn.coalesce(eb.fn.sum<string>('orders'), sql<string>`0`).as('count'))
      .where('company_id', '=', companyId)
      .where('status', 'in', MOVING_ORDER_STATUSES)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('market_lots')
      .select(['market', 'name', 'address'])
      .where('company_id', '=', companyId)
      .where('active', '=', true)
      .orderBy('name')
      .execute(),
  ])
  const lotOf = (market: string | null) => {
    const lot = lots.find((candidate) => candidate.market === market)
    if (!lot) return null
    return lot.address ? `${lot.name} (${lot.address})` : lot.name
  }
  // Where a case is now: its storage location, else where it was recovered.
  const caseFrom = (row: (typeof directDrops)[number]) =>
    row.storage_location_name?.trim() ||
    formatAddress(row.recovery_address, row.recovery_city, row.recovery_state, row.recovery_zip)
  const moves = [
    ...directDrops.map((row) => ({
      ...caseWorkItem(row),
      move: DIRECT_DROP,
      from: formatAddress(row.recovery_address, row.recovery_city, row.recovery_state, row.recovery_zip),
      to: row.storage_location_name,
    })),
    ...auctionCases.map((row) => ({ ...caseWorkItem(row), move: 'Auction', from: caseFrom(row), to: 'Auction' })),
    ...transferCases.map((row) => ({
      ...caseWorkItem(row),
      move: 'Transfer',
      from: caseFrom(row),
      to: lotOf(row.detected_market),
    })),
    ...movingOrders.map((row) => {
      const from =
        formatAddress(row.recovery_location, row.recovery_city, row.recovery_state, row.recovery_zip) ??
        lotOf(row.detected_market)
      return row.status === AUCTION_STATUS
        ? { ...orderWorkItem(row), move: 'Auction', from, to: 'Auction' }
        : { ...orderWorkItem(row), move: 'Transfer', from, to: lotOf(row.detected_market) }
    }),
  ]
  return {
    directDrops: Number(directDropCount.count),
    auctionCases: auctionCount,
    transferCases: transferCount,
    moves,
    /** Every move (cases and orders), which 'Show more' reaches: the listed part is `moves`. */
    movesTotal:
      Number(directDropCount.count) + auctionCount.count + transferCount.count + Number(movingOrderCount.count),
  }
}

/**
 * The post-recovery manager's desk: repossessed and pending-close RDN cases, and redemptions in
 * progress (a sub-status naming a redemption on a repossessed or pending-close case).
 */
export async function getPostRecoveryDashboard(db: Kysely<DB>, viewer: Viewer) {
  const companyId = viewer.companyId
  const pieces = await sql<{ piece: string }>`
    select distinct trim(piece) as piece
    from rdn_cases, unnest(regexp_split_to_array(trim(coalesce(substatus, '')), '\\s*\\|\\s*')) as piece
    where company_id = ${companyId} and status in (${REPOSSESSED_STATUS}, ${PENDING_CLOSE_STATUS})
      and substatus ilike '%redemption%'`.execute(db)
  const redemptionPieces = pieces.rows.map((row) => row.piece).filter((piece) => /redemption/i.test(piece))
  const listed = (filters: CaseFilters, order: 'repo_date' | 'updated_at') =>
    db
      .selectFrom('rdn_cases')
      .select([...CASE_ITEM_COLUMNS, 'repo_date', 'substatus'])
      .where(caseFilters(companyId, filters))
      // Newest first, nulls last: the column's (company, column desc nulls last) index read forwards.
      .orderBy(order, (direction) => direction.desc().nullsLast())
      .limit(20)
      .execute()
  const redemptionFilters: CaseFilters = {
    substatus: redemptionPieces,
    status: [REPOSSESSED_STATUS, PENDING_CLOSE_STATUS],
  }
  const [repossessed, pendingClose, redemptions, repossessedRows, pendingRows, redemptionRows] = await Promise.all([
    countCases(db, companyId, { status: [REPOSSESSED_STATUS] }),
    countCases(db, companyId, { status: [PENDING_CLOSE_STATUS] }),
    redemptionPieces.length ? countCases(db, companyId, redemptionFilters) : { count: 0, filters: null },
    listed({ status: [REPOSSESSED_STATUS] }, 'repo_date'),
    listed({ status: [PENDING_CLOSE_STATUS] }, 'updated_at'),
    redemptionPieces.length ? listed(redemptionFilters, 'updated_at') : [],
  ])
  const withDetails = (row: (typeof repossessedRows)[number]) => ({
    ...caseWorkItem(row),
    repoDate: row.repo_date,
    substatus: row.substatus,
  })
  return {
    repossessed: { ...repossessed, cases: repossessedRows.map(withDetails) },
    pendingClose: { ...pendingClose, cases: pendingRows.map(withDetails) },
    redemptions: { ...redemptions, cases: redemptionRows.map(withDetails) },
  }
}
