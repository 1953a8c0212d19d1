import { type Kysely, sql, type Transaction } from 'kysely'
import type { DB } from '../db/schema'

// What a release statement or a notice letter names: the vehicle, its VIN, the debtor and the
// debtor's mailing address (never the lot's).

type Db = Kysely<DB> | Transaction<DB>

export type CaseParticulars = {
  vehicle: string
  vin: string | null
  debtorName: string | null
  debtorAddress: string[]
}

const vehicleText = (year: number | null, make: string | null, model: string | null) =>
  [year, make, model].filter(Boolean).join(' ') || 'Vehicle'

const addressLines = (street: string | null, city: string | null, state: string | null, zip: string | null) =>
  [
    street?.trim(),
    [city?.trim(), [state?.trim(), zip?.trim()].filter(Boolean).join(' ')].filter(Boolean).join(', '),
  ].filter((line): line is string => Boolean(line))

/** The particulars of an order or RDN case by id (one of the two). */
export async function caseParticulars(
  db: Db,
  companyId: string,
  ids: { orderId: string | null; rdnCaseId: string | null },
): Promise<CaseParticulars> {
  if (ids.orderId) {
    const o = await db
      .selectFrom('orders')
      .select([
        'year',
        'make',
        'model',
        'vin',
        sql<
          string | null
        >`coalesce(nullif(borrower_name, ''), nullif(concat_ws(' ', borrower_first_name, borrower_last_name), ''))`.as(
          'debtor',
        ),
        'borrower_address',
        'borrower_city',
        'borrower_state',
        'borrower_zip',
      ])
      .where('company_id', '=', companyId)
      .where('id', '=', ids.orderId)
      .executeTakeFirstOrThrow()
    return {
      vehicle: vehicleText(o.year, o.make, o.model),
      vin: o.vin,
      debtorName: o.debtor,
      debtorAddress: addressLines(o.borrower_address, o.borrower_city, o.borrower_state, o.borrower_zip),
    }
  }
  const c = await db
    .selectFrom('rdn_cases')
    .select([
      'year',
      'make',
      'model',
      'vin',
      'debtor_display_name',
      'debtor_address',
      'debtor_city',
      'debtor_state',
      'debtor_zip',
    ])
    .where('company_id', '=', companyId)
    .where('id', '=', ids.rdnCaseId as string)
    .executeTakeFirstOrThrow()
  return {
    vehicle: vehicleText(c.year, c.make, c.model),
    vin: c.vin,
    debtorName: c.debtor_display_name,
    debtorAddress: addressLines(c.debtor_address, c.debtor_city, c.debtor_state, c.debtor_zip),
  }
}
