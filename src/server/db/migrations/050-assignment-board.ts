import { type Kysely, sql } from 'kysely'

// The open-work statuses (src/domain/agent-work/open-work.ts), frozen here as the indexes and triggers hold them.
const OPEN = `status in ('Open', 'Need Info', 'On Hold', 'Pending On Hold')`

/** Each source's board expressions, as the board's SQL (features/assignments/board-sql.ts) writes them. */
const SOURCES = [
  {
    source: 'order',
    table: 'orders',
    market: `coalesce(detected_market, '')`,
    assigned: 'assigned_agent_id is not null',
    unassigned: 'assigned_agent_id is null',
    label: `coalesce(nullif(order_number, ''), nullif(case_number, ''), id::text)`,
  },
  {
    source: 'case',
    table: 'rdn_cases',
    market: 'detected_market',
    assigned: `coalesce(assigned_agent_id, '') <> ''`,
    unassigned: `coalesce(assigned_agent_id, '') = ''`,
    label: `coalesce(nullif(case_number, ''), case_id::text)`,
  },
] as const

const QUIET = 'coalesce(last_agent_update_at, agent_assigned_at, created_at)'
const DUE_BASE = 'coalesce(last_agent_update_at, agent_assigned_at)'

/**
 * Issue 42: the Agent Assignment board at a million cases, without sorting every open case.
 *
 * - The board's totals kept by the database: open cases per company, source, market, assigned or
 *   not and assignment state (`board_case_counts`), by statement triggers on orders and RDN cases
 *   (one grouped upsert per statement, in key order, as order_counts).
 * - An index per source and part of the board's order, each in that order under a market: the
 *   unassigned and the assigned by how long they have been quiet; those an update can fall due on
 *   (assigned, Active, with an assignment or an update) by client and the moment their clock
 *   started, so each client's cadence reads its due ones as a range; and the assignments held or
 *   closed, which are few. The clock's start has statistics, so a cadence's range is estimated
 *   from the data (a range of an expression unknown to the planner reads as a third of the table).
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`create table board_case_counts (
    company_id uuid not null,
    source text not null,
    market text not null,
    assigned boolean not null,
    assignment_state text not null,
    cases bigint not null,
    primary key (company_id, source, market, assigned, assignment_state)
  )`.execute(db)

  for (const one of SOURCES) {
    const facets = (rows: string, sign: '' | '-') =>
      `select company_id, '${one.source}' as source, ${one.market} as market, ${one.assigned} as assigned,
          assignment_state, ${sign}count(*) as cases
        from ${rows} where ${OPEN} group by 1, 2, 3, 4, 5`
    const upsert = (deltas: string) =>
      sql.raw(`insert into board_case_counts
          select company_id, source, market, assigned, assignment_state, sum(cases) from (${deltas}) deltas
          group by 1, 2, 3, 4, 5 having sum(cases) <> 0 order by 1, 2, 3, 4, 5
          on conflict (company_id, source, market, assigned, assignment_state)
          do update set cases = board_case_counts.cases + excluded.cases;`)
    const name = (suffix: string) => sql.raw(`${one.table}_board_${suffix}`)
    // No writer may slip between the backfill and the triggers taking over.
    await sql`lock table ${sql.raw(one.table)} in share row exclusive mode`.execute(db)
    await sql`insert into board_case_counts ${sql.raw(facets(one.table, ''))}`.execute(db)
    await sql`create function ${name('counted')}() returns trigger language plpgsql as $$
      begin
        -- Each branch names only the transition tables its event has.
        if tg_op = 'INSERT' then
          ${upsert(facets('new_rows', ''))}
        elsif tg_op = 'UPDATE' then
          ${upsert(`${facets('new_rows', '')} union all ${facets('old_rows', '-')}`)}
        else
          ${upsert(facets('old_rows', '-'))}
        end if;
        return null;
      end $$`.execute(db)
    await sql`create trigger ${name('counted_inserted')} after insert on ${sql.raw(one.table)}
      referencing new table as new_rows for each statement execute function ${name('counted')}()`.execute(db)
    await sql`create trigger ${name('counted_updated')} after update on ${sql.raw(one.table)}
      referencing old table as old_rows new table as new_rows for each statement execute function ${name('counted')}()`.execute(
      db,
    )
    await sql`create trigger ${name('counted_deleted')} after delete on ${sql.raw(one.table)}
      referencing old table as old_rows for each statement execute function ${name('counted')}()`.execute(db)
    // TRUNCATE skips row and statement delete triggers: the counts go with the rows.
    await sql`create function ${name('counts_cleared')}() returns trigger language plpgsql as $$
      begin
        delete from board_case_counts where source = ${sql.lit(one.source)};
        return null;
      end $$`.execute(db)
    await sql`create trigger ${name('counts_cleared')} after truncate on ${sql.raw(one.table)}
      for each statement execute function ${name('counts_cleared')}()`.execute(db)

    const order = sql.raw(`${QUIET}, ${one.label}, id`)
    await sql`create index ${name('unassigned_idx')} on ${sql.raw(one.table)}
      (company_id, ${sql.raw(one.market)}, ${order}) where ${sql.raw(`${OPEN} and ${one.unassigned}`)}`.execute(db)
    await sql`create index ${name('assigned_idx')} on ${sql.raw(one.table)}
      (company_id, ${sql.raw(one.market)}, ${order}) where ${sql.raw(`${OPEN} and ${one.assigned}`)}`.execute(db)
    await sql`create index ${name('clock_idx')} on ${sql.raw(one.table)}
      (company_id, ${sql.raw(one.market)}, client_id, ${sql.raw(`${DUE_BASE}, ${one.label}, id`)})
      where ${sql.raw(`${OPEN} and ${one.assigned} and assignment_state = 'Active' and ${DUE_BASE} is not null`)}`.execute(
      db,
    )
    // The planner's estimate of a clock range (a partial index's expression has no statistics of its own).
    await sql`create statistics ${name('clock_stats')} on (${sql.raw(DUE_BASE)}) from ${sql.raw(one.table)}`.execute(db)
    await sql`analyze ${sql.raw(one.table)}`.execute(db)
    await sql`create index ${name('held_idx')} on ${sql.raw(one.table)} (company_id, assignment_state)
      where ${sql.raw(`${OPEN} and assignment_state <> 'Active'`)}`.execute(db)
  }
}
