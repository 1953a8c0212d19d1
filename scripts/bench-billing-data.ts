// Generated money for the accounting and migration benchmarks: clients named as generateCases'
// lenders, orders, and over the last 1,000 days invoices of repossessed cases, their payments,
// redemption payments and vendor costs.
import { type Kysely, sql } from 'kysely'
import type { DB } from '../src/server/db/schema'

/** generateCases' lenders, each a client, and 25 clients with no cases. */
export async function generateClients(db: Kysely<DB>, companyId: string) {
  await sql`insert into clients (company_id, name, client_code)
    select ${companyId}::uuid, name, 'C' || n
    from unnest(array['Ally Financial','Santander Consumer USA','Capital One Auto Finance','Westlake Financial',
      'Credit Acceptance']) with ordinality as l(name, n)
    union all
    select ${companyId}::uuid, 'Lender ' || g, 'L' || g from generate_series(1, 25) g`.execute(db)
}

/**
 * `orders` orders, then money over the last 1,000 days (before today): an invoice for each
 * repossessed RDN case and order (one in eight), one payment for each invoice paid, short paid or
 * approved, and a vendor cost for one case in 16.
 */
export async function generateBilling(db: Kysely<DB>, companyId: string, orders: number) {
  const company = sql`${companyId}::uuid`
  await sql`insert into orders (company_id, order_number, case_number, status, detected_market, client_id,
      make, model, year, order_date, recovery_date)
    select ${company}, 'B-' || g, 'BC-' || g,
      (array['Open','Open','Open','Closed','Repossessed','Auction','Office Transfer','On Hold'])[1 + g % 8],
      (array['Birmingham','Mobile','Montgomery','Phenix City','Union City'])[1 + (g / 3) % 5],
      (select id from clients where company_id = ${company} order by client_code offset g % 30 limit 1),
      'Toyota', 'Camry', 2010 + g % 15, current_date - (g % 900), case when g % 8 = 4 then current_date - (g / 8) % 1000 end
    from generate_series(1, ${orders}::int) g`.execute(db)
  const statuses = sql`(array['draft','sent','lender_pending','approved','paid','paid','paid','short_paid','rejected',
    'written_off','on_hold','paid'])`
  // Each invoice's day: g / 8 walks the 1,000 days (g % 8 = 4 are the repossessed ones).
  await sql`insert into invoices (company_id, number, case_key, rdn_case_id, client_id, status, case_label,
      billed_cents, sent_on)
    select ${company}, 'R-' || c.case_id, 'rdn:' || c.id, c.id, cl.id, ${statuses}[1 + (g / 8) % 12], 'RDN ' || c.case_id,
      30000 + (g % 50) * 1000, case when ${statuses}[1 + (g / 8) % 12] <> 'draft' then current_date - 1 - (g / 8) % 1000 end
    from rdn_cases c cross join lateral (select (c.case_id % 10000000)::int as g) n
    left join clients cl on cl.company_id = c.company_id and cl.name = c.lender_name
    where c.company_id = ${company} and c.status = 'Repossessed'`.execute(db)
  await sql`insert into invoices (company_id, number, case_key, order_id, client_id, status, case_label, billed_cents, sent_on)
    select ${company}, 'O-' || o.order_number, 'order:' || o.id, o.id, o.client_id, ${statuses}[1 + (g / 8) % 12],
      o.order_number, 30000 + (g % 50) * 1000, case when ${statuses}[1 + (g / 8) % 12] <> 'draft' then current_date - 1 - (g / 8) % 1000 end
    from orders o cross join lateral (select substr(o.order_number, 3)::int as g) n
    where o.company_id = ${company} and o.status = 'Repossessed'`.execute(db)
  // Paid some weeks after it went out (not after today).
  await sql`insert into invoice_payments (company_id, invoice_id, received_on, amount_cents, reference)
    select company_id, id, least(current_date - 1, sent_on + 14 + ((billed_cents / 1000) % 30)::int),
      case when status = 'short_paid' then billed_cents - 5000 else billed_cents end, 'CHK ' || number
    from invoices where company_id = ${company} and status in ('paid', 'short_paid', 'approved')`.execute(db)
  await sql`insert into vendors (company_id, name, type)
    select ${company}, 'Vendor ' || g, (array['locksmith','transporter','storage_lot'])[1 + g % 3]
    from generate_series(1, 10) g`.execute(db)
  await sql`insert into vendor_costs (company_id, vendor_id, kind, incurred_on, amount_cents, rdn_case_id, case_label)
    select ${company}, (select id from vendors where company_id = ${company} and name = 'Vendor ' || (1 + g % 10)),
      (array['keys','transport','other'])[1 + g % 3], current_date - 1 - (g / 16) % 1000, 7500 + (g % 20) * 500, c.id,
      'RDN ' || c.case_id
    from rdn_cases c cross join lateral (select (c.case_id % 10000000)::int as g) n
    where c.company_id = ${company} and g % 16 = 4`.execute(db)
}

/** A redemption payment for one RDN case in 40 over the last 1,000 days (their table is migration 042's). */
export async function generateRedemptionPayments(db: Kysely<DB>, companyId: string) {
  const company = sql`${companyId}::uuid`
  await sql`insert into redemption_payments (company_id, case_key, rdn_case_id, amount_cents, method, received_on)
    select ${company}, 'rdn:' || c.id, c.id, 150000 + (g % 100) * 1000, 'cash', current_date - 1 - (g / 40) % 1000
    from rdn_cases c cross join lateral (select (c.case_id % 10000000)::int as g) n
    where c.company_id = ${company} and g % 40 = 4`.execute(db)
}
