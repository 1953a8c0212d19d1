import { sql } from 'kysely'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestApp, type TestApp } from '../../test/harness'
import { feeRequestsPage } from './fee-request-repository'

// Issue 42: the open fee requests (Waiting and Requested), newest first, are a page read in an
// index's order (migration 051), not every open request of the company sorted (125,000 on disk);
// the summary's counts per status are kept by the database (migration 058).

let t: TestApp
let manager: Awaited<ReturnType<TestApp['createUser']>>
beforeAll(async () => {
  t = await createTestApp()
  manager = await t.createUser('manager')
})
afterAll(() => t?.close())

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] }
const nodesOf = (node: PlanNode): PlanNode[] => [node, ...(node.Plans ?? []).flatMap(nodesOf)]

describe('open fee requests at scale (issue 42)', () => {
  it('lists the open requests newest first (ties by id) from the index that holds that order', async () => {
    const moments = ['2026-03-01T10:00:00Z', '2026-03-02T10:00:00Z', '2026-03-02T10:00:00Z', '2026-03-03T10:00:00Z']
    const statuses = ['waiting', 'requested', 'waiting', 'approved'] as const
    const made = await t.db
      .insertInto('fee_requests')
      .values(
        moments.map((moment, index) => ({
          company_id: t.companyId,
          case_key: `order:none-${index}`,
          fee_type: 'Keys',
          amount_cents: 7_500,
          status: statuses[index],
          source: 'manual' as const,
          created_at: new Date(moment),
        })),
      )
      .returning(['id', 'status', 'created_at'])
      .execute()
    const expected = made
      .filter((row) => row.status !== 'approved')
      .sort((a, b) => b.created_at.getTime() - a.created_at.getTime() || (a.id < b.id ? 1 : -1))
      .map((row) => row.id)
    const listed = await t.request('GET', '/api/invoices/fee-requests?status=open', { cookie: manager.cookie })
    expect(listed.status, JSON.stringify(listed.json)).toBe(200)
    expect(listed.json.feeRequests.map((row: { id: string }) => row.id)).toEqual(expected)

    // Read in the index's order: no sort of the open requests, whatever the table's size.
    const nodes = await t.db.transaction().execute(async (trx) => {
      await sql`set local enable_seqscan = off`.execute(trx)
      const page = feeRequestsPage(trx, {
        companyId: t.companyId,
        statuses: ['waiting', 'requested'],
        caseKey: null,
        limit: 51,
        offset: 0,
      })
      const [row] = await page.explain('json')
      const json = row['QUERY PLAN']
      const plan = (typeof json === 'string' ? JSON.parse(json) : json) as [{ Plan: PlanNode }]
      return nodesOf(plan[0].Plan)
    })
    expect(nodes.map((node) => node['Node Type'])).not.toContain('Sort')
    expect(nodes.find((node) => node['Relation Name'] === 'fee_requests')?.['Index Name']).toBe('fee_requests_open_idx')
  })

  it('counts the requests of each status as the database keeps them (migration 058), through every kind of change', async () => {
    const summary = async () => {
      const answer = await t.request('GET', '/api/invoices/summary', { cookie: manager.cookie })
      expect(answer.status, JSON.stringify(answer.json)).toBe(200)
      return answer.json.feeRequests
    }
    const grouped = async () => {
      const rows = await t.db
        .selectFrom('fee_requests')
        .select(['status', (eb) => eb.fn.countAll<string>().as('n')])
        .where('company_id', '=', t.companyId)
        .groupBy('status')
        .execute()
      const count = (status: string) => Number(rows.find((row) => row.status === status)?.n ?? 0)
      return {
        waiting: count('waiting'),
        requested: count('requested'),
        approved: count('approved'),
        declined: count('declined'),
      }
    }
    const before = await summary()
    expect(before).toEqual(await grouped())
    // Several rows in one statement, a move between statuses, a delete.
    const made = await t.db
      .insertInto('fee_requests')
      .values(
        ['waiting', 'waiting', 'requested'].map((status, index) => ({
          company_id: t.companyId,
          case_key: `order:counted-${index}`,
          fee_type: 'Keys',
          amount_cents: 5_000,
          status: status as 'waiting',
          source: 'manual' as const,
        })),
      )
      .returning('id')
      .execute()
    await t.db.updateTable('fee_requests').set({ status: 'declined' }).where('id', '=', made[0].id).execute()
    await t.db.deleteFrom('fee_requests').where('id', '=', made[1].id).execute()
    const after = await summary()
    expect(after).toEqual(await grouped())
    expect(after).toEqual({
      ...before,
      requested: before.requested + 1,
      declined: before.declined + 1,
    })
    // The summary reads the kept counts, not the requests themselves.
    await t.db
      .updateTable('fee_request_status_counts')
      .set((eb) => ({ requests: eb('requests', '+', 100) }))
      .where('company_id', '=', t.companyId)
      .where('status', '=', 'declined')
      .execute()
    expect((await summary()).declined).toBe(after.declined + 100)
  })
})
