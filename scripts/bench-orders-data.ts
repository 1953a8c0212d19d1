// Generated orders for the benchmarks: a company's clients, people and N orders spread over
// statuses, priorities, markets, clients, agents, camera drivers and dates, fully search-indexed.
import { randomUUID } from 'node:crypto'
import { type Kysely, sql } from 'kysely'
import { searchSortColumns } from '../src/server/db/migrations/026-order-sort-keys'
import type { DB } from '../src/server/db/schema'

export const BENCH_CLIENTS = 50
export const BENCH_AGENTS = 200
export const BENCH_DRIVERS = 50
/** Orders left waiting for the search indexer, as after a recent import. */
const PENDING = 500

/** `count` people of a role at the company (each with the sign-in user a profile needs). */
async function insertPeople(db: Kysely<DB>, companyId: string, role: string, count: number) {
  const users = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    name: `${role} ${index}`,
    email: `${role}-${index}-${companyId.slice(0, 8)}@bench.example`,
    emailVerified: true,
  }))
  await db.insertInto('auth_user').values(users).execute()
  const names = ['James', 'Mary', 'Robert', 'Patricia', 'John', 'Jennifer', 'Michael', 'Linda']
  const rows = await db
    .insertInto('profiles')
    .values(
      users.map((user, index) => ({
        user_id: user.id,
        company_id: companyId,
        email: user.email,
        first_name: names[index % names.length],
        last_name: `${role === 'camera_driver' ? 'Driver' : 'Agent'} ${index}`,
        role,
      })),
    )
    .returning('id')
    .execute()
  return rows.map((row) => row.id)
}

/** Inserts the company's clients, people and `rows` orders, indexes them for search, and analyzes. */
export async function generateOrders(db: Kysely<DB>, companyId: string, rows: number) {
  const clients = await db
    .insertInto('clients')
    .values(
      Array.from({ length: BENCH_CLIENTS }, (_, index) => ({
        company_id: companyId,
        name: `Lender ${String(index).padStart(2, '0')} Auto Finance`,
        client_code: `LEN${index}`,
      })),
    )
    .returning('id')
    .execute()
  const agents = await insertPeople(db, companyId, 'recovery_agent', BENCH_AGENTS)
  const drivers = await insertPeople(db, companyId, 'camera_driver', BENCH_DRIVERS)
  const clientIds = sql`${clients.map((client) => client.id)}::uuid[]`
  const agentIds = sql`${agents}::uuid[]`
  const driverIds = sql`${drivers}::uuid[]`
  const batch = 100_000
  for (let start = 0; start < rows; start += batch) {
    const end = Math.min(rows, start + batch)
    await sql`
      insert into orders (company_id, case_number, order_number, status, priority, make, model, year, color, vin,
        license_plate, borrower_name, detected_market, client_id, assigned_agent_id, assigned_camera_driver_id,
        order_date, due_date, updated_at)
      select ${companyId}::uuid, 'CASE-' || (1000000 + g), 'ON' || lpad(((g::bigint * 7919) % 10000000)::text, 8, '0'),
        case
          when g % 200 < 80 then 'Open' when g % 200 < 110 then 'Closed' when g % 200 < 134 then 'Repossessed'
          when g % 200 < 146 then 'On Hold' when g % 200 < 156 then 'Pending Close' when g % 200 < 166 then 'Need Info'
          when g % 200 < 176 then 'Completed' when g % 200 < 182 then 'Pending On Hold'
          when g % 200 < 188 then 'Charged Off' when g % 200 < 192 then 'Office Transfer'
          when g % 200 < 196 then 'Completed-Located' when g % 200 < 199 then 'Auction' else 'Hold For Billing'
        end,
        case when g % 100 < 90 then 'medium' when g % 100 < 96 then 'high' when g % 100 < 99 then 'low' else 'critical' end,
        (array['Toyota','Honda','Ford','Chevrolet','Nissan','Dodge','Jeep','Hyundai','Kia','GMC'])[1 + g % 10],
        (array['Camry','Accord','F-150','Silverado','Altima','Charger','Wrangler','Elantra','Optima','Sierra'])[1 + (g / 10) % 10],
        2008 + g % 17,
        (array['Black','White','Silver','Gray','Red','Blue'])[1 + g % 6],
        upper(substr(md5(g::text), 1, 17)),
        upper(substr(md5('plate' || g), 1, 3)) || '-' || (g % 10000),
        (array['James','Mary','Robert','Patricia','John','Jennifer','Michael','Linda'])[1 + g % 8] || ' ' ||
          (array['Smith','Johnson','Williams','Brown','Jones','Garcia','Miller','Davis','Rodriguez','Martinez'])[1 + (g / 8) % 10] || ' ' || g,
        case when g % 20 < 6 then 'Birmingham' when g % 20 < 10 then 'Mobile' when g % 20 < 14 then 'Montgomery'
          when g % 20 < 16 then 'Phenix City' when g % 20 < 17 then 'Union City' when g % 20 < 18 then 'Outside Area' end,
        case when g % 50 <> 7 then (${clientIds})[1 + (g / 3) % ${BENCH_CLIENTS}] end,
        case when g % 10 >= 3 then (${agentIds})[1 + (g / 11) % ${BENCH_AGENTS}] end,
        case when g % 10 >= 6 then (${driverIds})[1 + (g / 13) % ${BENCH_DRIVERS}] end,
        date '2026-11-01' - (g % 1500),
        case when g % 5 <> 0 then date '2026-11-01' - (g % 1500) + 30 end,
        timestamptz '2026-11-20' - make_interval(hours => g % 2000)
      from generate_series(${start + 1}::int, ${end}::int) g`.execute(db)
    process.stdout.write(`\r  generated ${end.toLocaleString('en-US')} orders`)
  }
  process.stdout.write('\n')
  // The search index as the background indexer leaves it, built in bulk (a few orders still queued).
  await sql`drop index order_search_trgm_idx`.execute(db)
  await sql`insert into order_search (order_id, company_id, search_text, ${searchSortColumns()})
    select o.id, o.company_id, order_search_text(o), ${searchSortColumns('o')} from orders o
    where o.company_id = ${companyId}
      and o.id not in (select id from orders where company_id = ${companyId} order by order_date nulls first, id limit ${PENDING})`.execute(
    db,
  )
  await sql`delete from order_search_pending where order_id in (select order_id from order_search)`.execute(db)
  await sql`create index order_search_trgm_idx on order_search using gin (search_text gin_trgm_ops)`.execute(db)
  await sql`vacuum analyze orders`.execute(db)
  await sql`vacuum analyze order_search`.execute(db)
  await sql`vacuum analyze order_search_pending`.execute(db)
  return { clients: clients.map((client) => client.id), agents, drivers }
}
