import { type Kysely, sql } from 'kysely'
import { mayAutoCreate } from '../../../domain/import/clients'
import { columnIndexes, importReadiness } from '../../../domain/import/headers'
import { detectImportMarket } from '../../../domain/import/market'
import { type ImportResult, type ImportRowError, importMessages } from '../../../domain/import/messages'
import { type PastedRecord, parsePastedText } from '../../../domain/import/parse'
import { type ImportRow, readCaseNumber, readImportRow } from '../../../domain/import/row'
import { findSubStatus } from '../../../domain/import/sub-status'
import type { Viewer } from '../../app-env'
import type { DB } from '../../db/schema'
import { badRequest } from '../../http/app-error'
import { cityCentre, zipCentre } from '../../integrations/geocoding/offline-zip-geocoder'
import { yieldToEventLoop } from '../../lib/yield-to-event-loop'
import { recordAudit } from '../../records/audit'
import { type ImportContext, loadImportContext } from './context'
import { type BatchWrite, type PlannedRow, writeBatch } from './write-batch'

export type ImportSettings = { skipDuplicates: boolean; autoCreateClients: boolean; randomizeNames: boolean }
export type ImportProgress = { processed: number; total: number }

/** Rows per transaction (one JSON insert each). */
export const IMPORT_BATCH_SIZE = 1_000
/** Batches being written at once: on PostgreSQL they use separate connections; PGlite queues them. */
const WRITES_IN_FLIGHT = 2

type Outcome =
  | { kind: 'error'; message: string }
  | { kind: 'duplicate' }
  /** `warnings`: problems reported about a row imported all the same (an unknown sub-status). */
  | { kind: 'planned'; plan: PlannedRow; warnings: string[] }

/**
 * Imports pasted orders (SPEC.md section 5) for the viewer's company, in batches of 1,000 rows,
 * each batch one transaction. Every data row ends as imported, skipped duplicate or reported error.
 */
export async function importOrders(
  db: Kysely<DB>,
  viewer: Viewer,
  text: string,
  settings: ImportSettings,
  onProgress: (progress: ImportProgress) => Promise<void> | void = () => {},
  ip?: string,
): Promise<ImportResult> {
  const readiness = importReadiness(text)
  if (!readiness.ready) throw badRequest(readiness.reason, 'text')
  const { header, records } = parsePastedText(text)
  const columns = columnIndexes(header)
  // Looked up once for the whole paste: per batch, each lookup would scan the company's orders again.
  const pastedCaseNumbers = records.map((record) => readCaseNumber(record, columns))
  const context = await loadImportContext(db, viewer.companyId, pastedCaseNumbers)
  const existing = settings.skipDuplicates
    ? await existingCaseNumbers(db, viewer.companyId, pastedCaseNumbers)
    : new Set<string>()
  const seenCaseNumbers = new Set<string>()
  const result: ImportResult = { total: records.length, imported: 0, duplicates: 0, refused: 0, errors: [] }
  const now = Date.now()
  await onProgress({ processed: 0, total: records.length })

  // Batch i+1 is read and checked while batch i is written (up to WRITES_IN_FLIGHT at once), and
  // results are taken in batch order, so errors stay in row order and progress only moves forward.
  type Batch = {
    written: Promise<BatchWrite>
    refusals: ImportRowError[]
    warnings: ImportRowError[]
    duplicates: number
    processed: number
  }
  const inFlight: Batch[] = []
  const settle = async () => {
    const batch = inFlight.shift()
    if (!batch) return
    const written = await batch.written
    result.imported += written.imported
    result.duplicates += batch.duplicates
    result.refused += batch.refusals.length + written.errors.length
    // A stable sort: a row's sub-status problems come before its database error, as they happened.
    result.errors.push(...[...batch.refusals, ...batch.warnings, ...written.errors].sort((a, b) => a.line - b.line))
    await onProgress({ processed: batch.processed, total: records.length })
  }
  for (let start = 0; start < records.length; start += IMPORT_BATCH_SIZE) {
    // Progress lines (and other people's requests) go out between batches, on PGlite too.
    await yieldToEventLoop()
    const planned: PlannedRow[] = []
    const refusals: ImportRowError[] = []
    const warnings: ImportRowError[] = []
    let duplicates = 0
    const end = Math.min(start + IMPORT_BATCH_SIZE, records.length)
    for (let index = start; index < end; index++) {
      const record = records[index]
      const caseNumber = pastedCaseNumbers[index]
      const outcome = readAndPlan(record, columns, context, settings, existing, seenCaseNumbers, now)
      if (outcome.kind === 'error') refusals.push({ line: record.line, caseNumber, message: outcome.message })
      else if (outcome.kind === 'duplicate') duplicates++
      else {
        planned.push(outcome.plan)
        for (const message of outcome.warnings) warnings.push({ line: record.line, caseNumber, message })
        if (caseNumber) seenCaseNumbers.add(caseNumber)
      }
    }
    // Without duplicate skipping, a case number may come back in the next batch: its sub-status
    // links are checked against committed ones only, so such a batch waits for the one before.
    const linksMayRace = !settings.skipDuplicates && planned.some((plan) => plan.subStatusCodes.length > 0)
    while (linksMayRace && inFlight.length > 0) await settle()
    const written = writeBatch(db, viewer.companyId, context, planned, viewer.profileId)
    // Hold on to a rejection until the batch's turn comes, rather than leaving it unhandled.
    written.catch(() => {})
    inFlight.push({ written, refusals, warnings, duplicates, processed: end })
    // A batch that creates clients must commit before later rows are matched against them.
    const createsClients = planned.some((plan) => plan.newClient)
    while (inFlight.length >= WRITES_IN_FLIGHT || (createsClients && inFlight.length > 0)) await settle()
  }
  while (inFlight.length > 0) await settle()

  await recordAudit(db, {
    action: 'orders.imported',
    companyId: viewer.companyId,
    actorUserId: viewer.userId,
    detail: {
      rows: result.total,
      imported: result.imported,
      duplicates: result.duplicates,
      refused: result.refused,
      errors: result.errors.length,
      settings,
    },
    ip,
  })
  return result
}

async function existingCaseNumbers(db: Kysely<DB>, companyId: string, pasted: string[]): Promise<Set<string>> {
  const caseNumbers = [...new Set(pasted.filter(Boolean))]
  if (caseNumbers.length === 0) return new Set()
  const found = await db
    .selectFrom('orders')
    .select('case_number')
    .distinct()
    .where('company_id', '=', companyId)
    .where(sql<boolean>`case_number = any(${caseNumbers}::text[])`)
    .execute()
  return new Set(found.map((row) => row.case_number as string))
}

/**
 * One record read and planned; whatever throws while doing so (a cell no rule foresaw) is that
 * row's 'Processing error', never the whole run's failure nor a lost row.
 */
function readAndPlan(
  record: PastedRecord,
  columns: ReturnType<typeof columnIndexes>,
  context: ImportContext,
  settings: ImportSettings,
  existing: Set<string>,
  seen: Set<string>,
  now: number,
): Outcome {
  try {
    const row = readImportRow(record, columns, { randomizeNames: settings.randomizeNames, now })
    return planRow(row, context, settings, existing, seen)
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    return { kind: 'error', message: importMessages.processingError(record.line, message) }
  }
}

/**
 * SPEC.md section 5's per-row rules, in its order: client, required cells, duplicate, sub-statuses.
 * An unknown sub-status does not stop the order (SPEC.md imports it, then reports the item).
 */
function planRow(
  row: ImportRow,
  context: ImportContext,
  settings: ImportSettings,
  existing: Set<string>,
  seen: Set<string>,
): Outcome {
  const error = (message: string): Outcome => ({ kind: 'error', message })
  if (row.unreadable) return error(importMessages.processingError(row.line, row.unreadable))
  const match = context.clients.match(row.clientName, row.lienholder)
  let newClient: PlannedRow['newClient'] = null
  if (!match.client) {
    if (!(settings.autoCreateClients && row.clientName && mayAutoCreate(match.suggestions))) {
      return error(importMessages.unknownClient(row.line, row.clientName, match.suggestions))
    }
    newClient = { name: row.clientName, lienholder: row.lienholder }
  }
  if (row.missing.length > 0) return error(importMessages.missing(row.line, row.missing[0], row.caseNumber))
  if (settings.skipDuplicates && row.caseNumber && (existing.has(row.caseNumber) || seen.has(row.caseNumber))) {
    return { kind: 'duplicate' }
  }
  const subStatusCodes: string[] = []
  const warnings: string[] = []
  for (const item of row.subStatuses) {
    const found = findSubStatus(item, context.subStatuses)
    if (!found) warnings.push(importMessages.subStatusNotFound(row.line, item))
    else if (!subStatusCodes.includes(found.code)) subStatusCodes.push(found.code)
  }
  const place = { zip: row.order.borrower_zip, city: row.order.borrower_city, state: row.order.borrower_state }
  const market = detectImportMarket(
    { ...place, address: row.order.borrower_address },
    context.zipTable,
    context.lots,
    () => zipCentre(place.zip) ?? cityCentre(place.city, place.state),
  )
  const order = row.order
  order.client_id = match.client?.id ?? null
  order.detected_market = market.market
  order.market_confidence = market.confidence
  order.market_detection_method = market.method
  return { kind: 'planned', plan: { row, newClient, subStatusCodes }, warnings }
}
