import { type Kysely, sql } from 'kysely'
import { AGENCY_TIME_ZONE } from '../../../domain/formats/agency-time'

/**
 * Issue 42, the Vehicle Redemptions list at 1,000,000 RDN cases: how many recovered vehicles each
 * company has per source (orders, RDN cases) and release state, kept by the database, so the
 * list's total (every vehicle, or those in a state) is read from these rows instead of counting
 * every recovered vehicle and its release on each view (125,000 at a million cases, its time
 * growing with them). A vehicle's state comes from its live release and that release's document
 * (src/server/features/redemptions/list-sql.ts reads it the same way); so the vehicles, the
 * releases and the documents' statements each move what they changed from one state to another,
 * one grouped upsert in key order as the other counts do (migration 058). With it, the index the
 * list's state pages walk, and the transport manager's moving orders' order (item 5 of
 * issue 42: these grew with the cases though their answers did not).
 */
const agencyDay = (column: string) => sql`(${sql.ref(column)} at time zone ${sql.lit(AGENCY_TIME_ZONE)})::date`

export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table redemption_state_counts (
    company_id uuid not null,
    source text not null check (source in ('order', 'rdn')),
    state text not null,
    vehicles bigint not null,
    primary key (company_id, source, state)
  )`.execute(db)
  // The releases of a document: a document's signature moves its release from waiting to signed.
  await sql`create index vehicle_releases_document_idx on vehicle_releases (release_document_id)
    where release_document_id is not null`.execute(db)

  // A page of RDN cases in a release state walks the list's order until it has found enough with
  // such a release (a state's vehicles are too many to sort): the walk reads the index alone, not
  // each case's row (12,700 cases walked for 50 released at a million). It replaces migration
  // 056's list index, whose keys lead it.
  await sql`create index rdn_cases_redemption_walk_idx on rdn_cases (
      company_id,
      coalesce(repo_date, ${agencyDay('time_marked_repossessed')}, ${agencyDay('updated_at')}) desc nulls last,
      coalesce(case_number, case_id::text),
      ('rdn:' || id::text))
    include (id, repo_date, time_marked_repossessed, updated_at, case_number, case_id)
    where status = 'Repossessed' or repo_date is not null or time_marked_repossessed is not null`.execute(db)
  await sql`drop index rdn_cases_redemption_list_idx`.execute(db)

  // Where a release stands (releaseState in list-sql.ts), frozen here: 'none' for no live release.
  await sql`create function redemption_release_state(status text, kind text, document_id uuid, document_status text)
    returns text language sql immutable as $$
      select case
        when status is null or status = 'cancelled' then 'none'
        when status = 'completed' and kind = 'release' then 'released'
        when status = 'completed' then 'transported'
        when kind = 'release' and document_status = 'signed' then 'signed'
        when kind = 'release' and document_id is not null then 'waiting'
        else 'authorized' end
    $$`.execute(db)

  // Each source as the list reads it (recoveredOrders, recoveredRdnCases in list-sql.ts).
  const sources = [
    {
      source: 'order',
      table: 'orders',
      column: 'order_id',
      recovered: (v: string) => `(${v}.status = 'Repossessed' or ${v}.recovery_date is not null)`,
    },
    {
      source: 'rdn',
      table: 'rdn_cases',
      column: 'rdn_case_id',
      recovered: (v: string) =>
        `(${v}.status = 'Repossessed' or ${v}.repo_date is not null or ${v}.time_marked_repossessed is not null)`,
    },
  ] as const
  const upsert = (deltas: string) =>
    `insert into redemption_state_counts (company_id, source, state, vehicles)
        select company_id, source, state, sum(vehicles) from (${deltas}) deltas
        group by 1, 2, 3 having sum(vehicles) <> 0 order by 1, 2, 3
        on conflict (company_id, source, state) do update set vehicles = redemption_state_counts.vehicles + excluded.vehicles;`
  /** Vehicles (company_id, id, vehicles: +1 or -1) counted in the state their live release gives them now. */
  const inTheirState = (source: (typeof sources)[number], vehicles: string) =>
    `select v.company_id, '${source.source}' as source,
        redemption_release_state(r.status, r.kind, r.release_document_id, d.status) as state, v.vehicles
      from (${vehicles}) v
      left join vehicle_releases r on r.${source.column} = v.id and r.company_id = v.company_id and r.status <> 'cancelled'
      left join compliance_documents d on d.id = r.release_document_id`
  const everyVehicle = sources
    .map((source) =>
      inTheirState(
        source,
        `select company_id, id, 1 as vehicles from ${source.table} c where ${source.recovered('c')}`,
      ),
    )
    .join(' union all ')

  // No writer may slip between the backfill and the triggers taking over.
  await sql`lock table orders, rdn_cases, vehicle_releases, compliance_documents in share row exclusive mode`.execute(
    db,
  )
  await sql.raw(upsert(everyVehicle)).execute(db)

  for (const source of sources) {
    // Vehicles recovered (+1) or no longer (-1) by a statement; a vehicle whose company changed moves.
    const recoveredRows = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
      `select company_id, id, ${sign}1 as vehicles from ${rows} c where ${source.recovered('c')}`
    const moved = (rows: string) =>
      inTheirState(
        source,
        `select company_id, id, sum(vehicles) as vehicles from (${rows}) rows group by 1, 2 having sum(vehicles) <> 0`,
      )
    await sql`create function ${sql.raw(`count_redemption_${source.table}`)}() returns trigger language plpgsql as $$
      begin
        -- Each branch names only the transition tables its event has.
        if tg_op = 'INSERT' then
          ${sql.raw(upsert(moved(recoveredRows('new_rows', ''))))}
        else
          ${sql.raw(upsert(moved(`${recoveredRows('new_rows', '')} union all ${recoveredRows('old_rows', '-')}`)))}
        end if;
        return null;
      end $$`.execute(db)
    // A vehicle deleted is uncounted before its releases go with it (their delete finds no vehicle).
    await sql`create function ${sql.raw(`uncount_redemption_${source.table}`)}() returns trigger language plpgsql as $$
      begin
        ${sql.raw(upsert(inTheirState(source, 'select old.company_id, old.id, -1 as vehicles')))}
        return old;
      end $$`.execute(db)
    for (const event of ['inserted', 'updated'] as const) {
      const referencing =
        event === 'inserted'
          ? 'referencing new table as new_rows'
          : 'referencing old table as old_rows new table as new_rows'
      await sql`create trigger ${sql.raw(`${source.table}_redemption_counts_${event}`)}
        after ${sql.raw(event === 'inserted' ? 'insert' : 'update')} on ${sql.raw(source.table)}
        ${sql.raw(referencing)} for each statement execute function ${sql.raw(`count_redemption_${source.table}`)}()`.execute(
        db,
      )
    }
    await sql`create trigger ${sql.raw(`${source.table}_redemption_counts_deleted`)} before delete on ${sql.raw(source.table)}
      for each row when ${sql.raw(source.recovered('old'))}
      execute function ${sql.raw(`uncount_redemption_${source.table}`)}()`.execute(db)
  }

  // Releases: each live one moves its recovered vehicle out of 'none' into its state (new rows),
  // or back (old rows), the document's status read now.
  const releaseRows = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select r.company_id, r.order_id, r.rdn_case_id, ${sign}1 as vehicles,
        redemption_release_state(r.status, r.kind, r.release_document_id, d.status) as state
      from ${rows} r left join compliance_documents d on d.id = r.release_document_id where r.status <> 'cancelled'`
  const releasesMoved = (rows: string) => {
    const ofVehicles = sources
      .map(
        (source) => `select r.company_id, '${source.source}' as source, r.state, r.vehicles
          from (${rows}) r join ${source.table} v on v.id = r.${source.column} and v.company_id = r.company_id
          where ${source.recovered('v')}`,
      )
      .join(' union all ')
    return `with moved as (${ofVehicles})
      select company_id, source, state, vehicles from moved
      union all select company_id, source, 'none', -vehicles from moved`
  }
  await sql`create function count_redemption_releases() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        ${sql.raw(upsert(releasesMoved(releaseRows('new_rows', ''))))}
      elsif tg_op = 'UPDATE' then
        ${sql.raw(upsert(releasesMoved(`${releaseRows('new_rows', '')} union all ${releaseRows('old_rows', '-')}`)))}
      else
        ${sql.raw(upsert(releasesMoved(releaseRows('old_rows', '-'))))}
      end if;
      return null;
    end $$`.execute(db)
  await sql`create trigger vehicle_releases_redemption_counts_inserted after insert on vehicle_releases
    referencing new table as new_rows for each statement execute function count_redemption_releases()`.execute(db)
  await sql`create trigger vehicle_releases_redemption_counts_updated after update on vehicle_releases
    referencing old table as old_rows new table as new_rows for each statement execute function count_redemption_releases()`.execute(
    db,
  )
  await sql`create trigger vehicle_releases_redemption_counts_deleted after delete on vehicle_releases
    referencing old table as old_rows for each statement execute function count_redemption_releases()`.execute(db)

  // Documents: a release's document signed (or no longer) moves its vehicle between waiting and signed.
  const documentRows = (rows: 'new_rows' | 'old_rows', sign: '' | '-') =>
    `select r.company_id, r.order_id, r.rdn_case_id, ${sign}1 as vehicles,
        redemption_release_state(r.status, r.kind, r.release_document_id, d.status) as state
      from ${rows} d join vehicle_releases r on r.release_document_id = d.id and r.status <> 'cancelled'`
  const documentsMoved = sources
    .map(
      (source) => `select r.company_id, '${source.source}' as source, r.state, r.vehicles
        from (${documentRows('new_rows', '')} union all ${documentRows('old_rows', '-')}) r
        join ${source.table} v on v.id = r.${source.column} and v.company_id = r.company_id
        where ${source.recovered('v')}`,
    )
    .join(' union all ')
  await sql`create function count_redemption_documents() returns trigger language plpgsql as $$
    begin
      ${sql.raw(upsert(documentsMoved))}
      return null;
    end $$`.execute(db)
  await sql`create trigger compliance_documents_redemption_counts_updated after update on compliance_documents
    referencing old table as old_rows new table as new_rows for each statement execute function count_redemption_documents()`.execute(
    db,
  )
  for (const name of [
    'count_redemption_orders',
    'count_redemption_rdn_cases',
    'count_redemption_releases',
    'count_redemption_documents',
  ])
    await sql`alter function ${sql.raw(name)}() set jit = off`.execute(db)

  // TRUNCATE skips row and statement delete triggers: the counts are taken again from what is left.
  await sql`create function recount_redemption_states() returns trigger language plpgsql as $$
    begin
      delete from redemption_state_counts;
      ${sql.raw(upsert(everyVehicle))}
      return null;
    end $$`.execute(db)
  for (const table of ['orders', 'rdn_cases', 'vehicle_releases', 'compliance_documents'])
    await sql`create trigger ${sql.raw(`${table}_redemption_counts_truncated`)} after truncate on ${sql.raw(table)}
      for each statement execute function recount_redemption_states()`.execute(db)

  // The transport manager's orders to move (src/server/features/dashboards/storage.ts), waiting
  // longest first, read from this index's first rows, not by sorting every such order (25,000 at
  // a million cases). Partial, so an import of open orders does not pay for it.
  await sql`create index orders_moving_idx on orders (company_id, updated_at, id)
    where status in ('Auction', 'Office Transfer')`.execute(db)
}
