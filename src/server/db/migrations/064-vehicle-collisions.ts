import { type Kysely, sql } from 'kysely'
import { COLLISION_OPEN_STATUSES } from '../../../domain/collisions/collisions'
import { caseLabel, rdnAgentPerson } from './023-notifications'

/**
 * Collisions (issue 44 item 6, docs/decisions/035): the same vehicle (VIN, or plate and state) open
 * in two cases of one company. Statement triggers on orders and rdn_cases (insert and update, with
 * transition tables) find them with one set-based query per statement, whoever writes: an import
 * batch's COPY, a sync batch's upsert, an order edit. Every new pair is kept once in
 * vehicle_collisions (until and after someone resolves it), and a second trigger tells both cases'
 * agents and the field managers of their markets (a 'collision' notification, deduped per collision).
 */

const ACTOR = `nullif(current_setting('recovery_desk.actor_profile_id', true), '')::uuid`
const SOURCE = `coalesce(nullif(current_setting('recovery_desk.change_source', true), ''), 'system')`
const OPEN = `(${COLLISION_OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`

/** Each table's VIN, plate and plate state columns (an order's plate state is its borrower's: decision 035). */
const VEHICLE = {
  orders: { plate: 'license_plate', state: 'borrower_state', kind: 'order' },
  rdn_cases: { plate: 'vehicle_license_number', state: 'vehicle_license_state', kind: 'rdn' },
} as const
type CaseTable = keyof typeof VEHICLE

const KEY_OF = {
  vin: (_table: CaseTable, alias: string) => `vehicle_vin_key(${alias}.vin)`,
  plate: (table: CaseTable, alias: string) =>
    `vehicle_plate_key(${alias}.${VEHICLE[table].plate}, ${alias}.${VEHICLE[table].state})`,
}

export async function up(db: Kysely<unknown>): Promise<void> {
  // The normalization of domain/collisions/collisions.ts (vinKey, plateKey), immutable for the indexes.
  await sql`create function vehicle_vin_key(vin text) returns text language sql immutable parallel safe as $$
    select case when length(upper(trim(vin))) = 17 then upper(trim(vin)) end $$`.execute(db)
  await sql`create function vehicle_plate_key(plate text, state text) returns text language sql immutable parallel safe as $$
    select case when regexp_replace(upper(plate), '[[:space:]-]', '', 'g') <> '' and upper(trim(state)) <> ''
      then regexp_replace(upper(plate), '[[:space:]-]', '', 'g') || ' ' || upper(trim(state)) end $$`.execute(db)

  // What detection looks up, only among open cases: fast at a million cases.
  for (const table of ['orders', 'rdn_cases'] as const) {
    await sql`create index ${sql.raw(`${table}_collision_vin_idx`)} on ${sql.raw(table)} (company_id, ${sql.raw(KEY_OF.vin(table, table))})
      where status in ${sql.raw(OPEN)}`.execute(db)
    await sql`create index ${sql.raw(`${table}_collision_plate_idx`)} on ${sql.raw(table)} (company_id, ${sql.raw(KEY_OF.plate(table, table))})
      where status in ${sql.raw(OPEN)}`.execute(db)
  }

  await sql`create table vehicle_collisions (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    first_order_id uuid references orders (id) on delete cascade,
    first_rdn_case_id uuid references rdn_cases (id) on delete cascade,
    second_order_id uuid references orders (id) on delete cascade,
    second_rdn_case_id uuid references rdn_cases (id) on delete cascade,
    first_case uuid generated always as (coalesce(first_order_id, first_rdn_case_id)) stored,
    second_case uuid generated always as (coalesce(second_order_id, second_rdn_case_id)) stored,
    matched_on text not null check (matched_on in ('vin', 'plate')),
    match_key text not null,
    detected_at timestamptz not null default now(),
    source text not null,
    detected_by_profile_id uuid references profiles (id) on delete set null,
    resolved_at timestamptz,
    resolved_by_profile_id uuid references profiles (id) on delete set null,
    standing_order_id uuid references orders (id) on delete set null,
    standing_rdn_case_id uuid references rdn_cases (id) on delete set null,
    resolution_reason text,
    check (num_nonnulls(first_order_id, first_rdn_case_id) = 1),
    check (num_nonnulls(second_order_id, second_rdn_case_id) = 1),
    check (first_case < second_case),
    check ((resolved_at is null) = (resolution_reason is null)),
    unique (first_case, second_case)
  )`.execute(db)
  await sql`create index vehicle_collisions_second_case_idx on vehicle_collisions (second_case)`.execute(db)
  await sql`create index vehicle_collisions_open_idx on vehicle_collisions (company_id, detected_at desc)
    where resolved_at is null`.execute(db)
  for (const column of [
    'second_order_id',
    'first_rdn_case_id',
    'second_rdn_case_id',
    'standing_order_id',
    'standing_rdn_case_id',
  ]) {
    await sql`create index ${sql.raw(`vehicle_collisions_${column}_idx`)} on vehicle_collisions (${sql.raw(column)})
      where ${sql.raw(column)} is not null`.execute(db)
  }

  for (const table of ['orders', 'rdn_cases'] as const) await detection(db, table)
  await collisionNotices(db)
}

/** The open cases of the company sharing a changed case's key, orders and RDN cases alike (the partial indexes). */
function matchesOf(key: 'vin' | 'plate'): string {
  // A lateral probe per changed row (offset 0 keeps it one): an index lookup each, never a scan of the table.
  return (['orders', 'rdn_cases'] as const)
    .map(
      (table) => `select c.company_id, c.kind, c.id, '${VEHICLE[table].kind}' as other_kind, x.id as other_id,
        '${key}' as matched_on, c.${key}_key as match_key
      from changed c cross join lateral (
        select x.id from ${table} x
        where x.company_id = c.company_id and ${KEY_OF[key](table, 'x')} = c.${key}_key and x.status in ${OPEN}
        offset 0) x
      where c.${key}_key is not null and x.id <> c.id`,
    )
    .join('\n    union all\n    ')
}

/**
 * Detection on the way in: the statement's rows that are open and new, or whose vehicle or status
 * changed, against every open case of the company (the statement's own rows included, so a batch's
 * rows meet each other); each new pair kept once, the VIN preferred when both match.
 */
async function detection(db: Kysely<unknown>, table: CaseTable) {
  const kind = VEHICLE[table].kind
  const changedRows = (from: string) => `select n.company_id, '${kind}'::text as kind, n.id,
      ${KEY_OF.vin(table, 'n')} as vin_key, ${KEY_OF.plate(table, 'n')} as plate_key
    ${from} and n.status in ${OPEN}`
  const inserted = changedRows('from new_rows n where true')
  const updated = changedRows(`from new_rows n join old_rows o on o.id = n.id
    where (${KEY_OF.vin(table, 'n')}, ${KEY_OF.plate(table, 'n')}, n.status) is distinct from
      (${KEY_OF.vin(table, 'o')}, ${KEY_OF.plate(table, 'o')}, o.status)`)
  const detect = (changed: string) => `with changed as (${changed}),
    hits as (
    ${matchesOf('vin')}
    union all
    ${matchesOf('plate')}
    ), pairs as (
      select distinct on (least(id, other_id), greatest(id, other_id)) company_id, matched_on, match_key,
        case when id < other_id then kind else other_kind end as first_kind, least(id, other_id) as first_id,
        case when id < other_id then other_kind else kind end as second_kind, greatest(id, other_id) as second_id
      from hits
      order by least(id, other_id), greatest(id, other_id), matched_on desc
    )
    insert into vehicle_collisions (company_id, first_order_id, first_rdn_case_id, second_order_id, second_rdn_case_id,
      matched_on, match_key, source, detected_by_profile_id)
    select company_id,
      case when first_kind = 'order' then first_id end, case when first_kind = 'rdn' then first_id end,
      case when second_kind = 'order' then second_id end, case when second_kind = 'rdn' then second_id end,
      matched_on, match_key, ${SOURCE}, ${ACTOR}
    from pairs
    on conflict (first_case, second_case) do nothing;`
  const fn = sql.raw(`${table}_collisions`)
  await sql`create function ${fn}() returns trigger language plpgsql as $$
    begin
      if tg_op = 'UPDATE' then
        ${sql.raw(detect(updated))}
      else
        ${sql.raw(detect(inserted))}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger ${sql.raw(`${table}_collisions_updated`)} after update on ${sql.raw(table)}
    referencing old table as old_rows new table as new_rows
    for each statement execute function ${fn}()`.execute(db)
  await sql`create trigger ${sql.raw(`${table}_collisions_inserted`)} after insert on ${sql.raw(table)}
    referencing new table as new_rows
    for each statement execute function ${fn}()`.execute(db)
}

/** Who a collision reaches: each case's agent and the field managers of each case's market; once per person. */
async function collisionNotices(db: Kysely<unknown>) {
  const inMarket = sql.raw(`p.role = 'field_manager' and s.market is not null
    and s.market = any (select trim(m) from regexp_split_to_table(coalesce(p.market, ''), '[,;]') m)`)
  await sql`create function vehicle_collisions_notify() returns trigger language plpgsql as $$
    begin
      with sides as (
        select v.id, v.company_id, v.matched_on, v.detected_by_profile_id, v.first_order_id as order_id,
          v.first_rdn_case_id as rdn_case_id, v.second_case as other_case
        from new_rows v
        union all
        select v.id, v.company_id, v.matched_on, v.detected_by_profile_id, v.second_order_id, v.second_rdn_case_id, v.first_case
        from new_rows v
      ), described as (
        select s.*, coalesce(o.id, c.id) as case_id,
          coalesce('/order/' || o.id, '/cases/' || c.case_id) as href,
          coalesce('order ' || ${caseLabel('o', 'coalesce(o.case_number, o.order_number)')},
            'RDN case ' || ${caseLabel('c', 'coalesce(c.case_number, c.case_id::text)')}) as label,
          coalesce(o.detected_market, c.detected_market) as market,
          coalesce(o.assigned_agent_id, ${rdnAgentPerson('c.company_id', 'c.assigned_agent_id')}) as agent_id
        from sides s
        left join orders o on o.id = s.order_id
        left join rdn_cases c on c.id = s.rdn_case_id
      )
      insert into notifications (company_id, profile_id, kind, order_id, rdn_case_id, href, message, dedupe_key)
        select s.company_id, p.id, 'collision', s.order_id, s.rdn_case_id, s.href,
          'Collision: ' || s.label || ' has the same '
            || case when s.matched_on = 'vin' then 'VIN' else 'plate and state' end
            || ' as ' || other.label || ', both open', 'collision:' || s.id
        from described s
        join described other on other.id = s.id and other.case_id = s.other_case
        join profiles p on p.company_id = s.company_id and p.active and (p.id = s.agent_id or (${inMarket}))
        where p.id is distinct from s.detected_by_profile_id
      on conflict do nothing;
      return null;
    end $$`.execute(db)
  await sql`create trigger vehicle_collisions_notify after insert on vehicle_collisions referencing new table as new_rows
    for each statement execute function vehicle_collisions_notify()`.execute(db)
}
