import type { Kysely, Transaction } from 'kysely'
import { type KnownClient, matchClient, normalizeClientName } from '../../../domain/import/clients'
import { importMessages } from '../../../domain/import/messages'
import { insertJsonRows } from '../../db/json-insert'
import type { DB } from '../../db/schema'
import type { ImportContext } from './context'
import type { PlannedRow } from './service'

export type RowError = { line: number; message: string }
export type BatchWrite = { imported: number; errors: RowError[] }

/**
 * Writes one batch in one transaction; if the database refuses it, each row is retried in its own
 * transaction so one bad row is reported ('Database error') and the others still land.
 */
export async function writeBatch(
  db: Kysely<DB>,
  companyId: string,
  context: ImportContext,
  planned: PlannedRow[],
): Promise<BatchWrite> {
  if (planned.length === 0) return { imported: 0, errors: [] }
  const write = async (rows: PlannedRow[]) => {
    const created = await db.transaction().execute((trx) => insertRows(trx, companyId, context, rows))
    // Known to later rows only once committed: a rolled-back client must not be matched.
    for (const { client, code } of created) context.clients.add(client, code)
  }
  try {
    await write(planned)
    return { imported: planned.length, errors: [] }
  } catch {
    const errors: RowError[] = []
    let imported = 0
    for (const plan of planned) {
      try {
        await write([plan])
        imported++
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        errors.push({ line: plan.row.line, message: importMessages.databaseError(plan.row.line, message) })
      }
    }
    return { imported, errors }
  }
}

const clientKey = (client: { name: string; lienholder: string | null }) =>
  `${normalizeClientName(client.name)}\u0000${normalizeClientName(client.lienholder)}`

async function insertRows(
  trx: Transaction<DB>,
  companyId: string,
  context: ImportContext,
  planned: PlannedRow[],
): Promise<{ client: KnownClient; code: string }[]> {
  const created: { client: KnownClient; code: string }[] = []
  const idByKey = new Map<string, string>()
  for (const { newClient } of planned) {
    if (!newClient || idByKey.has(clientKey(newClient))) continue
    // Created meanwhile by an earlier, committed write (a row retried alone after its batch failed).
    const committed = matchClient(context.clients.prepared, newClient.name, newClient.lienholder)
    if (committed.client) {
      idByKey.set(clientKey(newClient), committed.client.id)
      continue
    }
    const code = context.clients.uniqueCode(newClient.name, newClient.lienholder, new Set(created.map((c) => c.code)))
    const client = await trx
      .insertInto('clients')
      .values({
        company_id: companyId,
        name: newClient.name,
        lienholder_name: newClient.lienholder,
        client_code: code,
        active: true,
      })
      .returning(['id', 'name', 'lienholder_name'])
      .executeTakeFirstOrThrow()
    created.push({ client, code })
    idByKey.set(clientKey(newClient), client.id)
  }
  const orders = planned.map(({ order, newClient }) => ({
    ...order,
    company_id: companyId,
    client_id: newClient ? idByKey.get(clientKey(newClient)) : order.client_id,
  }))
  await insertJsonRows(trx, 'orders', orders)
  await insertSubStatusLinks(trx, companyId, planned)
  return created
}

/** Links each row's sub-statuses, only where its case number has no active link of that code yet. */
async function insertSubStatusLinks(trx: Transaction<DB>, companyId: string, planned: PlannedRow[]) {
  const wanted = planned.flatMap(({ row, subStatusCodes }) =>
    row.caseNumber ? subStatusCodes.map((code) => ({ caseNumber: row.caseNumber, code })) : [],
  )
  if (wanted.length === 0) return
  const existing = await trx
    .selectFrom('order_sub_statuses')
    .select(['case_number', 'sub_status_code'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .where('case_number', 'in', [...new Set(wanted.map((link) => link.caseNumber))])
    .execute()
  const have = new Set(existing.map((link) => `${link.case_number}\u0000${link.sub_status_code}`))
  const links = []
  for (const link of wanted) {
    const key = `${link.caseNumber}\u0000${link.code}`
    if (have.has(key)) continue
    have.add(key)
    links.push({ company_id: companyId, case_number: link.caseNumber, sub_status_code: link.code })
  }
  await insertJsonRows(trx, 'order_sub_statuses', links)
}
