import { type Kysely, sql } from 'kysely'

/** The channel every server instance LISTENs on for changes that move a company's pay. */
export const PAYROLL_CHANNEL = 'payroll_changed'

/** What pay and accounting read of an order and of an RDN case (a new order pays nothing until recovered). */
const PAY_ORDER_COLUMNS = [
  'order_number',
  'case_number',
  'repo_type',
  'client_id',
  'assigned_agent_id',
  'detected_market',
] as const
const PAY_RDN_COLUMNS = [
  'case_id',
  'case_number',
  'order_type',
  'lender_name',
  'lienholder_name',
  'assigned_agent_id',
  'time_marked_repossessed',
  'detected_market',
] as const

/** Tables whose every change may move pay. */
const PAY_SOURCES = [
  'repo_completions',
  'ccd_finds',
  'fee_requests',
  'key_jobs',
  'pay_entries',
  'pay_rules',
  'pay_periods',
  'pay_settings',
  'invoices',
  'invoice_lines',
  'invoice_payments',
  'rdn_agent_mappings',
  'profiles',
  'clients',
] as const

/**
 * Payroll & Accounting (issue 18): each company's pay cadence, its effective-dated pay rules, the
 * periods it approved or locked with the lines they pay, manual pay entries (adjustments,
 * chargebacks, logged work) and what outside vendors cost.
 *
 * A period in review is computed from what the product records; approving it stores its lines,
 * locking it makes them final. A line's key is unique per company, so no work is paid twice, and
 * triggers refuse to change a locked period or its lines (a correction is a new line later).
 *
 * Every change to what pay is computed from NOTIFYs once per statement and company, so each
 * server instance can drop the periods it computed for that company (see decision 019).
 *
 * An order moved to Repossessed with an agent on it records that agent's completion, so a
 * recovery entered on the order detail is paid like one the field recorded (an import's rows
 * arrive already repossessed: history, not new work).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table pay_settings (
    company_id uuid primary key references companies (id),
    cadence text not null default 'weekly' check (cadence in ('weekly', 'biweekly')),
    anchor date not null default '2024-01-01',
    updated_by_profile_id uuid,
    updated_at timestamptz not null default now()
  )`.execute(db)

  await sql`create table pay_rules (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    kind text not null,
    role text,
    profile_id uuid references profiles (id) on delete cascade,
    order_type text,
    client_id uuid references clients (id) on delete cascade,
    basis text not null check (basis in ('flat', 'percent_billed', 'percent_collected', 'per_mile', 'per_hour', 'none')),
    rate bigint not null check (rate >= 0),
    tier_after integer check (tier_after >= 1),
    tier_rate bigint check (tier_rate >= 0),
    finder_share_bp integer not null default 0 check (finder_share_bp >= 0),
    partner_share_bp integer not null default 0 check (partner_share_bp >= 0),
    excluded_fee_types text[] not null default '{STORAGE}',
    holdback boolean not null default false,
    effective_from date not null,
    effective_to date,
    created_by_profile_id uuid,
    created_at timestamptz not null default now(),
    check ((role is null) <> (profile_id is null)),
    check (finder_share_bp + partner_share_bp <= 10000),
    check ((tier_after is null) = (tier_rate is null)),
    check (effective_to is null or effective_to >= effective_from)
  )`.execute(db)
  await sql`create index pay_rules_company_idx on pay_rules (company_id, kind, effective_from)`.execute(db)

  await sql`create table pay_periods (
    company_id uuid not null references companies (id),
    starts_on date not null,
    ends_on date not null,
    status text not null check (status in ('approved', 'locked')),
    approved_at timestamptz not null default now(),
    approved_by_profile_id uuid,
    locked_at timestamptz,
    locked_by_profile_id uuid,
    primary key (company_id, starts_on),
    check (ends_on >= starts_on)
  )`.execute(db)

  await sql`create table pay_lines (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    period_start date not null,
    key text not null,
    event_key text not null,
    kind text not null,
    profile_id uuid not null,
    occurred_on date not null,
    case_key text,
    case_label text not null default '',
    rule_id uuid,
    amount_cents bigint not null,
    held_cents bigint not null default 0 check (held_cents >= 0),
    carried_from date,
    explanation text not null,
    foreign key (company_id, period_start) references pay_periods (company_id, starts_on) on delete cascade,
    unique (company_id, key)
  )`.execute(db)
  await sql`create index pay_lines_period_idx on pay_lines (company_id, period_start, profile_id)`.execute(db)
  await sql`create index pay_lines_person_idx on pay_lines (company_id, profile_id, period_start)`.execute(db)
  await sql`create index pay_lines_event_idx on pay_lines (company_id, event_key)`.execute(db)
  await sql`create index pay_lines_held_idx on pay_lines (company_id) where held_cents > 0`.execute(db)

  // A locked period and its lines never change: not by the app, not by a stray statement.
  await sql`create function refuse_locked_pay_change() returns trigger language plpgsql as $$
    begin
      if tg_table_name = 'pay_periods' then
        if old.status = 'locked' then raise exception 'A locked pay period never changes' using errcode = 'P0001'; end if;
      elsif tg_op = 'UPDATE' then
        raise exception 'Pay lines are not edited; add a correction' using errcode = 'P0001';
      elsif exists (select 1 from pay_periods p where p.company_id = old.company_id and p.starts_on = old.period_start and p.status = 'locked') then
        raise exception 'A locked pay period never changes' using errcode = 'P0001';
      end if;
      return case when tg_op = 'DELETE' then old else new end;
    end $$`.execute(db)
  await sql`create trigger pay_periods_locked before update or delete on pay_periods
    for each row execute function refuse_locked_pay_change()`.execute(db)
  await sql`create trigger pay_lines_locked before update or delete on pay_lines
    for each row execute function refuse_locked_pay_change()`.execute(db)

  await sql`create table pay_entries (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    kind text not null,
    profile_id uuid not null references profiles (id) on delete cascade,
    occurred_on date not null,
    amount_cents bigint,
    miles double precision check (miles >= 0),
    hours double precision check (hours >= 0),
    reason text,
    note text,
    order_id uuid references orders (id) on delete set null,
    rdn_case_id uuid references rdn_cases (id) on delete set null,
    case_label text,
    created_by_profile_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index pay_entries_company_idx on pay_entries (company_id, occurred_on)`.execute(db)
  // A recovery's named team partner, looked up per recovery.
  await sql`create index pay_entries_partner_order_idx on pay_entries (order_id) where kind = 'team_partner'`.execute(
    db,
  )
  await sql`create index pay_entries_partner_rdn_idx on pay_entries (rdn_case_id) where kind = 'team_partner'`.execute(
    db,
  )

  await sql`create table vendor_costs (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    vendor_id uuid not null references vendors (id) on delete cascade,
    kind text not null check (kind in ('keys', 'transport', 'other')),
    incurred_on date not null,
    amount_cents bigint not null check (amount_cents > 0),
    note text,
    order_id uuid references orders (id) on delete set null,
    rdn_case_id uuid references rdn_cases (id) on delete set null,
    case_label text,
    created_by_profile_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index vendor_costs_company_idx on vendor_costs (company_id, incurred_on)`.execute(db)

  // A recovery entered by mistake and undone (back to a status before recovery) takes its
  // completion back, unless a stored period already pays it (then a chargeback corrects it).
  await sql`create function record_order_repossession() returns trigger language plpgsql as $$
    begin
      if new.status = 'Repossessed' and new.assigned_agent_id is not null
         and old.status is distinct from new.status
         and not exists (select 1 from repo_completions r where r.order_id = new.id) then
        insert into repo_completions (company_id, order_id, agent_id) values (new.company_id, new.id, new.assigned_agent_id);
      elsif old.status = 'Repossessed' and new.status in ('Open', 'On Hold', 'Pending On Hold', 'Need Info')
         and not exists (select 1 from pay_lines l where l.company_id = new.company_id and l.event_key = 'recovery:order:' || new.id) then
        delete from repo_completions where order_id = new.id;
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger orders_record_repossession after update of status on orders
    for each row execute function record_order_repossession()`.execute(db)

  // Pay events read case fees and payments per case.
  await sql`create index if not exists invoices_case_key_idx on invoices (company_id, case_key)`.execute(db)
  await sql`create index if not exists fee_requests_close_idx on fee_requests (company_id, decided_at) where status = 'approved'`.execute(
    db,
  )

  // An update names its old and new rows: a note changed away from an Agent Update moves pay too.
  const loop = (rows: string, where: string) =>
    `for company in select distinct company_id from (${rows}) changed where ${where} loop
          perform pg_notify('${PAYROLL_CHANNEL}', json_build_object('companyId', company)::text);
        end loop;`
  const notifier = (name: string, where = 'true') =>
    sql`create function ${sql.raw(name)}() returns trigger language plpgsql as $$
      declare company uuid;
      begin
        if tg_op = 'INSERT' then ${sql.raw(loop('select * from new_rows', where))}
        elsif tg_op = 'UPDATE' then ${sql.raw(loop('select * from new_rows union all select * from old_rows', where))}
        else ${sql.raw(loop('select * from old_rows', where))}
        end if;
        return null;
      end $$`
  await notifier('notify_payroll_changed').execute(db)
  // Of the timeline, only Agent Updates (field visits) move pay.
  await notifier('notify_payroll_visits', "kind = 'note' and note_type = 'Agent Update'").execute(db)
  const watch = async (table: string, fn: string) => {
    const t = sql.raw(table)
    for (const [event, tables] of [
      ['insert', 'new table as new_rows'],
      ['update', 'old table as old_rows new table as new_rows'],
      ['delete', 'old table as old_rows'],
    ] as const)
      await sql`create trigger ${sql.raw(`${table}_pay_${event}`)} after ${sql.raw(event)} on ${t}
        referencing ${sql.raw(tables)}
        for each statement execute function ${sql.raw(fn)}()`.execute(db)
  }
  for (const table of PAY_SOURCES) await watch(table, 'notify_payroll_changed')

  // Orders and RDN cases change all day; only a change to what pay reads of them notifies.
  const caseNotifier = async (table: string, onInsert: string, columns: readonly string[]) => {
    const changed = columns.map((column) => `n.${column} is distinct from o.${column}`).join(' or ')
    await sql`create function ${sql.raw(`notify_payroll_${table}`)}() returns trigger language plpgsql as $$
      declare company uuid;
      begin
        if tg_op = 'INSERT' then ${sql.raw(loop('select * from new_rows', onInsert))}
        elsif tg_op = 'UPDATE' then ${sql.raw(loop(`select n.* from new_rows n join old_rows o on o.id = n.id where ${changed}`, 'true'))}
        else ${sql.raw(loop('select * from old_rows', 'true'))}
        end if;
        return null;
      end $$`.execute(db)
    await watch(table, `notify_payroll_${table}`)
  }
  await caseNotifier('orders', 'false', PAY_ORDER_COLUMNS)
  await caseNotifier('rdn_cases', 'time_marked_repossessed is not null', PAY_RDN_COLUMNS)
  await watch('case_timeline', 'notify_payroll_visits')
}
