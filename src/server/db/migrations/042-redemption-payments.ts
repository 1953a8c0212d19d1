import { type Kysely, sql } from 'kysely'

/**
 * Redemption payments (issue 41): what the agency collected from the debtor against the quote,
 * by method and reference, on the day it was received; and a client's rule that its vehicles are
 * handed over only once the payments cover the quote.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`alter table clients add column hand_over_needs_payment boolean not null default false`.execute(db)
  await sql`create table redemption_payments (
    id uuid primary key default gen_random_uuid(),
    company_id uuid not null references companies (id),
    case_key text not null,
    order_id uuid references orders (id) on delete cascade,
    rdn_case_id uuid references rdn_cases (id) on delete cascade,
    amount_cents bigint not null check (amount_cents > 0),
    method text not null check (method in ('certified_funds', 'cashiers_check', 'card', 'cash', 'ach')),
    reference text,
    received_on date not null,
    recorded_by_profile_id uuid,
    recorded_at timestamptz not null default now(),
    check ((order_id is null) <> (rdn_case_id is null)),
    check (method = 'cash' or reference is not null)
  )`.execute(db)
  // A case's payments (its card, the hand-over's check) and a period's (accounting).
  await sql`create index redemption_payments_case_idx on redemption_payments (company_id, case_key, recorded_at)`.execute(
    db,
  )
  await sql`create index redemption_payments_received_idx on redemption_payments (company_id, received_on)`.execute(db)
}
