import { type Kysely, sql, type Transaction } from 'kysely'
import { type RowProblem, type ValidRdnCase, validateRdnCases } from '../../../domain/cases/rdn-case-input'
import { chunksForParameters } from '../../db/parameter-chunks'
import type { DB } from '../../db/schema'
import { setChangeActor } from '../../records/change-actor'

export type SyncResult = { upserted: number; deleted: number; problems: RowProblem[] }

type CaseColumn = Exclude<keyof ValidRdnCase['row'], 'case_id'>

/** Rows that sent the same fields are written in one statement. */
function groupBySentFields(rows: ValidRdnCase[]): ValidRdnCase[][] {
  const groups = new Map<string, ValidRdnCase[]>()
  for (const row of rows) {
    const key = [...row.sent].sort().join(',')
    groups.set(key, [...(groups.get(key) ?? []), row])
  }
  return [...groups.values()]
}

async function upsertGroup(trx: Transaction<DB>, companyId: string, group: ValidRdnCase[]) {
  const columns = group[0].sent as CaseColumn[]
  for (const chunk of chunksForParameters(group, columns.length + 2)) await upsertChunk(trx, companyId, columns, chunk)
}

async function upsertChunk(trx: Transaction<DB>, companyId: string, columns: CaseColumn[], group: ValidRdnCase[]) {
  const values = group.map(({ row }) => ({
    company_id: companyId,
    case_id: row.case_id,
    ...Object.fromEntries(columns.map((column) => [column, row[column]])),
  }))
  await trx
    .insertInto('rdn_cases')
    .values(values)
    .onConflict((conflict) => {
      const target = conflict.columns(['company_id', 'case_id'])
      if (columns.length === 0) return target.doNothing()
      return (
        target
          .doUpdateSet((eb) => ({
            ...Object.fromEntries(columns.map((column) => [column, eb.ref(`excluded.${column}` as 'excluded.status')])),
            updated_at: sql`now()`,
          }))
          // A copy of what is already there changes nothing: no new updated_at, no live signal.
          .where((eb) =>
            eb.or(
              columns.map((column) =>
                eb(
                  `rdn_cases.${column}` as 'rdn_cases.status',
                  'is distinct from',
                  eb.ref(`excluded.${column}` as 'excluded.status'),
                ),
              ),
            ),
          )
      )
    })
    .execute()
}

/**
 * Upserts a batch of external cases by case_id into the company. Only the fields a row sends are
 * written (a partial row never erases the rest); the same batch twice changes nothing more; bad
 * rows are reported one by one and the good ones kept; markets are re-detected from the stored
 * rows. Deletes by case_id. One transaction, so one live-update signal per kind of change.
 */
export async function syncRdnCases(
  db: Kysely<DB>,
  companyId: string,
  rows: unknown[],
  deleteCaseIds: number[] = [],
): Promise<SyncResult> {
  const { valid, problems } = validateRdnCases(rows)
  let deleted = 0
  await db.transaction().execute(async (trx) => {
    await setChangeActor(trx, { profileId: null, source: 'sync' })
    for (const group of groupBySentFields(valid)) await upsertGroup(trx, companyId, group)
    if (valid.length > 0) await redetectMarkets(trx, companyId, { caseIds: valid.map(({ row }) => row.case_id) })
    if (deleteCaseIds.length > 0) {
      const result = await trx
        .deleteFrom('rdn_cases')
        .where('company_id', '=', companyId)
        .where('case_id', 'in', deleteCaseIds)
        .executeTakeFirst()
      deleted = Number(result.numDeletedRows)
    }
  })
  return { upserted: valid.length, deleted, problems }
}

/**
 * SPEC.md section 9's list market detection, set-based: debtor ZIP 95, recovery ZIP 85,
 * additional ZIP 70, else 'Unknown' 0; only rows whose detection changes are written.
 */
async function redetectMarkets(
  db: Kysely<DB>,
  companyId: string,
  which: { caseIds: number[] } | { zipCodes: string[] },
): Promise<number> {
  const scope =
    'caseIds' in which
      ? sql`c.case_id = any(${which.caseIds}::bigint[])`
      : sql`(trim(c.debtor_zip) = any(${which.zipCodes}::text[]) or trim(c.recovery_zip) = any(${which.zipCodes}::text[])
          or trim(c.additional_zip) = any(${which.zipCodes}::text[]))`
  const result = await sql`
    with detected as (
      select c.id,
        coalesce(d.market, r.market, a.market, 'Unknown') as market,
        case when d.market is not null then 95 when r.market is not null then 85 when a.market is not null then 70 else 0 end as confidence,
        case when d.market is not null then 'debtor_zip' when r.market is not null then 'recovery_zip'
          when a.market is not null then 'additional_zip' else 'no_match' end as method
      from rdn_cases c
      left join market_zip_codes d on d.company_id = c.company_id and d.active and d.zip_code = trim(c.debtor_zip)
      left join market_zip_codes r on r.company_id = c.company_id and r.active and r.zip_code = trim(c.recovery_zip)
      left join market_zip_codes a on a.company_id = c.company_id and a.active and a.zip_code = trim(c.additional_zip)
      where c.company_id = ${companyId} and ${scope}
    )
    update rdn_cases c set detected_market = detected.market, market_confidence = detected.confidence,
      market_detection_method = detected.method, updated_at = now()
    from detected
    where c.id = detected.id
      and (c.detected_market, c.market_confidence, c.market_detection_method) is distinct from (detected.market, detected.confidence, detected.method)`.execute(
    db,
  )
  return Number(result.numAffectedRows ?? 0)
}

/** After the company's ZIP table changed: re-detects the cases with one of these ZIPs. */
export function redetectCaseMarkets(db: Kysely<DB>, companyId: string, zipCodes: string[]): Promise<number> {
  return zipCodes.length === 0 ? Promise.resolve(0) : redetectMarkets(db, companyId, { zipCodes })
}
