import { type Expression, type ExpressionBuilder, type Kysely, type SqlBool, sql } from 'kysely'
import { CASE_ITEM_COLUMNS, ORDER_ITEM_COLUMNS } from '../../../../domain/dashboards/work-item'
import type { DB } from '../../../db/schema'
import { EXPORT_KEYS, type KeyPart, sortedBatches } from '../keyset'

/** How a dashboard list orders its vehicles: a column (maybe null), either way, then the id the same way. */
export type WorkSort = {
  expression: KeyPart['expression']
  type: KeyPart['type']
  dir: 'asc' | 'desc'
  nullsFirst: boolean
  nullable?: boolean
}

type OrderWhere = (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>

/** A dashboard list's orders: the company's of a status (or any of several), and what else the list asks. */
export const companyOrders =
  (
    companyId: string,
    status: string | readonly string[],
    more: (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>[] = () => [],
  ): OrderWhere =>
  (eb) =>
    eb.and([
      eb('orders.company_id', '=', companyId),
      typeof status === 'string' ? eb('orders.status', '=', status) : eb('orders.status', 'in', status),
      ...more(eb),
    ])

/** A dashboard list's order by one column, missing values last (`nullable` false: the column has none). */
export const workSort = (
  expression: WorkSort['expression'],
  type: WorkSort['type'],
  dir: WorkSort['dir'],
  nullable = true,
): WorkSort => ({ expression, type, dir, nullsFirst: false, nullable })

const CASE_EXTRA_COLUMNS = [
  'order_date',
  'repo_date',
  'time_marked_repossessed',
  'storage_location_name',
  'recovery_address',
  'recovery_city',
  'recovery_state',
  'recovery_zip',
  'substatus',
] as const

const ORDER_EXTRA_COLUMNS = [
  'order_date',
  'recovery_date',
  'keys_obtained',
  'recovery_location',
  'recovery_city',
  'recovery_state',
  'recovery_zip',
  'last_spotted_location',
  'last_spotted_at',
] as const

/** A dashboard list's RDN cases (the dashboard's own WHERE, which scopes to the company), in keyset batches. */
export function workCaseBatches(
  db: Kysely<DB>,
  where: (eb: ExpressionBuilder<DB, 'rdn_cases'>) => Expression<SqlBool>,
  sort: WorkSort,
  batchSize: number,
) {
  return sortedBatches({
    sort,
    id: { expression: sql.ref('rdn_cases.id'), type: 'uuid' },
    dir: sort.dir,
    nullsFirst: sort.nullsFirst,
    nullable: sort.nullable,
    batchSize,
    page: ({ after, orderBy, keys, limit }, part) =>
      db
        .selectFrom('rdn_cases')
        .select([...CASE_ITEM_COLUMNS, ...CASE_EXTRA_COLUMNS])
        .select(keys.as(EXPORT_KEYS))
        .where(where)
        .where(part)
        .$if(after !== null, (qb) => qb.where(after as NonNullable<typeof after>))
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
}

/** A dashboard list's orders (the dashboard's own WHERE, which scopes to the company), with their locksmith job, in keyset batches. */
export function workOrderBatches(
  db: Kysely<DB>,
  where: (eb: ExpressionBuilder<DB, 'orders'>) => Expression<SqlBool>,
  sort: WorkSort,
  batchSize: number,
) {
  return sortedBatches({
    sort,
    id: { expression: sql.ref('orders.id'), type: 'uuid' },
    dir: sort.dir,
    nullsFirst: sort.nullsFirst,
    nullable: sort.nullable,
    batchSize,
    page: ({ after, orderBy, keys, limit }, part) =>
      db
        .selectFrom('orders')
        .leftJoin('key_jobs', 'key_jobs.order_id', 'orders.id')
        .select([...ORDER_ITEM_COLUMNS, ...ORDER_EXTRA_COLUMNS].map((column) => `orders.${column}` as const))
        .select(['key_jobs.state as job_state', keys.as(EXPORT_KEYS)])
        .where((eb) => where(eb as unknown as ExpressionBuilder<DB, 'orders'>))
        .where(part)
        .$if(after !== null, (qb) => qb.where(after as NonNullable<typeof after>))
        .orderBy(orderBy)
        .limit(limit)
        .execute(),
  })
}

/** The company's active lots by market, for where a transfer goes. */
export function listMarketLots(db: Kysely<DB>, companyId: string) {
  return db
    .selectFrom('market_lots')
    .select(['market', 'name', 'address'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .orderBy('name')
    .execute()
}

/** The redemption pieces of the company's repossessed and pending-close cases' sub-statuses (as the post-recovery dashboard finds them). */
export async function listRedemptionPieces(db: Kysely<DB>, companyId: string, statuses: string[]) {
  const pieces = await sql<{ piece: string }>`
    select distinct trim(piece) as piece
    from rdn_cases, unnest(regexp_split_to_array(trim(coalesce(substatus, '')), '\\s*\\|\\s*')) as piece
    where company_id = ${companyId} and status in (${sql.join(statuses)})
      and substatus ilike '%redemption%'`.execute(db)
  return pieces.rows.map((row) => row.piece).filter((piece) => /redemption/i.test(piece))
}

/** An agent's recoveries in a period: completed orders and repossessed RDN cases (a week's, so one query each). */
export async function listRecoveries(
  db: Kysely<DB>,
  companyId: string,
  profileId: string,
  rdnIds: string[],
  period: { from: Date; to: Date; fromDay: string; toDay: string },
) {
  const [orders, cases] = await Promise.all([
    db
      .selectFrom('repo_completions')
      .innerJoin('orders', 'orders.id', 'repo_completions.order_id')
      .select(ORDER_ITEM_COLUMNS.map((column) => `orders.${column}` as const))
      .select('repo_completions.completed_at')
      .where('repo_completions.company_id', '=', companyId)
      .where('repo_completions.agent_id', '=', profileId)
      .where('repo_completions.completed_at', '>=', period.from)
      .where('repo_completions.completed_at', '<', period.to)
      .orderBy('repo_completions.completed_at', 'desc')
      .execute(),
    rdnIds.length === 0
      ? []
      : db
          .selectFrom('rdn_cases')
          .select([...CASE_ITEM_COLUMNS, 'repo_date'])
          .where('company_id', '=', companyId)
          .where('assigned_agent_id', 'in', rdnIds)
          .where('repo_date', '>=', period.fromDay)
          .where('repo_date', '<=', period.toDay)
          .orderBy('repo_date', 'desc')
          .execute(),
  ])
  return { orders, cases }
}
