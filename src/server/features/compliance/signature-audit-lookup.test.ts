import { randomUUID } from 'node:crypto'
import { CompiledQuery, sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { signedAuditQuery } from './verification'

// Issue 42: verifying a signed request reads its signing's audit row from an index (migration 048),
// not by filtering every entry of the company's log (2,000,000 entries: npm run bench:issue41).

let t: TestApp
beforeAll(async () => {
  t = await createTestApp()
})
afterAll(() => t?.close())

type PlanNode = { 'Node Type': string; 'Index Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe('verifying a signed request (issue 42)', () => {
  it('finds the audit row of its signing by one index range', async () => {
    const query = signedAuditQuery(t.db, t.companyId, randomUUID()).compile()
    const plan = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const { rows } = await trx.executeQuery<{ 'QUERY PLAN': unknown }>(
        CompiledQuery.raw(`explain (format json) ${query.sql}`, [...query.parameters]),
      )
      const json = rows[0]['QUERY PLAN']
      return (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
    })
    const nodes = nodesOf(plan[0].Plan)
    expect(nodes.filter((node) => node['Index Name'] === 'audit_log_signature_idx')).toHaveLength(1)
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort')
  })
})
