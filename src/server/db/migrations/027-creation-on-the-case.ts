import { type Kysely, sql } from 'kysely'
import { ACTOR_SETTING, SOURCE_SETTING } from './022-case-timeline'

const actor = sql.raw(`nullif(current_setting('${ACTOR_SETTING}', true), '')::uuid`)
const source = sql.raw(`coalesce(nullif(current_setting('${SOURCE_SETTING}', true), ''), 'system')`)

/**
 * Who created an order or RDN case, and how, is kept on the row itself (with its created_at), no
 * longer as a 'created' entry of the case timeline: that entry cost every imported order a
 * timeline row and its index inserts, a tenth of the import's time (docs/decisions/015). The
 * timeline shows the creation from the row, after the oldest entry. Column defaults read the
 * writer's settings (records/change-actor.ts) as the timeline's triggers do, so every path that
 * creates a case records it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  for (const [table, column] of [
    ['orders', 'order_id'],
    ['rdn_cases', 'rdn_case_id'],
  ] as const) {
    const target = sql.raw(column)
    await sql`alter table ${sql.raw(table)}
      add column created_by_profile_id uuid,
      add column created_source text`.execute(db)
    // One pass over the rows: who and how from each one's 'created' entry, 'system' without one.
    // The table's own triggers stay out of it: nothing they count, record or tell changes, and at a
    // million rows their transition tables would hold every row twice.
    await sql`alter table ${sql.raw(table)} disable trigger user`.execute(db)
    await sql`update ${sql.raw(table)} c set
      created_by_profile_id = t.actor_profile_id,
      created_source = coalesce(t.source, 'system')
      from ${sql.raw(table)} c2
      left join case_timeline t on t.${target} = c2.id and t.kind = 'created'
      where c2.id = c.id`.execute(db)
    await sql`alter table ${sql.raw(table)} enable trigger user`.execute(db)
    await sql`alter table ${sql.raw(table)}
      alter column created_by_profile_id set default ${actor},
      alter column created_source set default ${source},
      alter column created_source set not null,
      add constraint ${sql.raw(`${table}_created_source_check`)}
        check (created_source in ('person', 'dashboard', 'import', 'sync', 'system'))`.execute(db)
    await sql`drop trigger ${sql.raw(`${table}_timeline_created`)} on ${sql.raw(table)}`.execute(db)
    await sql`drop function ${sql.raw(`${table}_timeline_created`)}()`.execute(db)
  }
  await sql`delete from case_timeline where kind = 'created'`.execute(db)
  await sql`alter table case_timeline drop constraint case_timeline_kind_check,
    add constraint case_timeline_kind_check check (kind in ('change', 'note'))`.execute(db)
}
