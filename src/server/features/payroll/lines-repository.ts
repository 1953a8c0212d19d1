import { type Kysely, sql, type Transaction } from 'kysely'
import type { HeldLine, PeriodLine } from '../../../domain/payroll/assemble'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

const LINE_COLUMNS = [
  'key',
  'event_key',
  'kind',
  'profile_id',
  'occurred_on',
  'case_key',
  'case_label',
  'rule_id',
  'amount_cents',
  'held_cents',
  'carried_from',
  'explanation',
] as const

type LineRow = {
  key: string
  event_key: string
  kind: PeriodLine['kind']
  profile_id: string
  occurred_on: string
  case_key: string | null
  case_label: string
  rule_id: string | null
  amount_cents: number
  held_cents: number
  carried_from: string | null
  explanation: string
}

const toLine = (row: LineRow): PeriodLine => ({
  key: row.key,
  eventKey: row.event_key,
  kind: row.kind,
  profileId: row.profile_id,
  occurredOn: row.occurred_on,
  caseKey: row.case_key,
  caseLabel: row.case_label,
  ruleId: row.rule_id,
  amountCents: Number(row.amount_cents),
  heldCents: Number(row.held_cents),
  holdback: Number(row.held_cents) > 0,
  carriedFrom: row.carried_from,
  explanation: row.explanation,
})

/** The lines an approved or locked period stored (one person's, when asked). */
export async function storedLines(db: Db, companyId: string, periodStarts: string[], profileId?: string) {
  if (periodStarts.length === 0) return []
  let query = db
    .selectFrom('pay_lines')
    .select([...LINE_COLUMNS, 'period_start'])
    .where('company_id', '=', companyId)
    .where('period_start', 'in', periodStarts)
  if (profileId) query = query.where('profile_id', '=', profileId)
  const rows = await query.orderBy('occurred_on').orderBy('key').execute()
  return rows.map((row) => ({ ...toLine(row), periodStart: row.period_start }))
}

/** The events, of those given, that some stored period already pays (whatever day they now carry). */
export async function paidEventKeys(db: Db, companyId: string, eventKeys: string[]): Promise<Set<string>> {
  if (eventKeys.length === 0) return new Set()
  const result = await sql<{ event_key: string }>`select distinct event_key from pay_lines
    where company_id = ${companyId} and event_key = any(${eventKeys}::text[])`.execute(db)
  return new Set(result.rows.map((row) => row.event_key))
}

/** Stored lines still holding pay back that no stored period has released yet. */
export async function unreleasedHeldLines(db: Db, companyId: string): Promise<HeldLine[]> {
  const rows = await db
    .selectFrom('pay_lines as l')
    .select([...LINE_COLUMNS.map((column) => `l.${column}` as const), 'l.period_start'])
    .where('l.company_id', '=', companyId)
    .where('l.held_cents', '>', 0)
    .where(({ not, exists, selectFrom }) =>
      not(
        exists(
          selectFrom('pay_lines as r')
            .select(sql`1`.as('one'))
            .whereRef('r.company_id', '=', 'l.company_id')
            .where('r.key', '=', sql<string>`'release:' || l.key`),
        ),
      ),
    )
    .execute()
  return rows.map((row) => {
    const { carriedFrom: _carried, ...line } = toLine(row)
    return { ...line, periodStart: row.period_start }
  })
}

export async function insertLines(trx: Transaction<DB>, companyId: string, periodStart: string, lines: PeriodLine[]) {
  await copyRows(
    trx,
    'pay_lines',
    lines.map((line) => ({
      company_id: companyId,
      period_start: periodStart,
      key: line.key,
      event_key: line.eventKey,
      kind: line.kind,
      profile_id: line.profileId,
      occurred_on: line.occurredOn,
      case_key: line.caseKey,
      case_label: line.caseLabel,
      rule_id: line.ruleId,
      amount_cents: line.amountCents,
      held_cents: line.heldCents,
      carried_from: line.carriedFrom,
      explanation: line.explanation,
    })),
  )
}

/** Where each case opens in the app: an order by its id, an RDN case by its case number. */
export async function caseHrefs(db: Db, companyId: string, caseKeys: Iterable<string>): Promise<Map<string, string>> {
  const hrefs = new Map<string, string>()
  const rdnIds: string[] = []
  for (const key of caseKeys) {
    if (key.startsWith('order:')) hrefs.set(key, `/order/${key.slice(6)}`)
    else if (key.startsWith('rdn:')) rdnIds.push(key.slice(4))
  }
  if (rdnIds.length) {
    const rows = await db
      .selectFrom('rdn_cases')
      .select(['id', 'case_id'])
      .where('company_id', '=', companyId)
      .where('id', 'in', rdnIds)
      .execute()
    for (const row of rows) hrefs.set(`rdn:${row.id}`, `/cases/${row.case_id}`)
  }
  return hrefs
}
