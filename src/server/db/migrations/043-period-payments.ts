import { type Kysely, sql } from 'kysely'

/**
 * Issue 41: a locked pay period is marked paid (the pay date and the payment's reference). The
 * period itself never changes once locked (032's trigger), so its payment is a row of its own,
 * one per period, and never edited or removed either: a period reads 'Paid' only from it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table pay_period_payments (
    company_id uuid not null,
    period_start date not null,
    paid_on date not null,
    reference text not null check (length(trim(reference)) between 1 and 100),
    marked_by_profile_id uuid,
    marked_at timestamptz not null default now(),
    primary key (company_id, period_start),
    foreign key (company_id, period_start) references pay_periods (company_id, starts_on)
  )`.execute(db)
  await sql`create function refuse_pay_payment_change() returns trigger language plpgsql as $$
    begin
      raise exception 'A period marked paid stays paid' using errcode = 'P0001';
    end $$`.execute(db)
  await sql`create trigger pay_period_payments_final before update or delete on pay_period_payments
    for each row execute function refuse_pay_payment_change()`.execute(db)
}
