import { type Kysely, type RawBuilder, sql, type Transaction } from 'kysely'
import { AGENCY_TIME_ZONE } from '../../../domain/formats/agency-time'
import { mayReadCaseFees } from '../../../domain/payroll/fee-needs'
import type { PayEventKind } from '../../../domain/payroll/pay-kinds'
import type { PayEvent } from '../../../domain/payroll/pricing'
import type { PayRule } from '../../../domain/payroll/rules'
import type { DB } from '../../db/schema'
import { rdnAgentProfile, rdnCaseClient } from '../../queries/rdn-case-sql'
import { caseFees } from './case-fees-repository'

// Issue 18: pay events from what the product records. Each source reads one table; a day is the
// agency's local day (PAY_TIME_ZONE) and a range is inclusive of both days.

type Db = Kysely<DB> | Transaction<DB>
export type DayRange = { from: string; to: string }
/** Whose events: everyone's (null), or those these people earn or share (as finder or partner). */
export type EventPeople = readonly string[] | null

/** The agency's day for pay: the agency's time zone, the one every moment is read in (issue 41). */
export const PAY_TIME_ZONE = AGENCY_TIME_ZONE
const TZ = sql.lit(PAY_TIME_ZONE)

export const dayOf = (column: string) => sql<string>`to_char((${sql.ref(column)} at time zone ${TZ}), 'YYYY-MM-DD')`
const inRange = (column: string, range: DayRange) =>
  sql`${sql.ref(column)} >= (${range.from}::date::timestamp at time zone ${TZ}) and ${sql.ref(column)} < ((${range.to}::date + 1)::timestamp at time zone ${TZ})`

type SourceRow = {
  key: string
  kind: PayEventKind
  profile_id: string
  occurred_on: string
  order_id: string | null
  rdn_case_id: string | null
  case_label: string | null
  order_type: string | null
  client_id: string | null
  finder_id: string | null
  partner_id: string | null
  miles: number | null
  hours: number | null
  amount_cents: number | null
  note: string | null
}

const none = sql`null`

/** `and` one of the columns is one of the people (nothing when everyone's events are read). */
const ofPeople = (people: EventPeople, ...columns: RawBuilder<unknown>[]) =>
  people
    ? sql`and (${sql.join(
        columns.map((column) => sql`${column} = any(${people}::uuid[])`),
        sql` or `,
      )})`
    : sql``

function select(fields: Partial<Record<keyof SourceRow, RawBuilder<unknown>>>) {
  const columns: (keyof SourceRow)[] = [
    'key',
    'kind',
    'profile_id',
    'occurred_on',
    'order_id',
    'rdn_case_id',
    'case_label',
    'order_type',
    'client_id',
    'finder_id',
    'partner_id',
    'miles',
    'hours',
    'amount_cents',
    'note',
  ]
  return sql.join(columns.map((column) => sql`${fields[column] ?? none} as ${sql.ref(column)}`))
}

const orderLabel = sql`coalesce(o.order_number, o.case_number)`
const rdnLabel = sql`coalesce(c.case_number, c.case_id::text)`

/** A row about an order or an RDN case (aliased o and c, see joinEitherCase): its label, order type and client. */
const eitherCase = {
  case_label: sql`coalesce(${orderLabel}, ${rdnLabel})`,
  order_type: sql`coalesce(o.repo_type, c.order_type)`,
  client_id: sql`coalesce(o.client_id, ${rdnCaseClient})`,
}
const joinEitherCase = (alias: string) =>
  sql.raw(`left join orders o on o.id = ${alias}.order_id left join rdn_cases c on c.id = ${alias}.rdn_case_id`)

/** The second agent a manager named on a recovery (a team_partner entry), if not the agent. */
const teamPartner = (onCase: RawBuilder<unknown>, agent: RawBuilder<unknown>) =>
  sql`(select e.profile_id from pay_entries e where ${onCase} and e.kind = 'team_partner'
    and e.profile_id is distinct from ${agent} order by e.created_at limit 1)`

/** Recoveries of orders: each order once, to the agent who completed it first; a second agent is the team partner. */
const orderRecoveries = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select * from (select ${select({
    key: sql`'recovery:order:' || rc.order_id`,
    kind: sql`'recovery'`,
    profile_id: sql`rc.agent_id`,
    occurred_on: dayOf('rc.completed_at'),
    order_id: sql`rc.order_id`,
    case_label: orderLabel,
    order_type: sql`o.repo_type`,
    client_id: sql`o.client_id`,
    finder_id: sql`(select f.driver_id from ccd_finds f where f.order_id = rc.order_id order by f.found_at limit 1)`,
    partner_id: sql`coalesce(
      (select r2.agent_id from repo_completions r2 where r2.order_id = rc.order_id and r2.agent_id <> rc.agent_id order by r2.completed_at limit 1),
      ${teamPartner(sql`e.order_id = rc.order_id`, sql`rc.agent_id`)})`,
  })}
  from repo_completions rc join orders o on o.id = rc.order_id
  where rc.company_id = ${companyId} and ${inRange('rc.completed_at', range)}
    and not exists (select 1 from repo_completions e where e.order_id = rc.order_id
      and (e.completed_at < rc.completed_at or (e.completed_at = rc.completed_at and e.id < rc.id)))) x
  where true ${ofPeople(people, sql`x.profile_id`, sql`x.finder_id`, sql`x.partner_id`)}`

/**
 * The person each RDN agent id of the company is (a mapping first, else the profile carrying that
 * RDN id, as rdnAgentProfile resolves one case's), as two small sets joined to the recoveries.
 */
const rdnAgentPeople = (companyId: string) => sql`
  left join (select distinct on (m.rdn_agent_id) m.rdn_agent_id, m.profile_id from rdn_agent_mappings m
    where m.company_id = ${companyId} order by m.rdn_agent_id, m.created_at) mapped on mapped.rdn_agent_id = c.assigned_agent_id
  left join (select distinct on (p.rdn_id_number) p.rdn_id_number, p.id from profiles p
    where p.company_id = ${companyId} and p.rdn_id_number is not null order by p.rdn_id_number, p.created_at) own
    on own.rdn_id_number = c.assigned_agent_id`
const rdnAgentPerson = sql`coalesce(mapped.profile_id, own.id)`

/** Recoveries of RDN cases: marked repossessed with an agent the company mapped to a person. */
const rdnRecoveries = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select * from (select ${select({
    key: sql`'recovery:rdn:' || c.id`,
    kind: sql`'recovery'`,
    profile_id: rdnAgentPerson,
    occurred_on: dayOf('c.time_marked_repossessed'),
    rdn_case_id: sql`c.id`,
    case_label: rdnLabel,
    order_type: sql`c.order_type`,
    client_id: rdnCaseClient,
    partner_id: sql`case when teamed.rdn_case_id is not null then ${teamPartner(sql`e.rdn_case_id = c.id`, rdnAgentPerson)} end`,
  })}
  from rdn_cases c ${rdnAgentPeople(companyId)}
  left join (select distinct e.rdn_case_id from pay_entries e
    where e.company_id = ${companyId} and e.kind = 'team_partner' and e.rdn_case_id is not null) teamed on teamed.rdn_case_id = c.id
  where c.company_id = ${companyId} and c.assigned_agent_id is not null and ${inRange('c.time_marked_repossessed', range)}) x
  where x.profile_id is not null ${ofPeople(people, sql`x.profile_id`, sql`x.partner_id`)}`

/** Camera car finds: each driver paid once per order, for their first find of it. */
const finds = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select ${select({
    key: sql`'find:' || f.order_id || ':' || f.driver_id`,
    kind: sql`'find'`,
    profile_id: sql`f.driver_id`,
    occurred_on: dayOf('f.found_at'),
    order_id: sql`f.order_id`,
    case_label: orderLabel,
    order_type: sql`o.repo_type`,
    client_id: sql`o.client_id`,
  })}
  from ccd_finds f join orders o on o.id = f.order_id
  where f.company_id = ${companyId} and ${inRange('f.found_at', range)} ${ofPeople(people, sql`f.driver_id`)}
    and not exists (select 1 from ccd_finds e where e.order_id = f.order_id and e.driver_id = f.driver_id
      and (e.found_at < f.found_at or (e.found_at = f.found_at and e.id < f.id)))`

/** Close fees the lender approved: to the case's agent. */
const closeFees = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select * from (select ${select({
    key: sql`'close_fee:' || r.id`,
    kind: sql`'close_fee'`,
    profile_id: sql`coalesce(o.assigned_agent_id, ${rdnAgentProfile})`,
    occurred_on: dayOf('r.decided_at'),
    order_id: sql`r.order_id`,
    rdn_case_id: sql`r.rdn_case_id`,
    ...eitherCase,
  })}
  from fee_requests r
  ${joinEitherCase('r')}
  where r.company_id = ${companyId} and r.status = 'approved' and r.fee_type = 'CLOSE_FEE'
    and ${inRange('r.decided_at', range)}) x
  where x.profile_id is not null ${ofPeople(people, sql`x.profile_id`)}`

/** Keys made (the locksmith's job marked done): to whoever marked it. */
const keysMade = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select ${select({
    key: sql`'key:' || k.order_id`,
    kind: sql`'key'`,
    profile_id: sql`k.updated_by`,
    occurred_on: dayOf('k.updated_at'),
    order_id: sql`k.order_id`,
    case_label: orderLabel,
    order_type: sql`o.repo_type`,
    client_id: sql`o.client_id`,
  })}
  from key_jobs k join orders o on o.id = k.order_id
  where k.company_id = ${companyId} and k.state = 'key_made' and k.updated_by is not null
    and ${inRange('k.updated_at', range)} ${ofPeople(people, sql`k.updated_by`)}`

/** Field visits: a person's Agent Update on a case, once per case and day. */
const fieldVisits = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select distinct on (t.actor_profile_id, coalesce(t.order_id, t.rdn_case_id), ${dayOf('t.created_at')}) ${select({
    key: sql`'field_visit:' || coalesce(t.order_id, t.rdn_case_id) || ':' || t.actor_profile_id || ':' || ${dayOf('t.created_at')}`,
    kind: sql`'field_visit'`,
    profile_id: sql`t.actor_profile_id`,
    occurred_on: dayOf('t.created_at'),
    order_id: sql`t.order_id`,
    rdn_case_id: sql`t.rdn_case_id`,
    ...eitherCase,
  })}
  from case_timeline t
  ${joinEitherCase('t')}
  where t.company_id = ${companyId} and t.kind = 'note' and t.note_type = 'Agent Update'
    and t.actor_profile_id is not null and ${inRange('t.created_at', range)} ${ofPeople(people, sql`t.actor_profile_id`)}
  order by t.actor_profile_id, coalesce(t.order_id, t.rdn_case_id), ${dayOf('t.created_at')}, t.created_at`

/** Manual entries: adjustments, chargebacks (negative) and logged work. */
const entries = (companyId: string, range: DayRange, people: EventPeople) => sql<SourceRow>`
  select ${select({
    key: sql`'entry:' || e.id`,
    kind: sql`e.kind`,
    profile_id: sql`e.profile_id`,
    occurred_on: sql`to_char(e.occurred_on, 'YYYY-MM-DD')`,
    order_id: sql`e.order_id`,
    rdn_case_id: sql`e.rdn_case_id`,
    ...eitherCase,
    case_label: sql`coalesce(${orderLabel}, ${rdnLabel}, e.case_label)`,
    miles: sql`e.miles`,
    hours: sql`e.hours`,
    amount_cents: sql`case when e.kind = 'chargeback' then -e.amount_cents else e.amount_cents end`,
    note: sql`concat_ws(': ', e.reason, nullif(e.note, ''))`,
  })}
  from pay_entries e
  ${joinEitherCase('e')}
  where e.company_id = ${companyId} and e.kind <> 'team_partner' and e.occurred_on between ${range.from}::date and ${range.to}::date
    ${ofPeople(people, sql`e.profile_id`)}`

const SOURCES = [orderRecoveries, rdnRecoveries, finds, closeFees, keysMade, fieldVisits, entries]

export const caseKeyOf = (row: { order_id: string | null; rdn_case_id: string | null }) =>
  row.order_id ? `order:${row.order_id}` : row.rdn_case_id ? `rdn:${row.rdn_case_id}` : null

/**
 * Every pay event of a company in a range of days (or only those `people` earn or share), with its
 * case's invoiced and collected fees when a rule may read them (a percent, or pay held until the
 * lender pays; flat pay reads none).
 */
export async function loadPayEvents(
  db: Db,
  companyId: string,
  range: DayRange,
  rules: readonly PayRule[],
  people: EventPeople = null,
): Promise<PayEvent[]> {
  const results = await Promise.all(SOURCES.map((source) => source(companyId, range, people).execute(db)))
  const rows = results.flatMap((result) => result.rows)
  const feeCases = rows.filter((row) =>
    mayReadCaseFees({ kind: row.kind, orderType: row.order_type, clientId: row.client_id }, rules),
  )
  const fees = await caseFees(db, companyId, [...new Set(feeCases.map(caseKeyOf).filter((key) => key !== null))])
  return rows.map((row) => {
    const caseKey = caseKeyOf(row)
    const caseFees = caseKey ? fees.get(caseKey) : undefined
    return {
      key: row.key,
      kind: row.kind,
      profileId: row.profile_id,
      occurredOn: row.occurred_on,
      caseKey,
      caseLabel: row.case_label ?? '',
      orderType: row.order_type,
      clientId: row.client_id,
      finderId: row.finder_id,
      partnerId: row.partner_id,
      miles: row.miles === null ? null : Number(row.miles),
      hours: row.hours === null ? null : Number(row.hours),
      fees: caseFees?.fees ?? {},
      paidOn: caseFees?.paidOn ?? null,
      amountCents: row.amount_cents === null ? null : Number(row.amount_cents),
      note: row.note ?? '',
    }
  })
}
