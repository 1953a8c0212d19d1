import type { Kysely, Transaction } from 'kysely'
import { type KnownClient, normalizeClientName } from '../../../domain/import/clients'
import { type ImportRowError, importMessages } from '../../../domain/import/messages'
import type { ImportRow } from '../../../domain/import/row'
import { copyRows } from '../../db/bulk-insert'
import type { DB } from '../../db/schema'
import { setChangeActor } from '../../records/change-actor'
import { type ImportContext, subStatusLinkKey } from './context'

/** A row the import will write, with what it needs created or linked beside it. */
export type PlannedRow = {
  /** Its `order` carries the resolved client and market. */
  row: ImportRow
  /** Set when the row's client is to be created in this batch. */
  newClient: { name: string; lienholder: string | null } | null
  subStatusCodes: string[]
}

export type BatchWrite = { imported: number; errors: ImportRowError[] }

/**
 * Writes one batch in one transaction; if the database refuses it, each row is retried in its own
 * transaction so one bad row is reported ('Database error') and the others still land.
 */
export async function writeBatch(
  db: Kysely<DB>,
  companyId: string,
  context: ImportContext,
  planned: PlannedRow[],
  importerProfileId: string,
): Promise<BatchWrite> {
  if (planned.length === 0) return { imported: 0, errors: [] }
  const write = async (rows: PlannedRow[]) => {
    const { created, links } = await db.transaction().execute(async (trx) => {
      await setChangeActor(trx, { profileId: importerProfileId, source: 'import' })
      return insertRows(trx, companyId, context, rows)
    })
    // Known to later rows only once committed: a rolled-back client must not be matched.
    for (const { client, code } of created) context.clients.add(client, code)
    for (const link of links) context.subStatusLinks.add(link)
  }
  try {
    await write(planned)
    return { imported: planned.length, errors: [] }
  } catch {
    const errors: ImportRowError[] = []
    let imported = 0
    for (const plan of planned) {
      try {
        await write([plan])
        imported++
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error)
        const { line, caseNumber } = plan.row
        errors.push({ line, caseNumber, message: importMessages.databaseError(line, message) })
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
): Promise<{ created: { client: KnownClient; code: string }[]; links: string[] }> {
  const created: { client: KnownClient; code: string }[] = []
  const idByKey = new Map<string, string>()
  for (const { newClient } of planned) {
    if (!newClient || idByKey.has(clientKey(newClient))) continue
    // Created meanwhile by an earlier, committed write (a row retried alone after its batch failed).
    const committed = context.clients.match(newClient.name, newClient.lienholder)
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
  for (const { row, newClient } of planned) {
    row.order.company_id = companyId
    if (newClient) row.order.client_id = idByKey.get(clientKey(newClient)) ?? null
  }
  await holdReferences(
    trx,
    companyId,
    planned.map(({ row }) => row.order.client_id),
  )
  await copyRows(
    trx,
    'orders',
    planned.map(({ row }) => row.order),
  )
  const links = await insertSubStatusLinks(trx, companyId, context, planned)
  return { created, links }
}

/**
 * What a foreign key did per row, once per batch (docs/decisions/007): the company and the
 * batch's clients must exist in that company, and stay until the batch commits (a key-share lock
 * makes a concurrent delete wait, and then see the orders).
 */
async function holdReferences(trx: Transaction<DB>, companyId: string, clientIds: (string | null)[]) {
  const wanted = [...new Set(clientIds.filter((id): id is string => id !== null))]
  const [company, clients] = await Promise.all([
    trx.selectFrom('companies').select('id').where('id', '=', companyId).forKeyShare().executeTakeFirst(),
    wanted.length === 0
      ? []
      : trx
          .selectFrom('clients')
          .select('id')
          .where('company_id', '=', companyId)
          .where('id', 'in', wanted)
          .forKeyShare()
          .execute(),
  ])
  if (!company) throw new Error('company not found')
  if (clients.length !== wanted.length) throw new Error('client not found')
}

/**
 * Links each row's sub-statuses, only where its case number has no active link of that code yet
 * (as committed before this import or by its earlier batches); returns the keys it linked.
 */
async function insertSubStatusLinks(
  trx: Transaction<DB>,
  companyId: string,
  context: ImportContext,
  planned: PlannedRow[],
): Promise<string[]> {
  const linked = new Set<string>()
  const links = []
  for (const { row, subStatusCodes } of planned) {
    if (!row.caseNumber) continue
    for (const code of subStatusCodes) {
      const key = subStatusLinkKey(row.caseNumber, code)
      if (context.subStatusLinks.has(key) || linked.has(key)) continue
      linked.add(key)
      links.push({ company_id: companyId, case_number: row.caseNumber, sub_status_code: code })
    }
  }
  await copyRows(trx, 'order_sub_statuses', links)
  return [...linked]
}
