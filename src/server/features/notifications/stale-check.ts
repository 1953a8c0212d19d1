import { type Kysely, type RawBuilder, sql } from 'kysely'
import { FINISHED_STATUSES } from '../../../domain/dashboards/work-statuses'
import { STALE_UPDATE_HOURS } from '../../../domain/notifications/notifications'
import { caseLabel, rdnAgentPerson } from '../../db/migrations/023-notifications'
import type { DB } from '../../db/schema'
import type { Logger } from '../../lib/logger'

const CHECK_NAME = 'stale_orders'
/** Orders looked at per statement; a run goes on in batches until caught up, at most MAX_BATCHES. */
const BATCH = 1_000
const MAX_BATCHES = 50
/** How far before the cutoff the very first run looks (see readWatermark). */
const FIRST_LOOK_BACK_HOURS = 24

// Literals, not parameters: the partial index orders_stale_check_idx (migration 023) must match.
const UNFINISHED = sql.raw(`o.status not in (${FINISHED_STATUSES.map((status) => `'${status}'`).join(', ')})`)

export type StaleCheckResult = { notified: number; batches: number; checkedUntil: string }

/** What differs between the orders' and the RDN cases' checks: the table, and who the case's person is. */
type StaleSource = {
  checkName: string
  table: 'orders' | 'rdn_cases'
  timelineColumn: 'order_id' | 'rdn_case_id'
  /** The notifications written for the window's stale cases (alias s: id, company_id, last_update, and the source's own columns). */
  insert: (stale: RawBuilder<unknown>, cutoff: string) => RawBuilder<unknown>
}

const ORDERS: StaleSource = {
  checkName: CHECK_NAME,
  table: 'orders',
  timelineColumn: 'order_id',
  insert: (stale, cutoff) => sql`
    insert into notifications (company_id, profile_id, kind, order_id, href, message, dedupe_key)
    select s.company_id, p.id, 'stale', s.id, '/order/' || s.id,
      'No update for ' || ${STALE_UPDATE_HOURS}::int || ' hours on order '
        || ${caseLabel('s', 'coalesce(s.case_number, s.order_number)')} || '.',
      'stale:' || s.id || ':' || extract(epoch from s.last_update)::text
    from (${stale}) s
    join profiles p on p.id = s.assigned_agent_id and p.company_id = s.company_id and p.active
    where s.last_update <= ${cutoff}::timestamptz
    on conflict do nothing`,
}

const RDN_CASES: StaleSource = {
  checkName: 'stale_rdn_cases',
  table: 'rdn_cases',
  timelineColumn: 'rdn_case_id',
  // The person an RDN agent id stands for: an Agent Mapping first, else a profile's own RDN id.
  insert: (stale, cutoff) => sql`
    insert into notifications (company_id, profile_id, kind, rdn_case_id, href, message, dedupe_key)
    select s.company_id, p.id, 'stale', s.id, '/cases/' || s.case_id,
      'No update for ' || ${STALE_UPDATE_HOURS}::int || ' hours on RDN case '
        || ${caseLabel('s', 'coalesce(s.case_number, s.case_id::text)')} || '.',
      'stale-case:' || s.id || ':' || extract(epoch from s.last_update)::text
    from (${stale}) s
    cross join lateral ${rdnAgentPerson('s.company_id', 's.assigned_agent_id')} as agent (id)
    join profiles p on p.id = agent.id and p.active
    where s.last_update <= ${cutoff}::timestamptz
    on conflict do nothing`,
}

/**
 * Tells the person of each unfinished order and RDN case assigned to them whose last update (its
 * updated_at or its newest timeline entry) is STALE_UPDATE_HOURS old, once per stale period: the
 * dedupe key names the case and that last update, so a later update starts a new period and a
 * second instance's run of the same period is a no-op. Each run looks only at the updates that
 * crossed the line since the last run (a watermark per table), a bounded batch at a time, so it
 * stays cheap however many cases there are. Times stay PostgreSQL text throughout: a JavaScript
 * Date would drop the microseconds, and a window ending a microsecond short of a batch's shared
 * timestamp would never move on.
 */
export async function runStaleCheck(
  db: Kysely<DB>,
  options: { now?: Date; batch?: number; maxBatches?: number } = {},
): Promise<StaleCheckResult> {
  const orders = await runStaleCheckOf(db, ORDERS, options)
  const cases = await runStaleCheckOf(db, RDN_CASES, options)
  return {
    notified: orders.notified + cases.notified,
    batches: orders.batches + cases.batches,
    checkedUntil: orders.checkedUntil,
  }
}

async function runStaleCheckOf(
  db: Kysely<DB>,
  source: StaleSource,
  { now, batch = BATCH, maxBatches = MAX_BATCHES }: { now?: Date; batch?: number; maxBatches?: number },
): Promise<StaleCheckResult> {
  const clock = now ? sql`${now.toISOString()}::timestamptz` : sql`now()`
  const cutoff = (
    await sql<{
      cutoff: string
    }>`select (${clock} - make_interval(hours => ${STALE_UPDATE_HOURS}))::text as cutoff`.execute(db)
  ).rows[0].cutoff
  const table = sql.raw(source.table)
  const timeline = sql.raw(`t.${source.timelineColumn}`)
  let notified = 0
  let batches = 0
  let from = await readWatermark(db, source.checkName, cutoff)
  for (;;) {
    batches += 1
    // The window ends at the batch-th oldest crossing (ties kept), or at the cutoff when fewer remain.
    const nth = await sql<{ at: string }>`
      select o.updated_at::text as at from ${table} o
      where o.assigned_agent_id is not null and ${UNFINISHED}
        and o.updated_at > ${from}::timestamptz and o.updated_at <= ${cutoff}::timestamptz
      order by o.updated_at offset ${batch - 1} limit 1`.execute(db)
    const until = nth.rows[0]?.at ?? cutoff
    const stale = sql`
      with crossed as (
        select o.id from ${table} o
        where o.assigned_agent_id is not null and ${UNFINISHED}
          and o.updated_at > ${from}::timestamptz and o.updated_at <= ${until}::timestamptz
        union
        select ${timeline} from case_timeline t
        where ${timeline} is not null and t.created_at > ${from}::timestamptz and t.created_at <= ${until}::timestamptz
      )
      select o.*, greatest(o.updated_at,
          (select t.created_at from case_timeline t where ${timeline} = o.id order by t.id desc limit 1)) as last_update
      from crossed join ${table} o on o.id = crossed.id
      where o.assigned_agent_id is not null and ${UNFINISHED}`
    const inserted = await source.insert(stale, cutoff).execute(db)
    notified += Number(inserted.numAffectedRows ?? 0)
    await writeWatermark(db, source.checkName, until)
    from = until
    if (!nth.rows[0] || batches >= maxBatches) break
  }
  return { notified, batches, checkedUntil: from }
}

/**
 * Where the last run stopped. Before any run, a day before the cutoff: the orders that went quiet
 * in the last day are told, not a backlog of years, which would bury each agent's bell under
 * thousands of old cases the day the check is first deployed.
 */
async function readWatermark(db: Kysely<DB>, checkName: string, cutoff: string): Promise<string> {
  const row = await sql<{ at: string }>`
    select checked_until::text as at from notification_checks where name = ${checkName}`.execute(db)
  if (row.rows[0]) return row.rows[0].at
  const start = await sql<{
    at: string
  }>`select (${cutoff}::timestamptz - ${sql.lit(`${FIRST_LOOK_BACK_HOURS} hours`)}::interval)::text as at`.execute(db)
  return start.rows[0].at
}

/** Only forward: an instance that ran behind another never moves the mark back. */
async function writeWatermark(db: Kysely<DB>, checkName: string, until: string) {
  await sql`insert into notification_checks (name, checked_until) values (${checkName}, ${until}::timestamptz)
    on conflict (name) do update set checked_until = greatest(notification_checks.checked_until, excluded.checked_until)`.execute(
    db,
  )
}

/** Runs the stale check every `minutes` (0: never) until stopped; a failed run is logged and retried next time. */
export function startStaleCheck(db: Kysely<DB>, logger: Logger, minutes: number) {
  if (minutes <= 0) return { stop: async () => {} }
  let running: Promise<unknown> = Promise.resolve()
  let stopped = false
  const timer = setInterval(() => {
    running = running.then(async () => {
      if (stopped) return
      try {
        const result = await runStaleCheck(db)
        if (result.notified > 0) logger.info(result, 'Stale cases: agents told')
      } catch (error) {
        logger.warn({ err: error }, 'Stale case check failed')
      }
    })
  }, minutes * 60_000)
  timer.unref()
  return {
    stop: async () => {
      stopped = true
      clearInterval(timer)
      await running
    },
  }
}
