import type { Kysely } from 'kysely'
import { sql } from 'kysely'
import { detectCaseMarket } from '../../../domain/cases/market-detection'
import { type RowProblem, validateRdnCases } from '../../../domain/cases/rdn-case-input'
import type { DB } from '../../db/schema'

export type SyncResult = { upserted: number; deleted: number; problems: RowProblem[] }

async function loadMarketByZip(db: Kysely<DB>, companyId: string): Promise<Map<string, string>> {
  const rows = await db
    .selectFrom('market_zip_codes')
    .select(['zip_code', 'market'])
    .where('company_id', '=', companyId)
    .where('active', '=', true)
    .execute()
  return new Map(rows.map((row) => [row.zip_code, row.market]))
}

/**
 * Upserts a batch of external cases by case_id into the company (idempotent: the same batch
 * twice changes nothing more), with the list's market detection stored on each row. Bad rows
 * are reported one by one; the good ones are kept. One statement, so one live-update signal.
 */
export async function syncRdnCases(
  db: Kysely<DB>,
  companyId: string,
  rows: unknown[],
  deleteCaseIds: number[] = [],
): Promise<SyncResult> {
  const { valid, problems } = validateRdnCases(rows)
  // The last copy of a case in the batch wins.
  const byCaseId = new Map(valid.map((row) => [row.case_id, row]))
  const marketByZip = await loadMarketByZip(db, companyId)
  const values = [...byCaseId.values()].map((row) => {
    const detection = detectCaseMarket(row, marketByZip)
    return {
      ...row,
      company_id: companyId,
      detected_market: detection.market,
      market_confidence: detection.confidence,
      market_detection_method: detection.method,
    }
  })
  let deleted = 0
  await db.transaction().execute(async (trx) => {
    if (values.length > 0) {
      const columns = Object.keys(values[0]).filter(
        (column) => column !== 'company_id' && column !== 'case_id',
      ) as Array<keyof (typeof values)[number]>
      await trx
        .insertInto('rdn_cases')
        .values(values)
        .onConflict((conflict) =>
          conflict.columns(['company_id', 'case_id']).doUpdateSet((eb) => ({
            ...Object.fromEntries(
              columns.map((column) => [column, eb.ref(`excluded.${String(column)}` as 'excluded.status')]),
            ),
            updated_at: sql`now()`,
          })),
        )
        .execute()
    }
    if (deleteCaseIds.length > 0) {
      const result = await trx
        .deleteFrom('rdn_cases')
        .where('company_id', '=', companyId)
        .where('case_id', 'in', deleteCaseIds)
        .executeTakeFirst()
      deleted = Number(result.numDeletedRows)
    }
  })
  return { upserted: values.length, deleted, problems }
}

/**
 * After the company's ZIP table changed: re-detects the market of the cases whose debtor,
 * recovery or additional ZIP is one of `zipCodes`, in one statement.
 */
export async function redetectCaseMarkets(db: Kysely<DB>, companyId: string, zipCodes: string[]): Promise<number> {
  if (zipCodes.length === 0) return 0
  const result = await sql`
    update rdn_cases c set
      detected_market = coalesce(d.market, r.market, a.market, 'Unknown'),
      market_confidence = case when d.market is not null then 95 when r.market is not null then 85 when a.market is not null then 70 else 0 end,
      market_detection_method = case when d.market is not null then 'debtor_zip' when r.market is not null then 'recovery_zip'
        when a.market is not null then 'additional_zip' else 'no_match' end,
      updated_at = now()
    from rdn_cases base
    left join market_zip_codes d on d.company_id = base.company_id and d.active and d.zip_code = trim(base.debtor_zip)
    left join market_zip_codes r on r.company_id = base.company_id and r.active and r.zip_code = trim(base.recovery_zip)
    left join market_zip_codes a on a.company_id = base.company_id and a.active and a.zip_code = trim(base.additional_zip)
    where c.id = base.id and c.company_id = ${companyId}
      and (trim(c.debtor_zip) = any(${zipCodes}::text[]) or trim(c.recovery_zip) = any(${zipCodes}::text[])
        or trim(c.additional_zip) = any(${zipCodes}::text[]))`.execute(db)
  return Number(result.numAffectedRows ?? 0)
}
