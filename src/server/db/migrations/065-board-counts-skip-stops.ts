import { type Kysely, sql } from 'kysely'

// Issue 44 (docs/decisions/034): a stopped case (a hold, or a case over) is open work for the
// figures but not work to hand out, so the Agent Assignment board leaves it out. The board reads
// its group sizes and total from board_case_counts (migration 050), so those counts leave it out
// too: migration 050's count triggers are redefined to count the open cases whose status is not one
// of the stopping statuses (frozen here as the worklists' literals hold them, queries/assignable-
// work-sql), and the counts are rebuilt. The board's indexes stay as they are (a superset).

const OPEN = `status in ('Open', 'Need Info', 'On Hold', 'Pending On Hold')
  and status not in ('On Hold', 'Pending On Hold', 'Closed', 'Pending Close', 'Charged Off', 'Completed')`

const SOURCES = [
  {
    source: 'order',
    table: 'orders',
    market: `coalesce(detected_market, '')`,
    assigned: 'assigned_agent_id is not null',
  },
  { source: 'case', table: 'rdn_cases', market: 'detected_market', assigned: `coalesce(assigned_agent_id, '') <> ''` },
] as const

const facets = (one: (typeof SOURCES)[number], rows: string, sign: '' | '-') =>
  `select company_id, '${one.source}' as source, ${one.market} as market, ${one.assigned} as assigned,
      assignment_state, ${sign}count(*) as cases
    from ${rows} where ${OPEN} group by 1, 2, 3, 4, 5`

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const one of SOURCES) {
    const upsert = (deltas: string) =>
      sql.raw(`insert into board_case_counts
          select company_id, source, market, assigned, assignment_state, sum(cases) from (${deltas}) deltas
          group by 1, 2, 3, 4, 5 having sum(cases) <> 0 order by 1, 2, 3, 4, 5
          on conflict (company_id, source, market, assigned, assignment_state)
          do update set cases = board_case_counts.cases + excluded.cases;`)
    await sql`lock table ${sql.raw(one.table)} in share row exclusive mode`.execute(db)
    await sql`create or replace function ${sql.raw(`${one.table}_board_counted`)}() returns trigger language plpgsql set jit = off as $$
      begin
        if tg_op = 'INSERT' then
          ${upsert(facets(one, 'new_rows', ''))}
        elsif tg_op = 'UPDATE' then
          ${upsert(`${facets(one, 'new_rows', '')} union all ${facets(one, 'old_rows', '-')}`)}
        else
          ${upsert(facets(one, 'old_rows', '-'))}
        end if;
        return null;
      end $$`.execute(db)
  }
  await sql`delete from board_case_counts`.execute(db)
  await sql
    .raw(`insert into board_case_counts ${SOURCES.map((one) => facets(one, one.table, '')).join(' union all ')}`)
    .execute(db)
}
