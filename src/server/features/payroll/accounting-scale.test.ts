import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { PeriodLine } from '../../../domain/payroll/assemble'
import { createTestApp, type TestApp } from '../../test/harness'
import { caseAmountsSql, caseSides, caseSidesSql, dailySumsSql, MONEY_SOURCES } from './accounting-repository'
import { paidBySide, paidTotal } from './paid-by-side'

// Issue 41 (timed at 1,000,000 cases: npm run bench:accounting): accounting finds each case's
// client and market by the case's id, not by a key built on every case of the company.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type PlanNode = {
  'Node Type'?: string
  'Relation Name'?: string
  'Index Name'?: string
  'Index Cond'?: string
  Filter?: string
  Plans?: PlanNode[]
}
const scansOf = (node: PlanNode): PlanNode[] => [
  ...(node['Relation Name'] ? [node] : []),
  ...(node.Plans ?? []).flatMap(scansOf),
]

const planOf = async (statement: Parameters<typeof sql>[1], ...settings: string[]) =>
  t.db.transaction().execute(async (trx) => {
    for (const setting of settings) await sql`set local ${sql.raw(setting)} = off`.execute(trx)
    const { rows } = await sql<{ 'QUERY PLAN': unknown }>`explain (format json) ${statement}`.execute(trx)
    const json = rows[0]['QUERY PLAN']
    return ((typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }])[0].Plan
  })

/** An order in Mobile and an RDN case in Birmingham, with no client. */
async function orderAndRdnCase(n: number) {
  const order = await t.db
    .insertInto('orders')
    .values({ company_id: t.companyId, order_number: `SCALE-${n}`, detected_market: 'Mobile' })
    .returning('id')
    .executeTakeFirstOrThrow()
  const rdnCase = await t.db
    .insertInto('rdn_cases')
    .values({ company_id: t.companyId, case_id: 8_200_000 + n, detected_market: 'Birmingham' })
    .returning('id')
    .executeTakeFirstOrThrow()
  return { order, rdnCase }
}

describe('accounting at scale (issue 41)', () => {
  it("reads each case's client and market by its id (primary key), orders and RDN cases alike", async () => {
    const { order, rdnCase } = await orderAndRdnCase(1)
    const keys = [`order:${order.id}`, `rdn:${rdnCase.id}`, 'rdn:not-a-uuid']
    const sides = await caseSides(t.db, t.companyId, keys)
    expect(Object.fromEntries(sides)).toEqual({
      [`order:${order.id}`]: { clientId: null, client: 'No client', market: 'Mobile' },
      [`rdn:${rdnCase.id}`]: { clientId: null, client: 'No client', market: 'Birmingham' },
    })

    // The condition is on the id column itself, which its primary key answers (as the planner does on
    // a large table), never on a text key built from each row of the company.
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await sql<{
        'QUERY PLAN': unknown
      }>`explain (format json) ${caseSidesSql(t.companyId, keys)}`.execute(trx)
      const json = rows[0]['QUERY PLAN']
      return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
    })
    const scans = scansOf(plan[0].Plan).filter((node) => ['orders', 'rdn_cases'].includes(node['Relation Name'] ?? ''))
    expect(scans.map((node) => node['Relation Name']).sort()).toEqual(['orders', 'rdn_cases'])
    for (const scan of scans) {
      const conditions = `${scan['Index Cond'] ?? ''} ${scan.Filter ?? ''}`
      expect(conditions).toMatch(/\(id = ANY \(/)
      expect(conditions).not.toContain('||')
    }
  })

  it("sums the chart's weeks per day from each table's date index, never a payment joined to its invoice (issue 42)", async () => {
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      await sql`set local enable_bitmapscan = off`.execute(trx)
      const { rows } = await sql<{
        'QUERY PLAN': unknown
      }>`explain (format json) ${dailySumsSql(t.companyId, { from: '2026-01-05', to: '2026-03-29' })}`.execute(trx)
      const json = rows[0]['QUERY PLAN']
      return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
    })
    const scans = scansOf(plan[0].Plan)
    expect(scans.map((node) => `${node['Relation Name']} ${node['Index Name']}`).sort()).toEqual([
      'invoice_payments invoice_payments_received_idx',
      'invoices invoices_sent_on_idx',
      'redemption_payments redemption_payments_received_idx',
      'vendor_costs vendor_costs_company_idx',
    ])
  })

  it("reads each amount's invoice and case by its id, row by row, never hashing every invoice, order or case (issue 42)", async () => {
    const plans = await Promise.all(
      MONEY_SOURCES.map((source) =>
        planOf(caseAmountsSql(t.companyId, { from: '2026-11-23', to: '2026-11-29' }, source), 'enable_seqscan'),
      ),
    )
    // Each scan with the node types above it.
    const withAncestors = (node: PlanNode, above: string[] = []): { node: PlanNode; above: string[] }[] => [
      { node, above },
      ...(node.Plans ?? []).flatMap((child) => withAncestors(child, [...above, node['Node Type'] ?? ''])),
    ]
    const lookups = plans
      .flatMap((plan) => withAncestors(plan))
      .filter(
        ({ node }) =>
          ['orders', 'rdn_cases', 'invoices'].includes(node['Relation Name'] ?? '') &&
          node['Index Name'] !== 'invoices_sent_on_idx',
      )
    expect([...new Set(lookups.map(({ node }) => node['Relation Name']))].sort()).toEqual([
      'invoices',
      'orders',
      'rdn_cases',
    ])
    for (const { node, above } of lookups) {
      expect(above.at(-1)).toBe('Limit')
      expect(above).not.toContain('Hash')
      expect(`${node['Index Cond'] ?? ''} ${node.Filter ?? ''}`).toMatch(/\(id = /)
    }
  })

  it("sums a kept period's pay per client and market, once per computation of its lines (issue 42)", async () => {
    const { order, rdnCase } = await orderAndRdnCase(2)
    const lines = [
      [`order:${order.id}`, 10_000],
      [`order:${order.id}`, 2_500],
      [`rdn:${rdnCase.id}`, 7_000],
      [null, -1_000],
    ].map(([caseKey, amountCents]) => ({ caseKey, amountCents })) as unknown as PeriodLine[]
    const sums = await paidBySide(t.db, t.companyId, lines)
    const side = (market: string) => ({ clientId: null, client: 'No client', market })
    expect(sums).toEqual(
      expect.arrayContaining([
        { client_id: null, client: null, case_side: side('Mobile'), cents: 12_500 },
        { client_id: null, client: null, case_side: side('Birmingham'), cents: 7_000 },
        { client_id: null, client: null, case_side: null, cents: -1_000 },
      ]),
    )
    expect(sums).toHaveLength(3)
    expect(paidTotal(lines)).toBe(18_500)
    // The same lines (kept) are summed once; lines computed again are summed again.
    expect(paidBySide(t.db, t.companyId, lines)).toBe(paidBySide(t.db, t.companyId, lines))
    expect(paidBySide(t.db, t.companyId, [...lines])).not.toBe(paidBySide(t.db, t.companyId, lines))
  })
})
