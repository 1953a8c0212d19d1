import { type Kysely, sql } from 'kysely'

/** What makes an order or RDN case due an invoice: repossessed (by status or date), or closed. */
const ORDER_DUE = (row: string) =>
  `(${row}.status = 'Repossessed' or ${row}.recovery_date is not null or ${row}.close_date is not null)`
const CASE_DUE = (row: string) =>
  `(${row}.status = 'Repossessed' or ${row}.repo_date is not null or ${row}.time_marked_repossessed is not null or ${row}.close_date is not null)`

const OPEN = `('sent', 'lender_pending', 'on_hold', 'approved')`

/** How far back the recoveries already on file when this migration runs get drafts. */
const BACKFILL_DAYS = 90

/**
 * Invoice Management (issue 17): invoices drafted from recoveries, their lines, fee requests with
 * evidence, payments by line, and the queue of cases due a draft. Amounts are integer cents.
 *
 * A case reaching Repossessed (or closing) is queued by statement triggers, whatever path made the
 * change (an edit, a dashboard action, an import, the RDN sync); the server drafts what is queued
 * in batches (features/invoices/drafting.ts). An invoice keeps a copy of what its document shows
 * of the case, so a later edit or a deleted case never changes an invoice already sent.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table invoice_counters (
    company_id uuid primary key references companies (id) on delete cascade,
    last_number bigint not null default 0
  )`.execute(db)

  await sql`create table invoices (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    number text not null,
    case_key text not null,
    order_id uuid references orders (id) on delete set null,
    rdn_case_id uuid references rdn_cases (id) on delete set null,
    revision integer not null default 1 check (revision >= 1),
    revision_of uuid references invoices (id) on delete set null,
    supplements uuid references invoices (id) on delete set null,
    client_id uuid references clients (id) on delete set null,
    status text not null default 'draft' check (status in
      ('draft', 'sent', 'lender_pending', 'on_hold', 'approved', 'paid', 'short_paid', 'rejected', 'written_off')),
    status_reason text,
    case_label text not null,
    vin text,
    vehicle text,
    debtor_name text,
    lienholder_name text,
    lot_name text,
    case_state text,
    repossessed_at timestamptz,
    completed_on date,
    rate_card_id uuid references rate_cards (id) on delete set null,
    rate_card_version integer,
    pricing_note text,
    window_days integer check (window_days >= 1),
    storage_free_days integer check (storage_free_days >= 0),
    storage_daily_cents bigint check (storage_daily_cents >= 0),
    storage_cap_cents bigint check (storage_cap_cents >= 0),
    storage_started_at timestamptz,
    storage_stopped_at timestamptz,
    storage_stop_event text check (storage_stop_event in ('release', 'transport', 'redemption', 'sent')),
    billed_cents bigint not null default 0 check (billed_cents >= 0),
    paid_cents bigint not null default 0 check (paid_cents >= 0),
    sent_on date,
    queue text not null generated always as (case
      when status = 'draft' then 'drafts'
      when status in ('sent', 'lender_pending', 'on_hold') then 'awaiting'
      when status = 'approved' then 'approved'
      when status = 'rejected' then 'rejected'
      else 'closed' end) stored,
    status_changed_at timestamptz not null default now(),
    created_by_profile_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, number),
    unique (company_id, case_key, revision),
    check (paid_cents <= billed_cents)
  )`.execute(db)
  // Each queue newest first: one index range per page (a queue is several statuses).
  await sql`create index invoices_queue_idx on invoices (company_id, queue, created_at desc, number desc)`.execute(db)
  // A client's statement: its open invoices.
  await sql`create index invoices_open_idx on invoices (company_id, client_id, sent_on) where status in ${sql.raw(OPEN)}`.execute(
    db,
  )
  await rollups(db)
  await sql`create index invoices_order_idx on invoices (order_id) where order_id is not null`.execute(db)
  await sql`create index invoices_rdn_case_idx on invoices (rdn_case_id) where rdn_case_id is not null`.execute(db)
  await sql`create index invoices_revision_idx on invoices (revision_of) where revision_of is not null`.execute(db)

  await sql`create table fee_requests (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id) on delete cascade,
    case_key text not null,
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    fee_type text not null,
    amount_cents bigint not null check (amount_cents >= 0),
    status text not null check (status in ('waiting', 'requested', 'approved', 'declined')),
    source text not null check (source in ('manual', 'derived', 'rate_card')),
    derived_code text,
    rule text,
    note text check (char_length(note) <= 1000),
    invoice_id uuid references invoices (id) on delete set null,
    requested_at timestamptz,
    decided_at timestamptz,
    decided_by_profile_id uuid,
    created_by_profile_id uuid,
    created_at timestamptz not null default now(),
    updated_at timestamptz not null default now(),
    unique (company_id, case_key, derived_code)
  )`.execute(db)
  await sql`create index fee_requests_queue_idx on fee_requests (company_id, status, created_at desc, id)`.execute(db)
  await sql`create index fee_requests_case_idx on fee_requests (company_id, case_key)`.execute(db)

  await sql`create table fee_request_files (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    fee_request_id uuid not null references fee_requests (id) on delete cascade,
    file_name text not null,
    content_type text not null,
    size_bytes integer not null,
    data bytea not null,
    uploaded_by_profile_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index fee_request_files_request_idx on fee_request_files (fee_request_id)`.execute(db)

  await sql`create table invoice_lines (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    invoice_id uuid not null references invoices (id) on delete cascade,
    position integer not null,
    kind text not null check (kind in ('fee', 'storage')),
    fee_type text not null,
    quantity integer not null check (quantity >= 0),
    unit_cents bigint not null check (unit_cents >= 0),
    billed_cents bigint not null check (billed_cents >= 0),
    approved_cents bigint check (approved_cents >= 0),
    paid_cents bigint not null default 0 check (paid_cents >= 0),
    needs_approval boolean not null default false,
    debtor_billable boolean not null default true,
    unpriced boolean not null default false,
    fee_request_id uuid references fee_requests (id) on delete set null,
    short_pay_reason text,
    check (paid_cents <= billed_cents),
    check (approved_cents is null or approved_cents <= billed_cents)
  )`.execute(db)
  await sql`create index invoice_lines_invoice_idx on invoice_lines (invoice_id, position)`.execute(db)

  await sql`create table invoice_payments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null,
    invoice_id uuid not null references invoices (id) on delete cascade,
    received_on date not null,
    amount_cents bigint not null check (amount_cents > 0),
    reference text,
    created_by_profile_id uuid,
    created_at timestamptz not null default now()
  )`.execute(db)
  await sql`create index invoice_payments_invoice_idx on invoice_payments (invoice_id)`.execute(db)
  await sql`create table invoice_payment_lines (
    payment_id uuid not null references invoice_payments (id) on delete cascade,
    line_id uuid not null references invoice_lines (id) on delete cascade,
    amount_cents bigint not null check (amount_cents > 0),
    short_pay_reason text,
    primary key (payment_id, line_id)
  )`.execute(db)

  await sql`create table invoice_draft_queue (
    company_id uuid not null,
    case_key text not null,
    order_id uuid,
    rdn_case_id uuid,
    queued_at timestamptz not null default now(),
    primary key (company_id, case_key)
  )`.execute(db)

  for (const [table, column, due] of [
    ['orders', 'order_id', ORDER_DUE],
    ['rdn_cases', 'rdn_case_id', CASE_DUE],
  ] as const) {
    const prefix = table === 'orders' ? 'order:' : 'rdn:'
    await sql`create function ${sql.raw(`${table}_invoice_due_inserted`)}() returns trigger language plpgsql as $$
      begin
        insert into invoice_draft_queue (company_id, case_key, ${sql.raw(column)})
          select n.company_id, '${sql.raw(prefix)}' || n.id, n.id from new_rows n where ${sql.raw(due('n'))}
          on conflict do nothing;
        return null;
      end $$`.execute(db)
    await sql`create function ${sql.raw(`${table}_invoice_due_updated`)}() returns trigger language plpgsql as $$
      begin
        insert into invoice_draft_queue (company_id, case_key, ${sql.raw(column)})
          select n.company_id, '${sql.raw(prefix)}' || n.id, n.id
          from new_rows n join old_rows o on o.id = n.id
          where ${sql.raw(due('n'))} and ${sql.raw(due('o'))} is not true
          on conflict do nothing;
        return null;
      end $$`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_invoice_due_inserted`)} after insert on ${sql.raw(table)}
      referencing new table as new_rows for each statement
      execute function ${sql.raw(`${table}_invoice_due_inserted`)}()`.execute(db)
    await sql`create trigger ${sql.raw(`${table}_invoice_due_updated`)} after update on ${sql.raw(table)}
      referencing old table as old_rows new table as new_rows for each statement
      execute function ${sql.raw(`${table}_invoice_due_updated`)}()`.execute(db)
  }

  // The recoveries of the last BACKFILL_DAYS already on file are due their drafts too; older ones
  // were billed before invoices were kept here.
  await sql`insert into invoice_draft_queue (company_id, case_key, order_id)
    select company_id, 'order:' || id, id from orders o
    where ${sql.raw(ORDER_DUE('o'))}
      and coalesce(o.recovery_date, o.close_date, o.updated_at::date) >= current_date - ${sql.lit(BACKFILL_DAYS)}`.execute(
    db,
  )
  await sql`insert into invoice_draft_queue (company_id, case_key, rdn_case_id)
    select company_id, 'rdn:' || id, id from rdn_cases c
    where ${sql.raw(CASE_DUE('c'))}
      and coalesce(c.repo_date, c.time_marked_repossessed::date, c.close_date, c.updated_at::date)
        >= current_date - ${sql.lit(BACKFILL_DAYS)}`.execute(db)
}

const NO_CLIENT = `'00000000-0000-0000-0000-000000000000'::uuid`

/**
 * What the queues count and the aging sums, kept by statement triggers as invoices change, so
 * neither reads every invoice: the invoices of each status, and what is owed on open invoices by
 * client and day sent (the aging buckets those days at read time, as days pass).
 */
async function rollups(db: Kysely<unknown>) {
  await sql`create table invoice_status_counts (
    company_id uuid not null,
    status text not null,
    invoices bigint not null,
    primary key (company_id, status)
  )`.execute(db)
  await sql`create table invoice_open_days (
    company_id uuid not null,
    client_key uuid not null,
    sent_on date not null,
    owed_cents bigint not null,
    invoices bigint not null,
    primary key (company_id, client_key, sent_on)
  )`.execute(db)
  const counted = (rows: string, sign: string) => `select company_id, status, ${sign}1 as n from ${rows}`
  const owed = (rows: string, sign: string) =>
    `select company_id, coalesce(client_id, ${NO_CLIENT}) as client_key, coalesce(sent_on, created_at::date) as sent_on,
       ${sign}(billed_cents - paid_cents) as owed, ${sign}1 as n
     from ${rows} where status in ${OPEN}`
  for (const [op, parts] of [
    ['insert', [['new_rows', '']]],
    [
      'update',
      [
        ['new_rows', ''],
        ['old_rows', '-'],
      ],
    ],
    ['delete', [['old_rows', '-']]],
  ] as const) {
    const counts = parts.map(([rows, sign]) => counted(rows, sign)).join(' union all ')
    const days = parts.map(([rows, sign]) => owed(rows, sign)).join(' union all ')
    await sql`create function ${sql.raw(`invoices_rollup_${op}`)}() returns trigger language plpgsql as $$
      begin
        insert into invoice_status_counts (company_id, status, invoices)
          select company_id, status, sum(n) from (${sql.raw(counts)}) d group by company_id, status having sum(n) <> 0
          on conflict (company_id, status) do update set invoices = invoice_status_counts.invoices + excluded.invoices;
        insert into invoice_open_days (company_id, client_key, sent_on, owed_cents, invoices)
          select company_id, client_key, sent_on, sum(owed), sum(n) from (${sql.raw(days)}) d
          group by company_id, client_key, sent_on having sum(n) <> 0 or sum(owed) <> 0
          on conflict (company_id, client_key, sent_on) do update set
            owed_cents = invoice_open_days.owed_cents + excluded.owed_cents,
            invoices = invoice_open_days.invoices + excluded.invoices;
        return null;
      end $$`.execute(db)
    const transition =
      op === 'insert'
        ? 'referencing new table as new_rows'
        : op === 'update'
          ? 'referencing old table as old_rows new table as new_rows'
          : 'referencing old table as old_rows'
    await sql`create trigger ${sql.raw(`invoices_rollup_${op}`)} after ${sql.raw(op)} on invoices
      ${sql.raw(transition)} for each statement execute function ${sql.raw(`invoices_rollup_${op}`)}()`.execute(db)
  }
  // TRUNCATE skips the delete trigger (and empties every company's invoices): the rollups go with them.
  await sql`create function invoices_rollup_truncate() returns trigger language plpgsql as $$
    begin
      delete from invoice_status_counts;
      delete from invoice_open_days;
      return null;
    end $$`.execute(db)
  await sql`create trigger invoices_rollup_truncate after truncate on invoices
    for each statement execute function invoices_rollup_truncate()`.execute(db)
}
