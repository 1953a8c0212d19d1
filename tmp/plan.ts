import { CompiledQuery } from 'kysely'
import { connectDatabase } from '../src/server/db/connect'
import { caseRecoveries } from '../src/server/features/map/activity-repository'

const { db } = await connectDatabase({ kind: 'postgres', url: 'postgres://postgres@127.0.0.1:55440/bench_lead' })
const company = await db.selectFrom('companies').select('id').where('name', '=', 'Bench Co').executeTakeFirstOrThrow()
const client = await db.selectFrom('clients').select('id').where('company_id', '=', company.id).executeTakeFirstOrThrow()
const day = (n: number) => new Date(Date.now() - n * 86_400_000)
for (const filter of [
  { markets: [], rdnAgents: null, clientId: null },
  { markets: ['Mobile'], rdnAgents: ['RDN-AG-9'], clientId: client.id },
]) {
  const query = caseRecoveries(
    db,
    { companyId: company.id, statuses: [], orderAgent: null, since: null, until: null, spotted: null, nothing: false, ...filter } as never,
    { since: day(30), until: day(1) } as never,
    5,
  ).compile()
  const { rows } = await db.executeQuery<{ 'QUERY PLAN': string }>(
    CompiledQuery.raw(`explain (analyze) ${query.sql}`, [...query.parameters]),
  )
  console.log(rows.map((row) => row['QUERY PLAN']).join('\n'))
}
process.exit(0)
