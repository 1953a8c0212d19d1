// npm run bench:orders [-- --rows N] [-- --runs N] [-- --only TEXT]
// Times the Orders list's queries (GET /api/orders-list: one page and its total) on N generated
// orders: on a fresh PostgreSQL database when BENCH_DATABASE_URL (a server the bench may create
// databases on) is set (default 1,000,000 orders), otherwise on embedded PGlite in a temporary
// directory (default 100,000). Prints p50/p95 per query: no filter, each filter, searches, each
// sort, deep pages; beside SPEC.md's fetch-everything approach (every order of the company
// fetched once, then filtered, sorted and paged in JavaScript). Never touches the product's database.
import type { Kysely } from 'kysely'
import { type OrderListQuery, orderListQuerySchema } from '../src/domain/orders/order-list-query'
import { connectDatabase } from '../src/server/db/connect'
import { migrateToLatest } from '../src/server/db/migrate'
import type { DB } from '../src/server/db/schema'
import { listOrders } from '../src/server/features/order-list/repository'
import { type OrderListRow, orderFilters, selectOrderListRows } from '../src/server/queries/order-filters'
import { percentile, scratchTarget, time } from './bench-data'
import { generateOrders } from './bench-orders-data'

const argument = (name: string, fallback: number) => {
  const index = process.argv.indexOf(name)
  return index > 0 ? Number(process.argv[index + 1]) : fallback
}
const serverUrl = process.env.BENCH_DATABASE_URL
const rows = argument('--rows', serverUrl ? 1_000_000 : 100_000)
const RUNS = argument('--runs', 25)
/** Only the queries whose label contains this text (re-timing one after a busy moment). */
const only = process.argv.includes('--only') ? process.argv[process.argv.indexOf('--only') + 1] : undefined
const PAGE = 50

/** SPEC.md's way, after one fetch of everything: filter, sort and page in JavaScript. */
function filterInMemory(all: OrderListRow[], query: OrderListQuery) {
  const q = query.q?.toLowerCase()
  const matches = all.filter(
    (row) =>
      (!query.status.length || query.status.includes(row.status as never)) &&
      (!query.priority.length || query.priority.includes(row.priority as never)) &&
      (!query.client.length || query.client.includes(row.client_id ?? '')) &&
      (!query.market.length || query.market.includes(row.detected_market ?? 'Unknown')) &&
      (!query.agent ||
        (query.agent === 'unassigned' ? !row.assigned_agent_id : row.assigned_agent_id === query.agent)) &&
      (!query.camera_driver ||
        (query.camera_driver === 'unassigned'
          ? !row.assigned_camera_driver_id
          : row.assigned_camera_driver_id === query.camera_driver)) &&
      (!query.from || (row.order_date ?? '') >= query.from) &&
      (!query.to || (row.order_date ?? '') <= query.to) &&
      (!query.due_from || (row.due_date ?? '') >= query.due_from) &&
      (!query.due_to || (row.due_date ?? '') <= query.due_to) &&
      (!q ||
        [row.case_number, row.order_number, row.borrower_name, row.make, row.model, row.vin, row.license_plate].some(
          (value) => value?.toLowerCase().includes(q),
        )),
  )
  const key = query.sort === 'client' ? 'client_name' : query.sort === 'market' ? 'detected_market' : query.sort
  const sign = query.dir === 'asc' ? 1 : -1
  matches.sort(
    (a, b) =>
      sign * String(a[key as keyof OrderListRow] ?? '').localeCompare(String(b[key as keyof OrderListRow] ?? '')),
  )
  return { rows: matches.slice((query.page - 1) * PAGE, query.page * PAGE), total: matches.length }
}

const { target, drop } = await scratchTarget(serverUrl)
const database = await connectDatabase(target)
const db: Kysely<DB> = database.db
try {
  console.log(
    `Orders list benchmark: ${rows.toLocaleString('en-US')} orders on ${target.kind === 'postgres' ? 'PostgreSQL' : 'PGlite'}`,
  )
  await migrateToLatest(db)
  const company = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const started = performance.now()
  const { clients, agents, drivers } = await generateOrders(db, company.id, rows)
  console.log(`  generated, indexed and analyzed in ${((performance.now() - started) / 1000).toFixed(1)} s\n`)

  // Fragments that occur: part of a generated VIN, one borrower, one plate, one case number.
  const sample = await db
    .selectFrom('orders')
    .select(['vin', 'borrower_name', 'license_plate', 'case_number'])
    .where('case_number', '=', `CASE-${1000000 + Math.floor(rows / 3)}`)
    .executeTakeFirstOrThrow()
  const vin = (sample.vin ?? '').slice(5, 12).toLowerCase()
  const borrower = (sample.borrower_name ?? '').split(' ').slice(1).join(' ').toLowerCase()
  const plate = (sample.license_plate ?? '').toLowerCase()
  const caseNumber = sample.case_number ?? ''
  const lastPage = Math.ceil(rows / PAGE)
  const scenarios: Array<[string, Record<string, unknown>]> = [
    ['first page, default sort (order date, newest)', {}],
    ['status: Open (40%)', { status: ['Open'] }],
    ['status: Hold For Billing (0.5%)', { status: ['Hold For Billing'] }],
    ['status: three of them', { status: ['Repossessed', 'Auction', 'Need Info'] }],
    ['priority: critical (1%)', { priority: ['critical'] }],
    ['priority: medium + high', { priority: ['medium', 'high'] }],
    ['client: one of 50', { client: [clients[7]] }],
    ['market: Union City + Unknown', { market: ['Union City', 'Unknown'] }],
    ['agent: one of 200', { agent: agents[42] }],
    ['agent: unassigned', { agent: 'unassigned' }],
    ['camera driver: one of 50', { camera_driver: drivers[3] }],
    ['order date: one month', { from: '2025-03-01', to: '2025-03-31' }],
    ['due date: one month', { due_from: '2025-03-01', due_to: '2025-03-31' }],
    [
      'status + priority + market + client',
      { status: ['Open'], priority: ['medium'], market: ['Mobile'], client: [clients[2]] },
    ],
    [`search: VIN fragment '${vin}'`, { q: vin }],
    [`search: borrower '${borrower}'`, { q: borrower }],
    [`search: plate '${plate}'`, { q: plate }],
    [`search: case number '${caseNumber}'`, { q: caseNumber }],
    ['search: common word (toyota)', { q: 'toyota' }],
    ...(
      [
        ['order_date', 'asc'],
        ['due_date', 'desc'],
        ['case_number', 'asc'],
        ['order_number', 'desc'],
        ['borrower_name', 'asc'],
        ['make', 'desc'],
        ['vin', 'asc'],
        ['license_plate', 'desc'],
        ['status', 'asc'],
        ['priority', 'desc'],
        ['client', 'asc'],
        ['market', 'desc'],
        ['agent', 'asc'],
        ['camera_driver', 'desc'],
      ] as const
    ).map(([sort, dir]): [string, Record<string, unknown>] => [`sort: ${sort} ${dir}`, { sort, dir }]),
    ['deep page: 100 (default sort)', { page: 100 }],
    ['deep page: 1,000 (default sort)', { page: 1000 }],
    [`deep page: last (${lastPage.toLocaleString('en-US')}, default sort)`, { page: lastPage }],
    ['deep page: 1,000, sort by borrower', { page: 1000, sort: 'borrower_name', dir: 'asc' }],
    ['deep page: 1,000, sort by status', { page: 1000, sort: 'status', dir: 'asc' }],
    ['deep page: 100, status: Open', { page: 100, status: ['Open'] }],
  ]

  // The baseline's fetch is the same for every query: timed once, its filtering per query.
  const fetchStarted = performance.now()
  const all = await selectOrderListRows(db).where(orderFilters(company.id, {})).execute()
  const fetchMs = performance.now() - fetchStarted
  console.log(`  fetch-everything: ${all.length.toLocaleString('en-US')} orders fetched in ${fetchMs.toFixed(0)} ms\n`)

  console.log('| query | p50 ms | p95 ms | total | fetch-everything ms | ratio |')
  console.log('|---|---:|---:|---:|---:|---:|')
  let worst = 0
  for (const [label, raw] of scenarios) {
    if (only && !label.includes(only)) continue
    const query = orderListQuerySchema.parse(raw)
    const samples = await time(() => listOrders(db, company.id, query, PAGE), RUNS)
    const result = await listOrders(db, company.id, query, PAGE)
    const filterStarted = performance.now()
    filterInMemory(all, query)
    const everything = fetchMs + (performance.now() - filterStarted)
    const p50 = percentile(samples, 50)
    const p95 = percentile(samples, 95)
    worst = Math.max(worst, p95)
    const total = `${result.total.toLocaleString('en-US')}${result.totalIsCapped ? '+' : ''}`
    console.log(
      `| ${label} | ${p50.toFixed(1)} | ${p95.toFixed(1)} | ${total} | ${everything.toFixed(0)} | ${(everything / p50).toFixed(0)}x |`,
    )
  }
  console.log(`\nworst p95: ${worst.toFixed(1)} ms (each query: one page of ${PAGE} and its total, ${RUNS} runs)`)
} finally {
  await database.close()
  await drop()
}
