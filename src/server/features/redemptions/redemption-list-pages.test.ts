import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { pagedRdnCases } from './list-service'

// Issue 42 (timed at 1,000,000 RDN cases: npm run bench:screens -- --only redemptions): a page of
// the Vehicle Redemptions list is each source's first rows read from migration 056's indexes and
// merged, and its total an index-only count; it shows what sorting every recovered vehicle showed
// (the query below, as it was): the same rows, in the same order, with the same total, under every
// filter.

let t: TestApp
let admin: Awaited<ReturnType<TestApp['createUser']>>

const at = (day: number, hour: number) => new Date(Date.UTC(2026, 0, 1 + day, hour, 30))
const dayText = (day: number) => at(day, 12).toISOString().slice(0, 10)

beforeAll(async () => {
  t = await createTestApp()
  admin = await t.createUser('admin')
  const client = await t.db
    .insertInto('clients')
    .values({ company_id: t.companyId, name: 'Page Credit', client_code: 'PGC' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const vendor = await t.db
    .insertInto('vendors')
    .values({ company_id: t.companyId, name: 'Page Auction', type: 'auction' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const orderStatuses = ['Repossessed', 'Open', 'Closed', 'Repossessed']
  const orders = await t.db
    .insertInto('orders')
    .values(
      Array.from({ length: 60 }, (_, n) => ({
        company_id: t.companyId,
        // Ties on the day are broken by label, then key; labels repeat.
        order_number: `RP-${n % 13}`,
        status: orderStatuses[n % orderStatuses.length],
        recovery_date: n % 3 === 0 ? dayText(n % 5) : null,
        client_id: n % 2 === 0 ? client.id : null,
        borrower_name: `Owner ${n}`,
        vin: `VINO${n}`,
      })),
    )
    .returning('id')
    .execute()
  const caseStatuses = ['Repossessed', 'Open', 'Closed', 'Need Info', 'Repossessed']
  const cases = await t.db
    .insertInto('rdn_cases')
    .values(
      Array.from({ length: 90 }, (_, n) => ({
        company_id: t.companyId,
        case_id: 880_000 + n,
        case_number: n % 7 === 0 ? null : `RP-${n % 11}`,
        status: caseStatuses[n % caseStatuses.length],
        repo_date: n % 4 === 0 ? dayText(n % 6) : null,
        time_marked_repossessed: n % 3 === 0 ? at(n % 5, n % 2 === 0 ? 0 : 23) : null,
        debtor_name: `Debtor ${n}`,
        vin: `VINC${n}`,
        lender_name: n % 2 === 0 ? 'Page Credit' : 'Free Lender',
      })),
    )
    .returning(['id', 'case_id'])
    .execute()
  // The last-changed day decides a vehicle with no recovery day: spread over days, near midnight.
  for (const [n, order] of orders.entries()) {
    await sql`update orders set updated_at = ${at(n % 4, n % 2 === 0 ? 0 : 23)} where id = ${order.id}`.execute(t.db)
  }
  for (const [n, row] of cases.entries()) {
    await sql`update rdn_cases set updated_at = ${at(n % 6, n % 2 === 0 ? 1 : 23)} where id = ${row.id}`.execute(t.db)
  }
  const releaseOf = (n: number) =>
    n % 4 === 0
      ? { kind: 'transport' as const, vendor_id: vendor.id, status: 'authorized' as const }
      : n % 4 === 1
        ? { kind: 'release' as const, status: 'completed' as const, completed_at: at(9, 10), released_to: 'Dana' }
        : n % 4 === 2
          ? { kind: 'transport' as const, vendor_id: vendor.id, status: 'completed' as const, completed_at: at(9, 11) }
          : { kind: 'release' as const, status: 'cancelled' as const }
  await t.db
    .insertInto('vehicle_releases')
    .values([
      ...orders
        .filter((_, n) => n % 5 === 0)
        .map((order, n) => ({
          company_id: t.companyId,
          case_key: `order:${order.id}`,
          order_id: order.id,
          ...releaseOf(n),
        })),
      ...cases
        .filter((_, n) => n % 3 === 0)
        .map((row, n) => ({
          company_id: t.companyId,
          case_key: `rdn:${row.id}`,
          rdn_case_id: row.id,
          ...releaseOf(n + 1),
        })),
    ])
    .execute()
  const other = await t.createCompany('Other Redemptions Co')
  await t.db
    .insertInto('orders')
    .values({ company_id: other, order_number: 'RP-1', status: 'Repossessed', recovery_date: dayText(9) })
    .execute()
})

afterAll(async () => {
  await t?.close()
})

type Row = { case_key: string; label: string; recovered_on: string; state: string; client: string | null }

/** The list as it was read before issue 42: every recovered vehicle sorted. */
async function listedBefore(query: { q?: string; status?: string; limit: number }) {
  const pattern = query.q ? `%${query.q.toLowerCase()}%` : null
  const listed = sql`from (
      select 'order:' || o.id as case_key, coalesce(o.order_number, o.case_number, '') as label, o.vin,
        o.borrower_name as debtor, coalesce(cl.display_name, cl.name) as client,
        to_char(coalesce(o.recovery_date::date, o.updated_at::date), 'YYYY-MM-DD') as recovered_on
      from orders o left join clients cl on cl.id = o.client_id
      where o.company_id = ${t.companyId} and (o.status = 'Repossessed' or o.recovery_date is not null)
      union all
      select 'rdn:' || c.id, coalesce(c.case_number, c.case_id::text), c.vin, c.debtor_display_name,
        coalesce(cl.display_name, cl.name, c.lender_name, c.lienholder_name),
        to_char(coalesce(c.repo_date::date, c.time_marked_repossessed::date, c.updated_at::date), 'YYYY-MM-DD')
      from rdn_cases c left join clients cl on cl.id = c.client_id
      where c.company_id = ${t.companyId}
        and (c.status = 'Repossessed' or c.repo_date is not null or c.time_marked_repossessed is not null)
        and (${pattern}::text is null or c.search_text like ${pattern})
    ) v
    left join vehicle_releases r on r.case_key = v.case_key and r.company_id = ${t.companyId} and r.status <> 'cancelled'
    left join compliance_documents d on d.id = r.release_document_id
    cross join lateral (select case
      when r.id is null then 'none'
      when r.status = 'completed' and r.kind = 'release' then 'released'
      when r.status = 'completed' then 'transported'
      when r.kind = 'release' and d.status = 'signed' then 'signed'
      when r.kind = 'release' and r.release_document_id is not null then 'waiting'
      else 'authorized' end as state) s
    where (${pattern}::text is null or lower(v.label) like ${pattern} or lower(coalesce(v.vin, '')) like ${pattern}
        or lower(coalesce(v.debtor, '')) like ${pattern})
      and (${query.status ?? null}::text is null or s.state = ${query.status ?? null})`
  const rows = await sql<Row>`select v.case_key, v.label, v.recovered_on, s.state, v.client ${listed}
    order by v.recovered_on desc nulls last, v.label, v.case_key limit ${query.limit}`.execute(t.db)
  const total = await sql<{ count: string }>`select count(*) as count ${listed}`.execute(t.db)
  return { total: Number(total.rows[0].count), rows: rows.rows }
}

describe('a page of the Vehicle Redemptions list', () => {
  const queries = [
    { limit: 50 },
    { limit: 7 },
    { limit: 1 },
    { limit: 1000 },
    { status: 'none', limit: 20 },
    { status: 'authorized', limit: 5 },
    { status: 'released', limit: 50 },
    { status: 'transported', limit: 3 },
    { q: 'rp-1', limit: 10 },
    { q: 'RP-', status: 'none', limit: 8 },
    { q: 'vinc3', limit: 50 },
    { q: 'owner 4', limit: 50 },
    { q: '88000', limit: 4 },
  ]
  for (const query of queries) {
    it(`shows what sorting every recovered vehicle showed: ${JSON.stringify(query)}`, async () => {
      const search = new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)]))
      const response = await t.request('GET', `/api/redemptions?${search}`, { cookie: admin.cookie })
      expect(response.status, JSON.stringify(response.json)).toBe(200)
      const before = await listedBefore(query)
      expect(before.rows.length).toBeGreaterThan(0)
      expect(response.json.total).toBe(before.total)
      expect(
        response.json.vehicles.map((vehicle: Record<string, unknown>) => ({
          case_key: vehicle.caseKey,
          label: vehicle.label,
          recovered_on: vehicle.recoveredOn,
          state: vehicle.state,
          client: vehicle.client,
        })),
      ).toEqual(before.rows)
    })
  }

  it('walks the list’s order for a release state from an index holding the case ids (migration 061)', async () => {
    await sql`analyze rdn_cases`.execute(t.db)
    const plan = await t.db.transaction().execute(async (trx) => {
      // As at a million cases, where a state's vehicles are too many to sort (few releases here).
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`set local enable_sort = off`.execute(trx)
      const [row] = await pagedRdnCases(
        trx,
        t.companyId,
        { q: undefined, status: 'released', limit: 50 },
        null,
        false,
      ).explain('json')
      const json = row['QUERY PLAN']
      return JSON.stringify(typeof json === 'string' ? JSON.parse(json) : json)
    })
    expect(plan).toContain('"Index Name":"rdn_cases_redemption_walk_idx"')
    expect(plan).not.toContain('"Node Type":"Sort"')
  })
})
