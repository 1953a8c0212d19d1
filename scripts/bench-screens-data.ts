// Generated data for every screen (npm run bench:screens), on the shared generators: the company
// 'Bench Co', its people (one signed-in person per role, agent0..199 as RDN agents AGENT-0..199),
// clients, RDN cases, orders and money (generateClients, generateCases, generateBilling,
// generateRedemptionPayments), and the tables those leave empty, in a real agency's proportions:
// market ZIP codes and lots, agent mappings, notifications (50 per person), timeline entries (two per
// case and order), the audit log (two per case and 100,000 sign-ins), fee requests (one per 20 cases),
// condition reports (every other recovery), vehicle releases (one recovery in 5), personal property
// inventories (one recovery in 4, three items each), compliance documents (one per 500 cases) and
// pay entries (one per 50 cases) with pay rules. Set-based: 1,000,000 cases in a few minutes on PostgreSQL.
// Repossessed cases get their `time_marked_repossessed` from their repo date (migration 039's trigger).
import { hashPassword } from 'better-auth/crypto'
import { type Kysely, sql } from 'kysely'
import type { Role } from '../src/domain/auth/roles'
import { insertCredentialUser } from '../src/server/auth/credential-users'
import { searchSortColumns } from '../src/server/db/migrations/026-order-sort-keys'
import type { DB } from '../src/server/db/schema'
import { generateBilling, generateClients, generateRedemptionPayments } from './bench-billing-data'
import { generateCases } from './bench-data'

export const BENCH_PASSWORD = 'Bench-pass-1'
/** The people who sign in, one per role: <name>@bench.test. */
export const BENCH_SIGN_INS: Record<string, Role> = {
  admin: 'admin',
  manager: 'manager',
  field: 'field_manager',
  agent: 'recovery_agent',
  lot: 'lot_manager',
  camera: 'camera_driver',
  keys: 'key_manager',
  transport: 'transport_manager',
  locksmith: 'locksmith',
  compliance: 'compliance_manager',
  post: 'post_recovery_manager',
}
const AGENTS = 200
const MARKETS = ['Birmingham', 'Mobile', 'Montgomery', 'Phenix City', 'Union City']
const n = (value: number | string) => Number(value).toLocaleString('en-US')

async function step(label: string, run: () => Promise<unknown>) {
  const started = performance.now()
  await run()
  console.log(`  ${label}: ${((performance.now() - started) / 1000).toFixed(1)} s`)
}

/** Everything every screen reads, at `cases` RDN cases and a tenth as many orders, in a migrated, empty database. */
export async function generateScreensData(db: Kysely<DB>, cases: number) {
  const { id: companyId } = await db
    .insertInto('companies')
    .values({ name: 'Bench Co' })
    .returning('id')
    .executeTakeFirstOrThrow()
  await step('people', () => generatePeople(db, companyId))
  await step('clients and RDN cases', async () => {
    await generateClients(db, companyId)
    await generateCases(db, companyId, cases)
  })
  await step('orders, invoices, payments and vendor costs', () => generateBilling(db, companyId, cases / 10))
  await step('redemption payments', () => generateRedemptionPayments(db, companyId))
  await fillScreensData(db)
}

/**
 * What the shared generators leave empty, added to a database of theirs ('Bench Co': a copy of the
 * shared 1,000,000-case database, or generateScreensData's own): each part only where its table
 * has none yet, so a database filled once is left as it is.
 */
export async function fillScreensData(db: Kysely<DB>) {
  const { id: companyId } = await db
    .selectFrom('companies')
    .select('id')
    .where('name', '=', 'Bench Co')
    .executeTakeFirstOrThrow()
  const company = sql`${companyId}::uuid`
  const cases = Number(
    (await sql<{ n: string }>`select count(*)::text as n from rdn_cases where company_id = ${company}`.execute(db))
      .rows[0].n,
  )
  /** Runs `run` unless `table` has a row of the company (where `where` says, when given) already. */
  const unless = async (table: string, label: string, run: () => Promise<unknown>, where = sql`true`) => {
    const found =
      await sql`select 1 from ${sql.table(table)} where company_id = ${company} and ${where} limit 1`.execute(db)
    if (found.rows.length > 0) return
    await step(label, run)
    added = true
  }
  let added = false
  const people = await db.selectFrom('profiles').select('email').where('company_id', '=', companyId).execute()
  const emails = new Set(people.map((profile) => profile.email))
  if (
    !emails.has('agent0@bench.test') ||
    Object.keys(BENCH_SIGN_INS).some((name) => !emails.has(`${name}@bench.test`))
  ) {
    await step('people', () => generatePeople(db, companyId))
    added = true
  }
  // Orders the background indexer has yet to take (all of them after the shared generators): indexed in bulk.
  const pending =
    await sql`select 1 from order_search_pending where company_id = ${company} offset 1000 limit 1`.execute(db)
  if (pending.rows.length > 0) {
    await step('order search index', () => indexOrders(db, companyId))
    added = true
  }
  await unless('market_zip_codes', 'market ZIP codes', () =>
    // generateCases' ZIPs (352xx) and a thousand more around them, each in a market.
    sql`insert into market_zip_codes (company_id, zip_code, market)
      select ${company}, (35000 + g)::text, (${MARKETS}::text[])[1 + (g / 7) % 5] from generate_series(0, 999) g`.execute(
      db,
    ),
  )
  await unless('market_lots', 'market lots', () =>
    sql`insert into market_lots (company_id, market, name, address, latitude, longitude)
      select ${company}, m, m || ' Lot ' || k, k || '00 Industrial Pkwy', 31 + i * 0.5 + k * 0.01, -87.5 + i * 0.4
      from unnest(${MARKETS}::text[]) with ordinality as t(m, i), generate_series(1, 2) k`.execute(db),
  )
  // generateCases' agent ids AGENT-0..199: agent@bench.test is AGENT-0, agentN@bench.test AGENT-N.
  await unless('rdn_agent_mappings', 'agent mappings', () =>
    sql`insert into rdn_agent_mappings (company_id, rdn_agent_id, profile_id)
      select company_id, case when email = 'agent@bench.test' then 'AGENT-0' else 'AGENT-' || substring(email from '^agent(\\d+)@') end, id
      from profiles where company_id = ${company} and email ~ '^agent([1-9]\\d*)?@bench\\.test$'
      on conflict do nothing`.execute(db),
  )
  // The triggers tell an agent of each case assigned: the rest are these.
  await unless('notifications', 'notifications', () => generateNotifications(db, companyId), sql`kind = 'camera_find'`)
  // As history loaded in bulk: without the triggers that tell people of a new note (notifications have their own rows).
  await unless('case_timeline', 'timeline entries', () =>
    db.connection().execute(async (connection) => {
      await sql`set session_replication_role = replica`.execute(connection)
      try {
        await generateTimeline(connection, companyId, cases)
      } finally {
        await sql`set session_replication_role = origin`.execute(connection)
      }
    }),
  )
  await unless('audit_log', 'audit log', () => generateAuditLog(db, companyId, cases))
  await unless('fee_requests', 'fee requests, condition reports, releases and property', () =>
    generateRecoveryWork(db, companyId),
  )
  await unless('rate_cards', 'rate cards', () => generateRateCards(db, companyId))
  await unless('compliance_documents', 'compliance documents', () => generateCompliance(db, companyId, cases))
  await unless('pay_entries', 'pay rules and entries', () => generatePay(db, companyId, cases))
  if (!added) return
  await step('vacuum analyze', () => sql`vacuum analyze`.execute(db))
  const counts = await sql<Record<string, string>>`select
      (select count(*) from rdn_cases)::text as "RDN cases",
      (select count(*) from rdn_cases where time_marked_repossessed is not null)::text as "marked repossessed",
      (select count(*) from orders)::text as orders, (select count(*) from invoices)::text as invoices,
      (select count(*) from invoice_payments)::text as payments, (select count(*) from notifications)::text as notifications,
      (select count(*) from case_timeline)::text as "timeline entries", (select count(*) from audit_log)::text as "audit entries",
      (select count(*) from fee_requests)::text as "fee requests", (select count(*) from condition_reports)::text as "condition reports",
      (select count(*) from vehicle_releases)::text as releases, (select count(*) from property_inventories)::text as inventories,
      (select count(*) from compliance_documents)::text as "compliance documents", (select count(*) from rate_cards)::text as "rate cards", (select count(*) from pay_entries)::text as "pay entries",
      (select count(*) from profiles)::text as people`.execute(db)
  console.log(
    `  ${Object.entries(counts.rows[0])
      .map(([label, value]) => `${n(value)} ${label}`)
      .join(', ')}`,
  )
}

/** One person per role who signs in (BENCH_SIGN_INS), and agent0..199@bench.test, RDN agents AGENT-0..199, who do not. */
async function generatePeople(db: Kysely<DB>, companyId: string) {
  const existing = await db.selectFrom('profiles').select('email').where('company_id', '=', companyId).execute()
  const has = new Set(existing.map((profile) => profile.email))
  const hash = await hashPassword(BENCH_PASSWORD)
  for (const [name, role] of Object.entries(BENCH_SIGN_INS)) {
    if (has.has(`${name}@bench.test`)) continue
    await insertCredentialUser(db, {
      companyId,
      email: `${name}@bench.test`,
      password: { hash },
      firstName: name[0].toUpperCase() + name.slice(1),
      lastName: 'Bench',
      role,
      market: role === 'field_manager' || role === 'recovery_agent' ? 'Mobile' : null,
      rdnIdNumber: role === 'recovery_agent' ? 'AGENT-0' : null,
      mustChangePassword: false,
    })
  }
  if (has.has('agent0@bench.test')) return
  await sql`insert into auth_user (id, name, email, "emailVerified", role)
    select 'bench-agent-' || g, 'Agent ' || g, 'agent' || g || '@bench.test', true, 'user'
    from generate_series(0, ${AGENTS - 1}::int) g`.execute(db)
  await sql`insert into profiles (user_id, company_id, first_name, last_name, email, role, market, rdn_id_number)
    select 'bench-agent-' || g, ${companyId}::uuid, 'Agent', g::text, 'agent' || g || '@bench.test', 'recovery_agent',
      (${MARKETS}::text[])[1 + g % 5], case when g > 0 then 'AGENT-' || g end
    from generate_series(0, ${AGENTS - 1}::int) g`.execute(db)
}

/** The order search index as the background indexer leaves it, built in bulk (as generateOrders does). */
async function indexOrders(db: Kysely<DB>, companyId: string) {
  await sql`drop index if exists order_search_trgm_idx`.execute(db)
  // The running server's indexer works the same queue: it waits while the bulk fill holds the table.
  await db.transaction().execute(async (trx) => {
    await sql`lock table order_search in share row exclusive mode`.execute(trx)
    await sql`insert into order_search (order_id, company_id, search_text, ${searchSortColumns()})
      select o.id, o.company_id, order_search_text(o), ${searchSortColumns('o')} from orders o
      where o.company_id = ${companyId} on conflict do nothing`.execute(trx)
    await sql`delete from order_search_pending where order_id in (select order_id from order_search)`.execute(trx)
  })
  await sql`create index order_search_trgm_idx on order_search using gin (search_text gin_trgm_ops)`.execute(db)
}

/** 50 per person over the last 100 days, about an RDN case or an order; the older four in five read. */
async function generateNotifications(db: Kysely<DB>, companyId: string) {
  await sql`with numbered as (select id, order_number, row_number() over (order by id) - 1 as i
        from orders where company_id = ${companyId}::uuid),
      total as (select (select count(*) from rdn_cases where company_id = ${companyId}::uuid) as cases,
        (select count(*) from numbered) as orders)
    insert into notifications (company_id, profile_id, kind, rdn_case_id, order_id, message, href, created_at, read_at)
    select p.company_id, p.id, (array['assignment','note','camera_find','status_change','stale_case'])[1 + k % 5],
      c.id, o.id,
      'Case ' || coalesce(c.case_number, o.order_number) || ': ' || (array['assigned to you','a new note','found by a camera car','status changed','no update in 7 days'])[1 + k % 5],
      case when c.id is not null then '/cases/' || c.id else '/order/' || o.id end,
      now() - (k * 2 + p.n % 2) * interval '1 day' - (p.n % 24) * interval '1 hour',
      case when k >= 10 then now() - (k * 2) * interval '1 day' + interval '1 hour' end
    from (select id, company_id, row_number() over (order by email) n from profiles where company_id = ${companyId}::uuid) p
    cross join generate_series(0, 49) k cross join total
    left join rdn_cases c on k % 2 = 0 and c.company_id = p.company_id
      and c.case_id = 10000001 + (p.n * 977 + k * 7919) % total.cases
    left join numbered o on k % 2 = 1 and o.i = (p.n * 13 + k * 7919) % total.orders`.execute(db)
}

/** Two per RDN case (its creation, a note) and per order (a status change, a note), by the agents, over 1,500 days. */
async function generateTimeline(db: Kysely<DB>, companyId: string, cases: number) {
  const people = sql`(select array_agg(id order by email) from profiles where company_id = ${companyId}::uuid)`
  const batch = 200_000
  for (let from = 1; from <= cases; from += batch) {
    const to = Math.min(cases, from + batch - 1)
    await sql`with people as (select ${people} as ids)
      insert into case_timeline (company_id, rdn_case_id, kind, field, old_value, new_value, note_type, body, actor_profile_id, source, created_at)
      select c.company_id, c.id, case when k = 0 then 'change' else 'note' end,
        case when k = 0 then 'status' end, case when k = 0 then 'Open' end, case when k = 0 then c.status end,
        case when k = 1 then 'Agent Update' end, case when k = 1 then 'Drove by ' || coalesce(c.debtor_zip, '') || '; no vehicle seen.' end,
        people.ids[1 + (c.case_id + k) % ${AGENTS}], case when k = 0 then 'sync' else 'person' end,
        now() - ((c.case_id * 7919) % 1500) * interval '1 day' - (1 - k) * interval '3 days'
      from rdn_cases c cross join people cross join generate_series(0, 1) k
      where c.company_id = ${companyId}::uuid and c.case_id between ${10_000_000 + from} and ${10_000_000 + to}`.execute(
      db,
    )
  }
  await sql`with people as (select ${people} as ids)
    insert into case_timeline (company_id, order_id, kind, field, old_value, new_value, note_type, body, actor_profile_id, source, created_at)
    select o.company_id, o.id, case when k = 0 then 'change' else 'note' end,
      case when k = 0 then 'status' end, case when k = 0 then 'Open' end, case when k = 0 then o.status end,
      case when k = 1 then 'Office Note' end, case when k = 1 then 'Called the lender about ' || o.order_number || '.' end,
      people.ids[1 + (abs(hashtext(o.id::text)) + k) % ${AGENTS}], case when k = 0 then 'dashboard' else 'person' end,
      coalesce(o.order_date::timestamptz, now()) + (k + 1) * interval '2 days'
    from orders o cross join people cross join generate_series(0, 1) k
    where o.company_id = ${companyId}::uuid`.execute(db)
}

/** Each case opened once and a file of it downloaded, by the agents over the last year (as bench:issue41), and 100,000 sign-ins. */
async function generateAuditLog(db: Kysely<DB>, companyId: string, cases: number) {
  const users = sql`(select array_agg(user_id order by email) from profiles where company_id = ${companyId}::uuid)`
  const batch = 200_000
  for (let from = 1; from <= cases; from += batch) {
    const to = Math.min(cases, from + batch - 1)
    await sql`with people as (select ${users} as ids)
      insert into audit_log (company_id, actor_user_id, action, target, detail, ip, created_at, case_key, once_key)
      select ${companyId}::uuid, e.actor, e.action, 'rdn:' || e.id, e.detail, '10.0.' || (e.g % 250) || '.' || (e.k + 1),
        e.at, 'rdn:' || e.id,
        case when e.action = 'case.opened' then 'case.opened:' || e.actor || ':rdn:' || e.id || ':' || to_char(e.at, 'YYYY-MM-DD') end
      from (
        select c.id, g, k, people.ids[1 + (g * 31 + k * 17) % ${AGENTS}] as actor,
          case when k = 0 then 'case.opened' else 'file.downloaded' end as action,
          case when k = 0 then '{}'::jsonb else jsonb_build_object('fileId', md5(g::text), 'name', 'photo-' || g || '.jpg') end as detail,
          now() - ((g * 7919 + k * 104729) % 525600) * interval '1 minute' as at
        from rdn_cases c cross join people, lateral (select c.case_id - 10000000 as g) n, generate_series(0, 1) k
        where c.company_id = ${companyId}::uuid and c.case_id between ${10_000_000 + from} and ${10_000_000 + to}
      ) e
      on conflict (once_key) do nothing`.execute(db)
  }
  await sql`with people as (select ${users} as ids)
    insert into audit_log (company_id, actor_user_id, action, detail, ip, created_at)
    select ${companyId}::uuid, people.ids[1 + g % ${AGENTS}], 'auth.sign_in', '{}'::jsonb, '10.1.0.' || (g % 250),
      now() - ((g * 7919) % 525600) * interval '1 minute'
    from people, generate_series(1, 100000) g`.execute(db)
}

/**
 * Fee requests (one per 20 RDN cases, of every status, half of them on recovered ones), and on the
 * recovered cases: a condition report for every other one (accepted), a release or transport for
 * one in 5, a property inventory for one in 4 (three items, or none in a quarter of them).
 */
async function generateRecoveryWork(db: Kysely<DB>, companyId: string) {
  const company = sql`${companyId}::uuid`
  const people = sql`(select array_agg(id order by email) from profiles where company_id = ${company})`
  await sql`insert into fee_requests (company_id, case_key, rdn_case_id, fee_type, amount_cents, status, source, note,
      requested_at, decided_at, created_at)
    select c.company_id, 'rdn:' || c.id, c.id, (array['KEYS','STORAGE','CLOSE_FEE','FIELD_VISIT','TRANSPORT'])[1 + g % 5],
      5000 + (g % 40) * 500, (array['waiting','requested','requested','approved','declined'])[1 + (g / 20) % 5], 'manual',
      'Lender asked for receipts', case when (g / 20) % 5 > 0 then c.updated_at end,
      case when (g / 20) % 5 > 2 then c.updated_at + interval '2 days' end, c.updated_at
    from rdn_cases c cross join lateral (select (c.case_id - 10000000)::int as g) n
    where c.company_id = ${company} and g % 20 = 4`.execute(db)
  const recovered = sql`from rdn_cases c cross join lateral (select (c.case_id - 10000000)::int as g) n
    where c.company_id = ${company} and c.status = 'Repossessed'`
  await sql`    insert into condition_reports (company_id, case_key, rdn_case_id, version, status, odometer, keys_present, key_type,
      drivable, notes, created_by_profile_id, accepted_by_profile_id, accepted_at, created_at)
    select c.company_id, 'rdn:' || c.id, c.id, 1, 'accepted', 20000 + g % 150000, g % 3 > 0, 'Smart key', g % 7 > 0,
      'Scratches on the rear bumper', (${people})[1 + g % ${AGENTS}], (${people})[1 + g % ${AGENTS}],
      c.time_marked_repossessed + interval '2 hours', c.time_marked_repossessed + interval '1 hour'
    ${recovered} and g % 16 = 4`.execute(db)
  await sql`insert into vehicle_releases (company_id, case_key, rdn_case_id, kind, vendor_id, lender_authorization, status,
      authorized_at, released_to, id_type, id_last4, completed_at)
    select c.company_id, 'rdn:' || c.id, c.id, case when g % 80 = 4 then 'transport' else 'release' end,
      case when g % 80 = 4 then (select id from vendors where company_id = ${company} order by name limit 1) end,
      'AUTH-' || g, case when g % 120 = 4 then 'authorized' else 'completed' end,
      c.time_marked_repossessed + interval '3 days', 'Debtor ' || g, 'drivers_license', lpad((g % 10000)::text, 4, '0'),
      case when g % 120 <> 4 then c.time_marked_repossessed + interval '5 days' end
    ${recovered} and g % 40 = 4`.execute(db)
  await sql`    insert into property_inventories (company_id, case_key, rdn_case_id, no_property, state, hold_until, notice_due,
      inventoried_by_profile_id, inventoried_at)
    select c.company_id, 'rdn:' || c.id, c.id, g % 128 = 36, 'AL', (c.time_marked_repossessed + interval '30 days')::date,
      (c.time_marked_repossessed + interval '10 days')::date, (${people})[1 + g % ${AGENTS}], c.time_marked_repossessed + interval '1 hour'
    ${recovered} and g % 32 = 4`.execute(db)
  await sql`insert into property_items (company_id, inventory_id, position, category, description, quantity, status)
    select i.company_id, i.id, k, (array['Electronics','Clothing','Tools'])[k], (array['Phone charger','Jacket','Toolbox'])[k], 1,
      case when abs(hashtext(i.id::text)) % 4 = 0 then 'released' else 'held' end
    from property_inventories i cross join generate_series(1, 3) k
    where i.company_id = ${company} and not i.no_property`.execute(db)
}

/** A rate card for each client with cases: a repossession, keys, a field visit and storage after 3 free days. */
async function generateRateCards(db: Kysely<DB>, companyId: string) {
  const company = sql`${companyId}::uuid`
  await sql`insert into rate_cards (company_id, client_id)
    select company_id, id from clients where company_id = ${company} and client_code like 'C%'`.execute(db)
  await sql`insert into rate_card_versions (company_id, rate_card_id, version, effective_from, storage_free_days, storage_daily_cents, storage_cap_cents)
    select company_id, id, 1, '2024-01-01', 3, 3500, 105000 from rate_cards where company_id = ${company}`.execute(db)
  await sql`insert into rate_rows (company_id, version_id, fee_type, basis, amount_cents, included_miles, market_amounts,
      needs_approval, billable_to_debtor, no_pass_on_states)
    select v.company_id, v.id, f.code, 'flat', f.cents, 0, '{}'::jsonb, f.code = 'KEYS', true, '{}'::text[]
    from rate_card_versions v cross join (values ('INVOLUNTARY_REPO', 35000), ('KEYS', 7500), ('FIELD_VISIT', 2500),
      ('CONDITION_REPORT', 1500)) f(code, cents)
    where v.company_id = ${company}`.execute(db)
}

/** Five document types and one document per 500 cases (the agency's licences, insurance and signed releases). */
async function generateCompliance(db: Kysely<DB>, companyId: string, cases: number) {
  const company = sql`${companyId}::uuid`
  await sql`insert into compliance_document_types (company_id, name, category)
    select ${company}, t, c from (values ('Repossession licence','License'), ('Insurance certificate','Insurance'),
      ('Agent background check','Personnel'), ('Release of liability','Release'), ('Storage lot permit','License')) v(t, c)`.execute(
    db,
  )
  await sql`insert into compliance_documents (company_id, document_type_id, status, effective_date, expiration_date, notes, created_at)
    select ${company}, (select array_agg(id order by name) from compliance_document_types where company_id = ${company})[1 + g % 5],
      (array['pending','signed','signed','signed','expired'])[1 + (g / 5) % 5], current_date - (g % 700),
      current_date - (g % 700) + 365, 'Document ' || g, now() - (g % 700) * interval '1 day'
    from generate_series(1, ${Math.max(100, Math.round(cases / 500))}::int) g`.execute(db)
  // Each signed document was signed through a mailed request.
  await sql`insert into document_signature_requests (company_id, compliance_document_id, signature_token_hash, status,
      expires_at, recipient_name, recipient_email, signed_at, signer_name, record_hash)
    select company_id, id, md5('token' || id), 'signed', created_at + interval '14 days', 'Signer ' || notes,
      'signer@bench.test', created_at + interval '1 day', 'Signer ' || notes, md5('record' || id)
    from compliance_documents where company_id = ${company} and status = 'signed'`.execute(db)
}

/** Pay rules as bench:payroll's, and one pay entry per 50 cases over the last year (mileage, adjustments, chargebacks). */
async function generatePay(db: Kysely<DB>, companyId: string, cases: number) {
  const company = sql`${companyId}::uuid`
  await sql`insert into pay_rules (company_id, kind, role, basis, rate, tier_after, tier_rate, finder_share_bp, partner_share_bp, effective_from)
    values (${company}, 'recovery', 'recovery_agent', 'flat', 15000, 20, 17500, 2000, 4000, '2024-01-01'),
      (${company}, 'find', 'camera_driver', 'flat', 2500, null, null, 0, 0, '2024-01-01'),
      (${company}, 'field_visit', 'recovery_agent', 'flat', 500, null, null, 0, 0, '2024-01-01'),
      (${company}, 'key', 'locksmith', 'flat', 4000, null, null, 0, 0, '2024-01-01')`.execute(db)
  await sql`insert into pay_entries (company_id, kind, profile_id, occurred_on, amount_cents, note)
    select ${company}, (array['adjustment','adjustment','chargeback'])[1 + g % 3],
      (select array_agg(id order by email) from profiles where company_id = ${company} and role = 'recovery_agent')[1 + g % ${AGENTS}],
      current_date - (g % 365), case when g % 3 = 2 then 5000 else 2500 end, 'Fuel'
    from generate_series(1, ${Math.max(100, Math.round(cases / 50))}::int) g`.execute(db)
}
