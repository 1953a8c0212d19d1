import { type Kysely, sql, type Transaction } from 'kysely'
import type { CaseFees } from '../../../domain/payroll/pricing'
import type { DB } from '../../db/schema'

type Db = Kysely<DB> | Transaction<DB>

/**
 * Invoices that bill a case: sent ones, each the newest of its revisions (a draft is not billed
 * yet; a rejected or written-off invoice that was resubmitted lives on as its revision).
 */
const BILLING = sql`i.status not in ('draft', 'rejected')
  and not exists (select 1 from invoices r where r.revision_of = i.id)`

/** Settled: paid in full, or short-paid and the rest written off (the lender paid all it will). */
const SETTLED = sql`(i.status = 'paid' or (i.status = 'written_off' and i.paid_cents > 0))`

/**
 * Each case's invoice lines summed per fee type (billed and collected), and the day its lender
 * paid them in full (null while anything is owed, or when nothing was invoiced).
 */
export async function caseFees(db: Db, companyId: string, caseKeys: string[]) {
  const found = new Map<string, { fees: CaseFees; paidOn: string | null }>()
  if (caseKeys.length === 0) return found
  const [lines, paid] = await Promise.all([
    sql<{ case_key: string; fee_type: string; billed: number; collected: number }>`
      select i.case_key, l.fee_type, sum(l.billed_cents)::bigint as billed, sum(l.paid_cents)::bigint as collected
      from invoices i join invoice_lines l on l.invoice_id = i.id
      where i.company_id = ${companyId} and i.case_key = any(${caseKeys}::text[]) and ${BILLING}
      group by i.case_key, l.fee_type`.execute(db),
    paidDays(db, companyId, caseKeys),
  ])
  for (const row of lines.rows) {
    let entry = found.get(row.case_key)
    if (!entry) {
      entry = { fees: {}, paidOn: paid.get(row.case_key) ?? null }
      found.set(row.case_key, entry)
    }
    entry.fees[row.fee_type] = { billedCents: Number(row.billed), collectedCents: Number(row.collected) }
  }
  return found
}

/** The day each case's billing invoices were all settled: its last payment's day. */
export async function paidDays(db: Db, companyId: string, caseKeys: string[]): Promise<Map<string, string>> {
  if (caseKeys.length === 0) return new Map()
  const result = await sql<{ case_key: string; paid_on: string | null }>`
    select i.case_key, to_char(max(p.received_on), 'YYYY-MM-DD') as paid_on
    from invoices i left join invoice_payments p on p.invoice_id = i.id
    where i.company_id = ${companyId} and i.case_key = any(${caseKeys}::text[]) and ${BILLING}
    group by i.case_key
    having bool_and(${SETTLED})`.execute(db)
  return new Map(result.rows.filter((row) => row.paid_on !== null).map((row) => [row.case_key, row.paid_on as string]))
}
