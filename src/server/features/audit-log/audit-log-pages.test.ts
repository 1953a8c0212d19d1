import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { auditEntriesQuery } from './repository'

// Issue 41 (timed at 2,100,000 entries: npm run bench:audit-log): a page of the audit log, however
// deep, finds its entries from one index alone (migration 046) and reads only those.

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type PlanNode = { 'Node Type': string; 'Index Name'?: string; 'Relation Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe('audit log pages (issue 41)', () => {
  it("pages the company's entries from the index alone, newest first", async () => {
    const query = auditEntriesQuery(t.db, t.companyId, {
      caseKey: null,
      userId: null,
      limit: 51,
      offset: 99_950,
    }).compile()
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      )
      const json = rows[0]['QUERY PLAN']
      return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
    })
    const scans = nodesOf(plan[0].Plan).filter((node) => node['Index Name'] === 'audit_log_company_page_idx')
    expect(scans.map((node) => node['Node Type'])).toEqual(['Index Only Scan'])
  })
})
